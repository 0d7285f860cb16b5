import Foundation

/// One request to a web API, relative to its client's base URL.
public struct APICall: Sendable {
    /// What a request sends as its body.
    public enum Body: Sendable {
        case json(any Encodable & Sendable)
        case form([(String, String)])
        case bytes(Data, contentType: String)
    }

    public var method: String
    public var path: String
    /// A whole URL instead of path and query, for query languages that are not `name=value` pairs (ERDDAP's).
    public var url: URL?
    public var query: [(String, String)]
    public var body: Body?
    public var headers: [String: String]
    /// nil: never cached (writes, answers that depend on who is logged in).
    public var cache: CachePolicy?
    /// Whose answer a cached one is, when it depends on who asks (see `HTTPRequest.cacheScope`).
    public var cacheScope: String?
    /// What the kept answer is, in the caller's words (see `HTTPRequest.cacheLabel`).
    public var cacheLabel: String?
    /// What a 404 means to the caller ("no movie with id 12"); nil for the client's default.
    public var notFound: ToolboxError?
    /// Called with the bytes of the body sent so far (uploads show a progress bar).
    public var uploadProgress: (@Sendable (Int) -> Void)?
    /// See `HTTPRequest.timeout`.
    public var timeout: TimeInterval?
    /// What of a successful body to keep before it is cached (see `HTTPRequest.slim`).
    public var slim: (@Sendable (Data) -> Data)?
    /// See `HTTPRequest.retried`.
    public var retried = true

    public init(
        _ path: String,
        method: String = "GET",
        query: [(String, String)] = [],
        body: Body? = nil,
        headers: [String: String] = [:],
        cache: CachePolicy? = nil,
        notFound: ToolboxError? = nil
    ) {
        self.method = method
        self.path = path
        self.url = nil
        self.query = query
        self.body = body
        self.headers = headers
        self.cache = cache
        self.notFound = notFound
    }

    /// A GET of a whole URL.
    public init(url: URL, cache: CachePolicy? = nil, notFound: ToolboxError? = nil) {
        self.init(url.path, cache: cache, notFound: notFound)
        self.url = url
    }
}

/// A non-2xx answer, as a client's own failure rules see it.
public struct APIFailure: Sendable {
    public var status: Int
    /// The server's own words, when its error body has them.
    public var message: String?
    /// The whole error body, for services whose failures carry codes.
    public var body: Data
    public var call: APICall
    /// Whether the request carried the user's credentials.
    public var authenticated: Bool
    /// The host that answered ("127.0.0.1:8080"), and how often the request was sent again first.
    public var host: String
    public var retries: Int

    /// " (the server's words)", or nothing: for the end of a message.
    public var said: String { message.map { " (\($0))" } ?? "" }

    public init(status: Int, message: String?, body: Data, call: APICall, authenticated: Bool, host: String = "", retries: Int = 0) {
        self.status = status
        self.message = message
        self.body = body
        self.call = call
        self.authenticated = authenticated
        self.host = host
        self.retries = retries
    }
}

/// A web API as a plugin calls it: requests against a base URL through the shared
/// `WebClient`, failures mapped to `ToolboxError` with the server's own message, and
/// answers decoded, or a `badData` error naming what could not be read.
public struct APIClient: Sendable {
    /// How messages name the service: "TMDB", "TrebleSurf", "the Kiwi server".
    public let service: String
    public let baseURL: URL
    /// Whose cache folder answers go to (the plugin's identifier).
    public let namespace: String
    /// Headers every request carries (credentials, `Accept`).
    public var headers: [String: String]
    /// Query items every request carries (an API key in the query).
    public var query: [(String, String)]
    /// Query items whose values are secrets, removed from logs.
    public var secretQueryItems: Set<String>
    /// The server's message in an error body.
    public var errorMessage: @Sendable (Data) -> String?
    /// The service's own reading of a failure; nil falls back to the common mapping.
    public var failure: @Sendable (APIFailure) -> ToolboxError?
    /// What to say when nothing answers at the service's address (refused, no route, no such
    /// name); nil keeps the transport's words. A timeout or a reset keeps them always.
    public var unreachable: ToolboxError?
    private let web: WebClient

    public init(
        service: String,
        baseURL: URL,
        namespace: String,
        web: WebClient,
        headers: [String: String] = [:],
        query: [(String, String)] = [],
        secretQueryItems: Set<String> = [],
        errorMessage: @escaping @Sendable (Data) -> String? = { _ in nil },
        failure: @escaping @Sendable (APIFailure) -> ToolboxError? = { _ in nil },
        unreachable: ToolboxError? = nil
    ) {
        self.service = service
        self.baseURL = baseURL
        self.namespace = namespace
        self.web = web
        self.headers = headers
        self.query = query
        self.secretQueryItems = secretQueryItems
        self.errorMessage = errorMessage
        self.failure = failure
        self.unreachable = unreachable
    }

