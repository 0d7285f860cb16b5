import Foundation
import HTTPTypes
import HummingbirdCore
import KiwiServerCommands
import KiwiWire
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What makes a slow or greedy client cost nothing: every connection has a time to send its
/// request's head, its body and its next request, and a cap on open connections (per server and
/// per client address) is answered 503 at once rather than by accepting no more. Live streams
/// are counted apart: once a connection carries one it leaves the cap, and its heartbeats keep it.
final class ConnectionGuard: Sendable {
    struct Limits: Sendable {
        /// The times to send a request's head, its body, and the next request.
        var head, body, idle: TimeAmount
        /// Open connections at most, from one address at most, and live streams at most.
        var connections, perAddress, streams: Int
        var trustedProxies: [AddressRange]

        /// How often a running clock is looked at: four times in the shortest limit.
        var tick: TimeAmount { .nanoseconds(max(min(head.nanoseconds, body.nanoseconds, idle.nanoseconds) / 4, 10_000_000)) }
    }

    /// Descriptors kept for what is not a client's: the database's connections, the SQLite file,
    /// uploads being written, the listening socket.
    static let reservedFiles = 64

    /// The guard the arguments ask for, once the process's open-files limit is raised as far as
    /// it goes: by default the descriptors left after `reservedFiles` go half to connections,
    /// half to live streams. Answers the limit too.
    static func forServer(_ arguments: some AppArguments) -> (ConnectionGuard, openFiles: Int) {
        let openFiles = raiseOpenFilesLimit()
        return (ConnectionGuard(arguments, openFiles: openFiles), openFiles)
    }

    init(_ arguments: some AppArguments, openFiles: Int) {
        let half = max((openFiles - Self.reservedFiles) / 2, 1)
        self.limits = Limits(
            head: .nanoseconds(Int64(arguments.headTimeout * 1e9)),
            body: .nanoseconds(Int64(arguments.bodyTimeout * 1e9)),
            idle: .nanoseconds(Int64(arguments.idleTimeout * 1e9)),
            connections: arguments.maxConnections ?? half,
            perAddress: arguments.maxConnectionsPerAddress,
            streams: half,
            trustedProxies: arguments.trustedProxies.compactMap(AddressRange.init)
        )
    }

    /// Raises the soft open-files limit to the hard one (a systemd service starts at 1,024);
    /// answers the limit now in force.
    static func raiseOpenFilesLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// The limit in force, unchanged (a test's server in a process of its own kind).
    static func openFilesLimit() -> Int {
        var limit = rlimit()
        return getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? Int(clamping: limit.rlim_cur) : 1024
    }

    let limits: Limits
    private let counts = Mutex(Counts())

    private struct Counts {
        /// Connections that are not live streams, in all and by client address.
        var open = 0
        var byAddress: [String: Int] = [:]
        var streams = 0

        /// One connection from `address` leaves the cap (closed, or now a live stream).
        mutating func release(_ address: String?) {
            open -= 1
            if let address { byAddress[address] = byAddress[address].flatMap { $0 > 1 ? $0 - 1 : nil } }
        }
    }

    /// Open connections and live streams now (for `/metrics` and tests).
    var open: (connections: Int, streams: Int) { counts.withLock { ($0.open, $0.streams) } }

    /// Admits a new connection from `address` (nil: one that does not count per address), or refuses it.
    func admit(_ address: String?) -> Bool {
        counts.withLock { counts in
            guard counts.open < limits.connections else { return false }
            if let address {
                guard counts.byAddress[address, default: 0] < limits.perAddress else { return false }
                counts.byAddress[address, default: 0] += 1
            }
            counts.open += 1
            return true
        }
    }

    /// An admitted connection closed (wherever it closes: the admission leaves the pipeline).
    func left(_ address: String?, wasStream: Bool) {
        counts.withLock { counts in
            if wasStream { counts.streams -= 1 } else { counts.release(address) }
        }
    }

    /// An admitted connection now carries a live stream: it leaves the cap.
    func becameStream(_ address: String?) {
        counts.withLock { counts in
            counts.release(address)
            counts.streams += 1
        }
    }

    /// Whether connections from `address` are a trusted proxy's (counted in all, not per address).
    func isTrustedProxy(_ address: String) -> Bool { limits.trustedProxies.contains { $0.contains(address) } }

    /// Hummingbird's HTTP/1 server with this guard on every connection.
    func http1() -> HTTPServerBuilder {
        HTTPServerBuilder { responder in GuardedHTTP1(base: HTTP1Channel(responder: responder), guard: self) }
    }
}

