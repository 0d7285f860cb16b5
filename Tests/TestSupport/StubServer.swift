import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP server on 127.0.0.1 (random port) that tests script: canned
/// bodies, delays, 429 with `Retry-After`, 5xx, dropped connections, malformed
/// bodies; it counts requests per path and the most it had in flight at once.
/// Its port stays held for as long as it lives: once stopped it refuses connections, and no
/// other test's server can take the port and answer in its place.
public final class StubServer: Sendable {
    /// One scripted answer.
    public enum Reply: Sendable {
        case respond(status: Int, body: Data, headers: [String: String], delay: Duration)
        /// Close the connection without answering.
        case drop(delay: Duration)

        public static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:], delay: Duration = .zero) -> Reply {
            .respond(status: status, body: body, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, delay: delay)
        }

        public static func text(_ body: String, status: Int = 200, headers: [String: String] = [:], delay: Duration = .zero) -> Reply {
            .respond(status: status, body: Data(body.utf8), headers: headers, delay: delay)
        }

        public static func status(_ status: Int, headers: [String: String] = [:], delay: Duration = .zero) -> Reply {
            .json(Data(#"{"status_code":\#(status),"status_message":"stub \#(status)"}"#.utf8), status: status, headers: headers, delay: delay)
        }

        /// A 200 whose body is not valid JSON.
        public static let malformed = Reply.json(Data(#"{"results": [ {"id": 1,"#.utf8))
    }

    /// A request as the stub saw it.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var query: [String: String]
        public var headers: [String: String]
        public var body: Data
        public var receivedAt: ContinuousClock.Instant
        /// The status the stub answered with (0 for a dropped connection).
        public var status = 0
    }

    private struct State {
        var scripts: [String: [Reply]] = [:]
        var handlers: [String: @Sendable (Request) -> Reply] = [:]
        var requests: [Request] = []
        var inFlight = 0
        var maxInFlight = 0
    }

    private let state = Mutex(State())
    private let channel: Mutex<(any Channel)?> = Mutex(nil)
    private let connections: Mutex<[any Channel]> = Mutex([])
    public let port: Int
    private let held: TCPSocket

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(port: Int, held: TCPSocket) {
        (self.port, self.held) = (port, held)
    }

    /// Starts a server on a free port; or on the port `holder` keeps bound (`TCPSocket.sharedPort()`),
    /// which stays held, refusing connections, once this server stops.
    public static func start(sharing holder: TCPSocket? = nil) async throws -> StubServer {
        let held = try holder ?? TCPSocket.sharedPort()
        let box = Mutex<StubServer?>(nil)
        let reusePort = ChannelOptions.Types.SocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SO_REUSEPORT)
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(reusePort, value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    guard let server = box.withLock({ $0 }) else { throw ChannelError.ioOnClosedChannel }
                    server.connections.withLock { $0.append(channel) }
                    try channel.pipeline.syncOperations.addHandler(StubHandler(server: server))
                }
            }
        let channel = try await bootstrap.bind(host: "127.0.0.1", port: try held.boundPort()).get()
        let server = StubServer(port: channel.localAddress?.port ?? 0, held: held)
        box.withLock { $0 = server }
        server.channel.withLock { $0 = channel }
        return server
    }

    /// Stops listening and closes every open connection, so clients see a server that is gone.
    public func stop() async {
        let channel = self.channel.withLock { $0 }
        try? await channel?.close()
        for connection in connections.withLock({ $0 }) { try? await connection.close() }
    }

    /// Answers requests to `path` with these replies in turn; the last one repeats.
    public func route(_ path: String, _ replies: Reply...) {
        state.withLock { $0.scripts[path] = replies }
    }

    /// Answers requests to `path` by calling `handler`.
    public func route(_ path: String, handler: @escaping @Sendable (Request) -> Reply) {
        state.withLock { $0.handlers[path] = handler }
    }

    /// Every request received so far, oldest first.
    public var requests: [Request] { state.withLock { $0.requests } }

    public func requestCount(_ path: String? = nil) -> Int {
        state.withLock { state in path.map { p in state.requests.filter { $0.path == p }.count } ?? state.requests.count }
    }

    /// The most requests this server was answering at one moment.
    public var maxInFlight: Int { state.withLock { $0.maxInFlight } }

    fileprivate func received(_ request: Request) -> Reply {
        state.withLock { state in
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            let reply = Self.reply(to: request, from: &state)
            var answered = request
            if case .respond(let status, _, _, _) = reply { answered.status = status }
            state.requests.append(answered)
            return reply
        }
    }

    private static func reply(to request: Request, from state: inout State) -> Reply {
        if let handler = state.handlers[request.path] { return handler(request) }
        guard var script = state.scripts[request.path], !script.isEmpty else {
            return .json(Data(#"{"status_code":34,"status_message":"The resource you requested could not be found."}"#.utf8), status: 404)
        }
        let reply = script.count > 1 ? script.removeFirst() : script[0]
        state.scripts[request.path] = script
        return reply
    }

    fileprivate func finished() {
        state.withLock { $0.inFlight -= 1 }
    }
}

private final class StubHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: StubServer
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()

    init(server: StubServer) {
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.clear()
        case .body(var chunk):
            body.writeBuffer(&chunk)
        case .end:
            guard let head else { return }
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let components = URLComponents(string: head.uri)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        var headers: [String: String] = [:]
        for header in head.headers { headers[header.name.lowercased()] = header.value }
        let request = StubServer.Request(
            method: head.method.rawValue,
            path: components?.path ?? head.uri,
            query: query,
            headers: headers,
            body: Data(body.readableBytesView),
            receivedAt: .now
        )
        let reply = server.received(request)
        let loop = context.eventLoop.assumeIsolated()
        let server = self.server
        switch reply {
        case .drop(let delay):
            loop.scheduleTask(in: .nanoseconds(delay.nanoseconds)) {
                server.finished()
                context.close(promise: nil)
            }
        case .respond(let status, let body, let extra, let delay):
            loop.scheduleTask(in: .nanoseconds(delay.nanoseconds)) {
                var headers = HTTPHeaders(extra.map { ($0.key, $0.value) })
                headers.replaceOrAdd(name: "Content-Length", value: "\(body.count)")
                let responseHead = HTTPResponseHead(version: head.version, status: HTTPResponseStatus(statusCode: status), headers: headers)
                context.write(self.wrapOutboundOut(.head(responseHead)), promise: nil)
                context.write(self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
                server.finished()
                context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}

extension Duration {
    var nanoseconds: Int64 { components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000 }
}