    /// Sends the call; any answer but 2xx is thrown as a `ToolboxError`.
    @discardableResult
    public func send(_ call: APICall) async throws -> HTTPResponse {
        let request = try request(for: call)
        let response: HTTPResponse
        do {
            response = try await web.send(request)
        } catch let error as TransportError {
            throw unavailable(error)
        }
        guard !response.isSuccess else { return response }
        throw refusal(response.status, body: response.body, call: call, host: request.host, retries: response.retries)
    }

    /// Opens a long-lived answer (`WebClient.stream`): its bytes as they arrive. Failures are said
    /// as `send` says them, the server's own words included.
    public func stream(_ call: APICall) async throws -> AsyncThrowingStream<Data, any Error> {
        try await open(call).body
    }

    /// The same, with the answer's status and headers (a download's size or count, say).
    public func open(_ call: APICall) async throws -> HTTPStream {
        let request = try request(for: call)
        let stream: HTTPStream
        do {
            stream = try await web.stream(request)
        } catch let error as TransportError {
            throw unavailable(error)
        }
        guard (200..<300).contains(stream.status) else {
            var body = Data()
            for try await chunk in stream.body where body.count < 64 * 1024 { body += chunk }
            throw refusal(stream.status, body: body, call: call, host: request.host, retries: 0)
        }
        return stream
    }

    /// A non-2xx answer as this service's rules say it, else as the common mapping does.
    func refusal(_ status: Int, body: Data, call: APICall, host: String, retries: Int) -> ToolboxError {
        let failure = APIFailure(
            status: status,
            message: errorMessage(body),
            body: body,
            call: call,
            authenticated: call.headers["Authorization"] != nil || headers["Authorization"] != nil,
            host: host,
            retries: retries
        )
        return self.failure(failure) ?? commonError(failure)
    }

    /// No answer at all, told apart: nothing answers at the address, no answer in time, a
    /// connection that broke.
    func unavailable(_ error: TransportError) -> ToolboxError {
        switch error.reason {
        case .refused, .unreachable:
            unreachable ?? .unavailable(error.detail, hint: "check your network connection; --offline answers from the cache")
        case .timeout:
            .unavailable(error.detail, hint: "\(service) is slow or overloaded; try again later")
        case .connection:
            .unavailable(error.detail, hint: "check your network connection, or try again later")
        }
    }

    /// Sends the call and decodes its answer.
    public func decode<Answer: Decodable>(_ call: APICall, as type: Answer.Type = Answer.self) async throws -> Answer {
        try decode(Answer.self, from: try await send(call).body, what: call.path)
    }

    /// Decodes a body this service sent; `what` names it in the error.
    public func decode<Answer: Decodable>(_ type: Answer.Type, from body: Data, what: String) throws -> Answer {
        do {
            return try JSONDecoder().decode(Answer.self, from: body)
        } catch let error as ToolboxError {
            throw error
        } catch {
            throw ToolboxError.badData(
                "\(service) sent an answer toolbox cannot read (\(what))",
                hint: "try again later; if it persists, run with --refresh"
            )
        }
    }

    /// The full URL of a path, with the client's and the call's query items.
    public func url(_ path: String, query items: [(String, String)] = []) -> URL {
        (path.isEmpty ? baseURL : baseURL.appendingPathComponent(path)).appendingQuery(items + query)
    }

    func request(for call: APICall) throws -> HTTPRequest {
        var headers = self.headers.merging(call.headers) { _, call in call }
        var data: Data?
        switch call.body {
        case nil: break
        case .json(let value):
            headers["Content-Type"] = "application/json"
            data = try JSONEncoder().encode(value)
        case .form(let fields):
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            data = Data(URLQuery.encode(fields).utf8)
        case .bytes(let bytes, let contentType):
            headers["Content-Type"] = contentType
            data = bytes
        }
        var request = HTTPRequest(
            method: call.method,
            url: call.url ?? url(call.path, query: call.query),
            headers: headers,
            body: data,
            namespace: namespace,
            cache: call.cache,
            secretQueryItems: secretQueryItems
        )
        request.uploadProgress = call.uploadProgress
        request.timeout = call.timeout
        request.slim = call.slim
        request.cacheScope = call.cacheScope
        request.cacheLabel = call.cacheLabel
        request.retried = call.retried
        return request
    }

    /// The mapping every service shares, by status.
    func commonError(_ failure: APIFailure) -> ToolboxError {
        let said = failure.said
        switch failure.status {
        case 400, 413, 415, 422: return .usage("\(service) refused the request\(said)")
        case 401: return .authentication("\(service) did not accept the credentials\(said)")
        case 403: return .permission("\(service) denied access\(said)")
        case 404: return failure.call.notFound ?? .notFound("\(service) has nothing at \(failure.call.path)\(said)")
        case 409: return .conflict("\(service) refused: it exists already\(said)")
        case 429: return .rateLimited("\(service) is rate limiting\(said)")
        case 500..<600:
            let failed = failure.retries == 0 ? "failed" : "kept failing"
            return .unavailable(
                "\(failure.host) \(failed) (HTTP \(failure.status))\(WebClient.attempts(failure.retries))\(said)",
                hint: "the service has a problem; try again later"
            )
        default: return .failure("\(service) answered HTTP \(failure.status)\(said)", hint: "try again later")
        }
    }
}
