import Dispatch
import Foundation
import KiwiServerSettings
import KiwiWire
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// Keeps this server listening to the database's notices of every write (`PostgresSchema`'s
/// triggers: other servers' writes and its own) on a connection of its own, and hands them to
/// `KiwiChanges`.
///
/// It also proves, several times a second, that the notices still arrive: it sends a heartbeat
/// through the same channel, and only while heartbeats come back may the caches answer (the
/// database delivers notices in commit order, so a heartbeat back means every write committed
/// before it was heard). A connection that breaks, or a heartbeat that does not come back (a cut
/// link says nothing), ends the listening: everything kept is forgotten, nothing is kept until
/// the next connection listens, and it reconnects at once, then every second.
final class PostgresChangeListener: Service, Sendable {
    private let configuration: PostgresConnection.Configuration
    private let changes: KiwiChanges
    /// The schema it was asked to work in (tests); nil for the database's default.
    let schema: String?
    private let logger: Logger
    /// How often a heartbeat goes out, and how long after one was sent the caches may trust it
    /// (a second; tests about a lost connection trust longer, so a slow heartbeat cannot end it first).
    static let beat: Duration = .milliseconds(250)
    static let usualTrust: Duration = .seconds(1)
    let trust: Duration
    /// A heartbeat not back within this ends the connection.
    static let silence: Duration = .seconds(2)
    /// Names this server's heartbeats among every server's.
    private let name = UUID().uuidString.prefix(8).lowercased()
    /// The connection's backend, while listening (tests end it from the database's side).
    let backend = Mutex<Int32?>(nil)
    /// Whether, its connection lost, a new one could not be made: the database is most likely away
    /// (never set where the listener does not run, such as a command that copies a community). A
    /// heartbeat merely late is not that: a database busy under a crowd still answers, and each
    /// request keeps its full patience.
    let lost = Mutex(false)

    init(address: PostgresAddress, schema: String?, changes: KiwiChanges, trust: Duration, logger: Logger) {
        var configuration = address.configure {
            PostgresConnection.Configuration(host: $0, port: $1, username: $2, password: $3, database: $4, tls: .disable)
        }
        configuration.options.connectTimeout = .seconds(3)
        configuration.options.additionalStartupParameters = [("application_name", "kiwi-listener")] + (schema.map { [("search_path", $0)] } ?? [])
        self.configuration = configuration
        self.schema = schema
        self.changes = changes
        self.trust = trust
        self.logger = logger
    }

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            var wait: Duration = .zero
            while !Task.isCancelled {
                do {
                    try await self.listen()
                    wait = .zero
                } catch is CancellationError {
                    return
                } catch {
                    self.logger.warning(
                        "not listening to the database's changes: \(String(describing: error)); caches are off until it listens again"
                    )
                }
                self.changes.interrupted()
                try await Task.sleep(for: wait)
                wait = min(max(wait * 2, .milliseconds(100)), .seconds(1))
            }
        }
    }

    private struct Silent: Error {}

    /// The heartbeats of one connection: when each went out, and when the last came back.
    private final class Heartbeats: Sendable {
        private let sent = Mutex<[Int: DispatchTime]>([:])
        private let heard = Mutex(DispatchTime.now())

        func send(_ number: Int) { sent.withLock { $0[number] = DispatchTime.now() } }

        /// When the heartbeat that came back had gone out.
        func heard(_ number: Int) -> DispatchTime? {
            guard let at = sent.withLock({ $0.removeValue(forKey: number) }) else { return nil }
            heard.withLock { $0 = DispatchTime.now() }
            return at
        }

        /// How long since one came back.
        var silence: Duration { .nanoseconds(DispatchTime.now().uptimeNanoseconds - heard.withLock { $0 }.uptimeNanoseconds) }
    }

    /// One connection's listening, until it breaks.
    private func listen() async throws {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        } catch {
            lost.withLock { $0 = true }
            throw error
        }
        do {
            try await listen(on: connection)
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private func listen(on connection: PostgresConnection) async throws {
        var found: (String, Int32)?
        for try await row in try await connection.query("SELECT current_schema(), pg_backend_pid()", logger: logger).decode((String, Int32).self) {
            found = row
        }
        guard let (schema, pid) = found else { throw Silent() }
        backend.withLock { $0 = pid }
        lost.withLock { $0 = false }
        defer { backend.withLock { $0 = nil } }
        let channel = "kiwi_\(schema)"
        let heartbeats = Heartbeats()
        try await connection.listen(on: channel) { notices in
            // Listening anew: what was missed before is forgotten; trust comes with the first heartbeat.
            changes.interrupted()
            try await withThrowingTaskGroup(of: Void.self) { group in
                // However the listening ends, the caches stop answering at once: not when the
                // heartbeat still waiting on a broken connection gives up.
                defer { self.changes.distrust() }
                group.addTask {
                    for try await notice in notices {
                        if notice.payload.hasPrefix("beat:") {
                            let parts = notice.payload.split(separator: ":")
                            guard parts.count == 3, parts[1] == self.name, let number = Int(parts[2]), let at = heartbeats.heard(number) else {
                                continue
                            }
                            self.changes.confirmed(through: at, for: self.trust)
                        } else if let change = KiwiChange(notice: notice.payload) {
                            self.changes.noticed(change)
                        }
                    }
                    throw Silent()
                }
                group.addTask {
                    for number in 1... {
                        heartbeats.send(number)
                        let beat = "beat:\(self.name):\(number)"
                        _ = try await Deadline.answer(within: Self.silence, orThrow: Silent()) {
                            try await connection.query("SELECT pg_notify(\(channel), \(beat))", logger: self.logger)
                        }
                        try await Task.sleep(for: Self.beat)
                        if heartbeats.silence > Self.silence { throw Silent() }
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }
}
