import Foundation
import Kiwi
import KiwiWire
import PluginAPI
import Synchronization
import TestSupport
import Testing

@testable import KiwiServer

/// What an impolite client gets: the real server under a 1,024 open-files limit, slow
/// connections from one address (127.0.0.2, another loopback address) while a reader asks from 127.0.0.1.
@Suite(.serialized) struct KiwiHostileClientTests {
    @Test func slowConnectionsAreClosedAtTheHeadTimeoutAndOthersAreAnsweredMeanwhile() async throws {
        let (server, base) = try await ToolboxBinary().serveKiwi(
            ["--database", "memory", "--head-timeout", "20", "--max-connections-per-address", "40"],
            openFiles: 1024
        )
        defer { server.process.terminate() }
        let said = server.standardErrorSoFar
        #expect(said.contains("open files: 1024, so up to 480 connections (40 from one address) and 480 live streams"), "\(said)")
        let port = try #require(URLComponents(string: base)?.port)

        let slow = SlowClients(count: 300, from: "127.0.0.2", port: port)
        try await slow.connected()
        // Readers are answered while the slow ones hang (no rate is asserted: a loaded machine is slow).
        var answers: [String] = []
        var hanging = 0
        for _ in 0..<5 {
            answers.append(
                try await offThePool {
                    let reader = try RawConnection(port: port)
                    try reader.send("GET /posts HTTP/1.1\r\nHost: kiwi\r\nConnection: close\r\n\r\n")
                    _ = try reader.secondsUntilClosed()
                    return reader.received
                }
            )
            // Counted as the first is answered: inside the whole suite the five together once took
            // longer than the head clock, and the slow ones had gone.
            if answers.count == 1 { hanging = slow.openNow }
        }
        let outcome = try await slow.finish(within: 60)
        #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 200") }, "\(answers.map { $0.prefix(20) })")
        #expect(hanging >= 40, "the readers were answered while \(hanging) slow connections were open")
        #expect(outcome.refused == 260, "past 40 from one address, each is answered 503 at once: \(outcome)")
        #expect(outcome.open == 0, "every slow connection was closed: \(outcome)")
        // Those let in were closed by the head timeout: not before it, and soon after it (a loaded machine is slow to notice).
        #expect(outcome.closedAfter.count == 40, "\(outcome.description)")
        #expect(outcome.closedAfter.allSatisfy { $0 >= 19.9 && $0 < 45 }, "\(outcome.description)")
    }

