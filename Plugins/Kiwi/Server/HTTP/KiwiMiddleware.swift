import Foundation
import Hummingbird
import KiwiWire
import Logging
import PluginAPI
import Synchronization

/// Turns every failure into Kiwi's JSON error body (`message`, `status_code`, `error`);
/// Hummingbird's own error body has another shape. A path that exists with other methods is 405 with `Allow`.
struct KiwiErrorMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext
    let routes: RouteMethods

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && error.body == nil {
            // The router found no route: the path may still exist for other methods.
            let allowed = routes.methods(for: request.uri.path)
            guard !allowed.isEmpty else { return Self.response(KiwiHTTPError(.notFound, "no such route")) }
            var response = Self.response(
                KiwiHTTPError(.methodNotAllowed, "\(request.method) is not allowed here; use \(allowed.joined(separator: ", "))")
            )
            response.headers[.allow] = allowed.joined(separator: ", ")
            return response
        } catch {
            return Self.response(KiwiHTTPError.answering(error, logger: context.logger))
        }
    }

    static func response(_ error: KiwiHTTPError) -> Response {
        KiwiJSON.response(KiwiWire.Failure(message: error.message, statusCode: Int(error.status.code), error: error.code), status: error.status)
    }
}

/// Finds the caller from `Authorization: Bearer <token>` or the `session` cookie.
struct KiwiAuthMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext
    let store: any KiwiStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let token = Self.token(in: request) {
            let hash = KiwiTokens.hash(token)
            if let user = try await store.sessionUser(tokenHash: hash) {
                context.caller = user
                context.tokenHash = hash
            }
        }
        return try await next(request, context)
    }

    static func token(in request: Request) -> String? {
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            return authorization.dropFirst(7).trimmed
        }
        return request.cookies[SessionCookie.name]?.value
    }
}

/// One log line per request: method, path, status, milliseconds. Never a token or a query.
struct KiwiRequestLogMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        context.logger.info("\(request.method) \(request.uri.path) \(response.status.code) \(String(format: "%.1f", milliseconds)) ms")
        return response
    }
}

/// Session tokens: 256 random bits, kept by the server only as their SHA-256.
enum KiwiTokens {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func hash(_ token: String) -> String {
        Digest.sha256(token)
    }
}

/// The `session` cookie a browser keeps: the API's token, out of scripts' reach, sent only
/// to this site's own pages and top-level links (SameSite=Lax), and only over HTTPS when the
/// public URL is HTTPS.
enum SessionCookie {
    static let name = "session"

    static func set(_ token: String, secure: Bool) -> String {
        Cookie(name: name, value: token, path: "/", secure: secure, httpOnly: true, sameSite: .lax).description
    }

    static let cleared = "\(name)=; Path=/; Max-Age=0"
}

/// JSON responses.
enum KiwiJSON {
    static func response(_ value: some KiwiJSONWritable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        response(body: body(value), status: status, headers: headers)
    }

    /// The bytes of `value` as JSON.
    static func body(_ value: some KiwiJSONWritable) -> ByteBuffer {
        var writer = KiwiJSONWriter()
        value.write(into: &writer)
        return ByteBuffer(string: writer.text)
    }

    static func response(body: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: body))
    }
}

/// Five failed logins for a username within 15 minutes, and it waits for the oldest to
/// age out: kept in the store, so servers sharing a database throttle alike.
struct LoginThrottle: Sendable {
    let store: any KiwiStore
    var limit = 5
    var window: TimeInterval = 15 * 60

    /// Seconds until the username may try again; nil when it may now.
    func wait(for username: String) async throws -> Int? {
        let now = Date()
        let recent = try await store.loginFailures(username, since: now - window)
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((window - now.timeIntervalSince(oldest)).rounded(.up)))
    }

    func failed(_ username: String) async throws {
        let now = Date()
        try await store.recordLoginFailure(username, at: now, forgetting: now - window)
    }

    func succeeded(_ username: String) async throws { try await store.clearLoginFailures(username) }
}

/// The methods each route pattern answers, filled once every route is added.
final class RouteMethods: Sendable {
    private let patterns = Mutex<[(segments: [Substring], method: String)]>([])

    func load<Context>(_ router: Router<Context>) {
        patterns.withLock { $0 = router.routes.map { (segments: "\($0.path)".split(separator: "/"), method: "\($0.method)") } }
    }

    /// The methods of the most specific patterns `path` matches (a `{name}` parameter matches any
    /// one segment, `@{name}` any segment starting with `@`; `/users/me` is not `/users/{username}`).
    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/")
        func isParameter(_ segment: Substring) -> Bool { segment.contains("{") || segment.hasPrefix(":") }
        func matches(_ pattern: Substring, _ segment: Substring) -> Bool {
            if let brace = pattern.firstIndex(of: "{") { return segment.hasPrefix(pattern[..<brace]) }
            return pattern.hasPrefix(":") || pattern == segment
        }
        return patterns.withLock { patterns in
            let matching = patterns.filter { pattern in
                pattern.segments.count == segments.count && zip(pattern.segments, segments).allSatisfy(matches)
            }
            let literals = { (pattern: (segments: [Substring], method: String)) in pattern.segments.count { !isParameter($0) } }
            let best = matching.map(literals).max()
            return Array(Set(matching.filter { literals($0) == best }.map(\.method))).sorted()
        }
    }
}