/// A connection as `HTTP1Channel` sets it up, with the guard's two handlers: the admission in
/// front of everything (a refused connection gets its 503 before any byte is parsed) and the
/// clocks after the HTTP decoding (they see where a request's head, body and end are).
struct GuardedHTTP1: ServerChildChannel {
    let base: HTTP1Channel
    let `guard`: ConnectionGuard

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        let connection = GuardedConnection(guard: `guard`, address: channel.remoteAddress?.ipAddress)
        do {
            try channel.pipeline.syncOperations.addHandler(AdmissionHandler(connection: connection), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        var configuration = base.configuration
        let clocks = configuration.additionalChannelHandlers
        configuration.additionalChannelHandlers = { clocks() + [ConnectionClocks(connection: connection)] }
        return HTTP1Channel(responder: base.responder, configuration: configuration).setup(channel: channel, logger: logger)
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// One connection's place in the counts; used on its event loop only.
final class GuardedConnection: @unchecked Sendable {
    let `guard`: ConnectionGuard
    /// The address it counts under; nil for a trusted proxy's.
    let address: String?
    var admitted = false
    var isStream = false

    init(guard: ConnectionGuard, address: String?) {
        self.guard = `guard`
        self.address = address.flatMap { `guard`.isTrustedProxy($0) ? nil : $0 }
    }
}

/// Admits the connection or answers 503 and closes it, reading nothing of what it sends. An
/// admitted connection counts until it closes, and the handler leaves the pipeline: no read or
/// write of its passes through it.
final class AdmissionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let busy: ByteBuffer = {
        let body = #"{"error":"the server is busy; try again shortly","code":"unavailable"}"#
        return ByteBuffer(
            string:
                "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        )
    }()

    private let connection: GuardedConnection
    private var decided = false

    init(connection: GuardedConnection) {
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { decide(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        decide(context)
        context.fireChannelActive()
    }

    private func decide(_ context: ChannelHandlerContext) {
        guard !decided else { return }
        decided = true
        let connection = connection
        if connection.guard.admit(connection.address) {
            connection.admitted = true
            context.channel.closeFuture.whenComplete { _ in connection.guard.left(connection.address, wasStream: connection.isStream) }
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        KiwiMetrics.refusedConnections.increment()
        // The answer, then no more writing; the socket closes a moment later, so the client reads
        // the 503 rather than a reset.
        context.writeAndFlush(wrapOutboundOut(Self.busy)).whenComplete { _ in context.close(mode: .output, promise: nil) }
        context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
    }

    /// A refused connection's bytes go nowhere.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}

/// The connection's clocks: from its start until the head of its first request (`head`), between
/// a body's bytes (`body`), and from an answer until the next request's head (`idle`); none runs
/// while an answer is made or sent, so a live stream is never cut. A clock that runs out closes
/// the connection. A request only notes its deadline: one timer looks at it four times in the
/// shortest limit while a clock runs, so a request costs two readings of the time, not a timer set
/// and cancelled at each step.
final class ConnectionClocks: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connection: GuardedConnection
    /// When the running clock runs out; nil while none runs.
    private var deadline: NIODeadline?
    private var looking: Scheduled<Void>?
    private var readingBody = false

    init(connection: GuardedConnection) {
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        start(connection.guard.limits.head, context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline = nil
        looking?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            readingBody = true
            start(connection.guard.limits.body, context)
        case .body:
            start(connection.guard.limits.body, context)
        case .end:
            readingBody = false
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response) where response.headerFields[.contentType]?.hasPrefix("text/event-stream") == true:
            if connection.admitted, !connection.isStream {
                connection.isStream = true
                connection.guard.becameStream(connection.address)
            }
        case .end where !readingBody:
            start(connection.guard.limits.idle, context)
        default:
            break
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline = nil
        looking?.cancel()
        context.fireChannelInactive()
    }

    private func start(_ limit: TimeAmount, _ context: ChannelHandlerContext) {
        deadline = .now() + limit
        if looking == nil { look(in: connection.guard.limits.tick, context) }
    }

    private func look(in time: TimeAmount, _ context: ChannelHandlerContext) {
        looking = context.eventLoop.assumeIsolated().scheduleTask(in: time) { [self] in
            looking = nil
            guard let deadline else { return }
            if deadline <= .now() { context.close(promise: nil) } else { look(in: connection.guard.limits.tick, context) }
        }
    }
}