    @Test func aStalledBodyAndAnIdleConnectionAreClosedAtTheirTimeouts() async throws {
        let (server, base) = try await ToolboxBinary().serveKiwi(["--database", "memory", "--body-timeout", "1", "--idle-timeout", "2"])
        defer { server.process.terminate() }
        let port = try #require(URLComponents(string: base)?.port)
        let stalledFor = try await offThePool {
            let stalled = try RawConnection(port: port)
            try stalled.send("POST /users HTTP/1.1\r\nHost: kiwi\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"user")
            return try stalled.secondsUntilClosed()
        }
        #expect(stalledFor >= 0.9 && stalledFor < 5, "a body that stopped was closed after \(stalledFor) s")

        let (idleFor, answer) = try await offThePool {
            let idle = try RawConnection(port: port)
            try idle.send("GET /health HTTP/1.1\r\nHost: kiwi\r\n\r\n")
            return (try idle.secondsUntilClosed(), idle.received)
        }
        #expect(answer.hasPrefix("HTTP/1.1 200"), "answered first: \(answer.prefix(40))")
        #expect(idleFor >= 1.9 && idleFor < 6, "an idle keep-alive connection was closed after \(idleFor) s")

        // The clocks know a head by its place (the first part, and the one after an end): two
        // requests sent whole in one write are answered, and a third whose body stops is closed.
        let (pipelinedFor, answers) = try await offThePool {
            let pipelined = try RawConnection(port: port)
            try pipelined.send(
                "GET /health HTTP/1.1\r\nHost: kiwi\r\n\r\nGET /health HTTP/1.1\r\nHost: kiwi\r\n\r\n"
                    + "POST /users HTTP/1.1\r\nHost: kiwi\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"user"
            )
            return (try pipelined.secondsUntilClosed(), pipelined.received)
        }
        #expect(answers.components(separatedBy: "HTTP/1.1 200").count - 1 == 2, "both whole requests answered: \(answers.prefix(200))")
        #expect(pipelinedFor >= 0.9 && pipelinedFor < 5, "the third request's stopped body was closed after \(pipelinedFor) s")
    }
}

extension KiwiHostileClientTests {
    /// A connection that carries a live stream leaves the cap (its reader may keep it for hours);
    /// connections that wait for their next request count until they close.
    @Test func liveStreamsLeaveTheConnectionCap() async throws {
        let (server, base) = try await ToolboxBinary().serveKiwi(["--database", "memory", "--max-connections-per-address", "2"])
        defer { server.process.terminate() }
        let port = try #require(URLComponents(string: base)?.port)
        func exchange(_ request: String) async throws -> String {
            try await offThePool {
                let connection = try RawConnection(port: port)
                try connection.send(request)
                _ = try connection.secondsUntilClosed(limit: 10)
                return connection.received
            }
        }
        func post(_ path: String, _ json: String) -> String {
            "POST \(path) HTTP/1.1\r\nHost: kiwi\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)"
        }
        _ = try await exchange(post("/users", #"{"username":"ada","password":"correct horse"}"#))
        let session = try await exchange(post("/sessions", #"{"username":"ada","password":"correct horse"}"#))
        let body = try #require(session.range(of: "\r\n\r\n").map { session[$0.upperBound...] })
        let token = try #require(try JSONDecoder().decode(KiwiWire.Session.self, from: Data(body.utf8)).token)

        // Two streams from one address, with a cap of two: a third connection is still let in.
        let streams = try (0..<2).map { _ in try RawConnection(port: port) }
        for stream in streams {
            try stream.send("GET /events HTTP/1.1\r\nHost: kiwi\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n\r\n")
        }
        try await offThePool { for stream in streams { try stream.receive(until: ": connected") } }
        try await Task.sleep(for: .milliseconds(200))  // the stream is noted on the connection's event loop
        #expect(try await exchange("GET /health HTTP/1.1\r\nHost: kiwi\r\nConnection: close\r\n\r\n").hasPrefix("HTTP/1.1 200"))

        // Two connections that wait for their next request fill the cap: the next is answered 503.
        let waiting = try (0..<2).map { _ in try RawConnection(port: port) }
        for connection in waiting { try connection.send("GET /health HTTP/1.1\r\nHost: kiwi\r\n\r\n") }
        try await offThePool { for connection in waiting { try connection.receive(until: "\"ok\"") } }
        #expect(try await exchange("GET /health HTTP/1.1\r\nHost: kiwi\r\nConnection: close\r\n\r\n").hasPrefix("HTTP/1.1 503"))
        withExtendedLifetime((streams, waiting)) {}
    }
}

/// One blocking client socket, for the clocks of one connection; used by one thread at a time.
final class RawConnection: @unchecked Sendable {
    let socket: TCPSocket
    let opened = Date()
    private(set) var received = ""

    init(port: Int, from source: String = "127.0.0.1") throws {
        socket = try TCPSocket.connected(port: port, from: source)
    }

    func send(_ text: String) throws {
        guard socket.send(text) else { throw POSIXError(.EPIPE) }
    }

    /// Reads until what was received holds `text` (or 10 s pass: then it throws).
    func receive(until text: String) throws {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(text) {
            guard Date().timeIntervalSince(opened) < 10 else { throw POSIXError(.ETIMEDOUT) }
            var poller = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = read(socket.descriptor, &buffer, buffer.count)
            guard count > 0 else { throw POSIXError(.ECONNRESET) }
            received += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    /// Reads until the server closes; answers the seconds since it opened.
    func secondsUntilClosed(limit: TimeInterval = 15) throws -> TimeInterval {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date().timeIntervalSince(opened) < limit {
            var poller = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = read(socket.descriptor, &buffer, buffer.count)
            if count <= 0 { return Date().timeIntervalSince(opened) }
            received += String(decoding: buffer[..<count], as: UTF8.self)
        }
        return limit
    }
}

/// Many connections that send a request line and then one header line every half second, never
/// finishing their head (a "slowloris"), watched from one thread.
final class SlowClients: @unchecked Sendable {
    struct Outcome: CustomStringConvertible {
        /// Answered 503 at once.
        var refused = 0
        /// Seconds from its opening to its closing, for each that was closed without a 503.
        var closedAfter: [TimeInterval] = []
        var open = 0
        var description: String { "refused \(refused), closed after \(closedAfter.map { String(format: "%.1f", $0) }), still open \(open)" }
    }

    private let done: Task<Outcome, any Error>
    private let state = Watch()

    /// Watched on a thread of its own (`offThePool`): the loop blocks in `poll`.
    init(count: Int, from source: String, port: Int) {
        let state = state
        done = Task { try await offThePool { Self.watch(count: count, from: source, port: port, state: state) } }
    }

    /// Waits until every connection is open (or could not be).
    func connected() async throws {
        while !state.withLock(\.connected) { try await Task.sleep(for: .milliseconds(20)) }
    }

    /// Connections open now.
    var openNow: Int { state.withLock(\.open) }

    private static func watch(count: Int, from source: String, port: Int, state: Watch) -> Outcome {
        var sockets: [Int32: TCPSocket] = [:]
        var opened: [Int32: Date] = [:]
        for _ in 0..<count {
            guard let socket = try? TCPSocket.connected(port: port, from: source) else { continue }
            sockets[socket.descriptor] = socket
            opened[socket.descriptor] = Date()
            _ = socket.send("GET /posts HTTP/1.1\r\nHost: kiwi\r\n")
        }
        let started = Date()
        var outcome = Outcome()
        var open = Set(opened.keys)
        state.withLock { ($0.connected, $0.open) = (true, open.count) }
        var said: [Int32: String] = [:]
        var lastTrickle = Date()
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !open.isEmpty, Date().timeIntervalSince(started) < state.withLock(\.seconds) {
            var pollers = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&pollers, nfds_t(pollers.count), 50)
            for poller in pollers where poller.revents != 0 {
                let count = read(poller.fd, &buffer, buffer.count)
                if count > 0 {
                    said[poller.fd, default: ""] += String(decoding: buffer[..<count], as: UTF8.self)
                    continue
                }
                open.remove(poller.fd)
                if said[poller.fd]?.hasPrefix("HTTP/1.1 503") == true {
                    outcome.refused += 1
                } else {
                    outcome.closedAfter.append(Date().timeIntervalSince(opened[poller.fd] ?? started))
                }
                sockets[poller.fd] = nil
            }
            let stillOpen = open.count
            state.withLock { $0.open = stillOpen }
            if Date().timeIntervalSince(lastTrickle) > 0.5 {
                for socket in open { _ = sockets[socket]?.send("X-Slow: yes\r\n") }
                lastTrickle = Date()
            }
        }
        outcome.open = open.count
        return outcome
    }

    func finish(within seconds: TimeInterval) async throws -> Outcome {
        state.withLock { $0.seconds = seconds }
        return try await done.value
    }

    /// What the watching thread and the test share.
    final class Watch: Sendable {
        struct Now {
            var connected = false
            var open = 0
            /// How long the watch goes on.
            var seconds: TimeInterval = 60
        }

        private let now = Mutex(Now())

        func withLock<Value: Sendable>(_ body: (inout Now) -> Value) -> Value { now.withLock { body(&$0) } }
    }
}
