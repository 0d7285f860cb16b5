import Foundation

/// How long answers to one kind of request may be reused.
public struct CachePolicy: Sendable, Hashable {
    /// A one-word name for logs and statistics, e.g. `details` (it goes into the cache header).
    public var kind: String
    public var timeToLive: TimeInterval

    public init(kind: String, timeToLive: TimeInterval) {
        self.kind = kind
        self.timeToLive = timeToLive
    }
}

/// An outgoing request. Only GET and HEAD requests are ever retried, coalesced or cached.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?
    /// Whose cache folder the answer goes to (the plugin's identifier).
    public var namespace: String
    /// nil: never cached (writes, and answers that depend on who is logged in unless scoped).
    public var cache: CachePolicy?
    /// Whose answer this is, for a cached answer that depends on who asks (a member's name):
    /// kept apart from everyone else's, and across that member's sessions.
    public var cacheScope: String?
    /// What the caller says the kept answer is (no spaces), kept beside it, so that it can revise
    /// its answers later by what they are rather than by their URLs (`ResponseCache.revise`).
    public var cacheLabel: String?
    /// Query items whose values are secrets, removed from logs and cache metadata.
    public var secretQueryItems: Set<String>
    /// Called with the bytes of the body sent so far (uploads show a progress bar).
    public var uploadProgress: (@Sendable (Int) -> Void)?
    /// How long it may take, where the policy's usual wait is too short (an upload of gigabytes).
    public var timeout: TimeInterval?
    /// What of a successful body to keep, applied before it is cached (drops large
    /// fields the caller never reads, such as images inlined in a list).
    public var slim: (@Sendable (Data) -> Data)?
    /// Whether a read that fails (a 5xx, a 429, a refused connection) is asked again before it is
    /// answered; false where the caller has a better way round than waiting.
    public var retried = true

    public init(
        method: String = "GET",
        url: URL,
        headers: [String: String] = [:],
        body: Data? = nil,
        namespace: String,
        cache: CachePolicy? = nil,
        secretQueryItems: Set<String> = []
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.namespace = namespace
        self.cache = cache
        self.secretQueryItems = secretQueryItems
    }

    public var isIdempotentRead: Bool { method == "GET" || method == "HEAD" }

    public var host: String { url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } ?? "" }

    /// The URL as it may be shown: secret query values replaced.
    public var redactedURL: String { Redaction.url(url, secretQueryItems: secretQueryItems) }
}

/// An answer, with where it came from.
public struct HTTPResponse: Sendable {
    public enum Origin: Sendable, Equatable {
        case network
        case cache
        /// An expired cache entry served because the network could not answer.
        case stale(age: TimeInterval)
    }

    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data
    public var origin: Origin
    /// How many times the request was sent again before this answer (a 5xx that stayed).
    public var retries: Int

    public init(status: Int, headers: [String: String] = [:], body: Data, origin: Origin = .network, retries: Int = 0) {
        self.status = status
        self.headers = headers
        self.body = body
        self.origin = origin
        self.retries = retries
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// What a transport throws when no HTTP answer came back.
public struct TransportError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable {
        /// The connection failed or was reset: worth a retry.
        case connection
        /// Nothing listens at the address (the server is stopped, or restarting): one short
        /// retry at most, then the command says so rather than wait.
        case refused
        /// No answer in time: worth a retry.
        case timeout
        /// The host's name does not resolve, or no route leads to it: the network is
        /// down or the name is wrong, and waiting will not help this command.
        case unreachable
    }
    public var reason: Reason
    public var detail: String

    public init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    public var description: String { detail }
}

/// An answer whose body goes on arriving (a Server-Sent Events stream): its head, and its
/// bytes as they come.
public struct HTTPStream: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: AsyncThrowingStream<Data, any Error>

    public init(status: Int, headers: [String: String], body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends one request and returns the whole answer; no retries, no cache.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest, timeout: TimeInterval) async throws -> HTTPResponse
    /// Sends one request and returns as soon as the answer's head arrives (within `timeout`);
    /// the body then arrives for as long as the server sends it.
    func open(_ request: HTTPRequest, timeout: TimeInterval) async throws -> HTTPStream
}

extension HTTPTransport {
    /// A transport that cannot stream answers with the whole body as one piece.
    public func open(_ request: HTTPRequest, timeout: TimeInterval) async throws -> HTTPStream {
        let response = try await send(request, timeout: timeout)
        return HTTPStream(
            status: response.status,
            headers: response.headers,
            body: AsyncThrowingStream { continuation in
                continuation.yield(response.body)
                continuation.finish()
            }
        )
    }
}

/// Removes secrets from what is shown.
public enum Redaction {
    /// Query item names that are secret whatever the caller said (a signed URL's signature is
    /// as good as a token until it expires).
    static let alwaysSecret: Set<String> = [
        "api_key", "apikey", "token", "access_token", "password", "session", "session_id", "key", "signature", "sig",
    ]

    public static func url(_ url: URL, secretQueryItems: Set<String> = []) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        let secret = alwaysSecret.union(secretQueryItems)
        components.queryItems = components.queryItems?.map { item in
            secret.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: "REDACTED") : item
        }
        components.user = nil
        components.password = nil
        return components.string ?? url.absoluteString
    }
}
