import Foundation
import HTTPTypes
import HummingbirdCore
import KiwiServerSettings
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

    /// A connection now carries a live stream (`LiveController` says so as it answers): it leaves
    /// the cap. Told on the connection's event loop, where its clocks and count live.
    func carriesStream(_ channel: any Channel) {
        channel.eventLoop.execute {
            (try? channel.pipeline.syncOperations.handler(type: ConnectionClocks.self))?.carriesStream()
        }
    }

    /// An admitted connection now carries a live stream: it leaves the cap.
    fileprivate func becameStream(_ address: String?) {
        counts.withLock { counts in
            counts.release(address)
            counts.streams += 1
        }
    }

    /// Whether connections from `address` are a trusted proxy's (counted in all, not per address).
    func isTrustedProxy(_ address: String) -> Bool { limits.trustedProxies.contains { $0.contains(address) } }

    /// Hummingbird's HTTP/1 server with this guard on every connection.
    func http1() -> HTTPServerBuilder { .http1(configuration: http1Configuration) }

    /// Each connection as `HTTP1Channel` sets it up, with the guard's two handlers after the HTTP
    /// decoding: the admission (a refused connection gets its 503 before any request reaches the
    /// router) and the clocks (they see where a request's head, body and end are). The wait for
    /// the next request is Hummingbird's own idle timeout (`HTTPConnectionStateHandler`), from an
    /// answer until the next head, never while one is made or sent. Hummingbird's own channel, not
    /// one of ours around it: its connection loop is compiled for it there, and one of ours ran it
    /// unspecialized, with larger frames, which a live stream's task keeps for hours.
    var http1Configuration: HTTP1Channel.Configuration {
        var configuration = HTTP1Channel.Configuration(idleTimeout: limits.idle)
        configuration.additionalChannelHandlers = { [self] in
            let connection = GuardedConnection(guard: self)
            return [AdmissionHandler(connection: connection), ConnectionClocks(connection: connection)]
        }
        return configuration
    }
}

/// One connection's place in the counts; used on its event loop only.
final class GuardedConnection: @unchecked Sendable {
    let `guard`: ConnectionGuard
    /// The address it counts under; nil for a trusted proxy's (known once it is active).
    var address: String?
    var admitted = false
    var isStream = false

    init(guard: ConnectionGuard) {
        self.guard = `guard`
    }
}

/// Admits the connection or answers 503 and closes it, passing nothing it sends on. An admitted
/// connection counts until it closes, and the handler leaves the pipeline: no read or write of
/// its passes through it.
final class AdmissionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    static let busy = ByteBuffer(string: #"{"error":"the server is busy; try again shortly","code":"unavailable"}"#)

    private let connection: GuardedConnection
    private var decided = false

    init(connection: GuardedConnection) {
        self.connection = connection
    }

    /// A request's head is a few hundred bytes, and a connection keeps its receive buffer while it
    /// waits (a live stream's, for hours): its first reads are small, and grow with what comes.
    static let receiving = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65536)

    func handlerAdded(context: ChannelHandlerContext) {
        try? context.channel.syncOptions?.setOption(ChannelOptions.recvAllocator, value: Self.receiving)
        if context.channel.isActive { decide(context) }
    }

    /// Passed on first: a handler that leaves the pipeline passes nothing on after.
    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        decide(context)
    }

    private func decide(_ context: ChannelHandlerContext) {
        guard !decided else { return }
        decided = true
        let connection = connection
        connection.address = context.channel.remoteAddress?.ipAddress.flatMap { connection.guard.isTrustedProxy($0) ? nil : $0 }
        if connection.guard.admit(connection.address) {
            connection.admitted = true
            context.channel.closeFuture.whenComplete { _ in connection.guard.left(connection.address, wasStream: connection.isStream) }
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        KiwiMetrics.refusedConnections.increment()
        // The answer, then no more writing; the socket closes a moment later, so the client reads
        // the 503 rather than a reset.
        let head = HTTPResponse(
            status: .serviceUnavailable,
            headerFields: [.contentType: "application/json", .retryAfter: "1", .connection: "close", .contentLength: "\(Self.busy.readableBytes)"]
        )
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(Self.busy)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(mode: .output, promise: nil) }
        context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
    }

    /// A refused connection's requests go nowhere, nor do the errors of what it sends.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
    func errorCaught(context: ChannelHandlerContext, error: any Error) {}
}

/// The connection's clocks for what a client sends: from its start until the head of its first
/// request (`head`), and between a body's bytes (`body`); one that runs out closes the connection.
/// A request only notes its deadline: one timer looks at it four times in the shortest limit while
/// a clock runs, so a request costs a reading of the time, not a timer set and cancelled at each
/// step. It reads only: answers do not pass through it (a handler on every write cost each read
/// about three per cent of its instructions).
final class ConnectionClocks: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let connection: GuardedConnection
    /// When the running clock runs out; nil while none runs.
    private var deadline: NIODeadline?
    private var looking: Scheduled<Void>?
    /// Whether the next part is a request's head: the first part, and the one after an end, always
    /// is (HTTP/1 sends head, body, end), so it is not unwrapped to be told so (an unwrapping is a
    /// dynamic cast and a copy of the head, about 250 instructions of a read's 150,000).
    private var awaitingHead = true

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
        if !awaitingHead, case .end = unwrapInboundIn(data) {
            awaitingHead = true
            deadline = nil
        } else {
            awaitingHead = false
            start(connection.guard.limits.body, context)
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline = nil
        looking?.cancel()
        context.fireChannelInactive()
    }

    /// The connection carries a live stream from now on: it leaves the cap.
    func carriesStream() {
        guard connection.admitted, !connection.isStream else { return }
        connection.isStream = true
        connection.guard.becameStream(connection.address)
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
