import Foundation
import KiwiServerSettings
import KiwiWire
import Logging
import PluginAPI
import PostgresNIO
import ServiceLifecycle

/// The server database: PostgreSQL, for several server processes on several machines sharing one
/// database and nothing else (images are kept in it too). Every write is one statement or one
/// transaction, the hot ones prepared once per connection; counters change under the post's row
/// lock, so counts stay exact.
///
/// Other servers write here too: this process learns of their writes from the database's own
/// notices (`PostgresChangeListener`); the services publish this process's own writes at once
/// (to its caches only: its live streams hear them as notices), so whoever wrote reads the change at once.
///
/// A database that does not answer (stopped, restarting, out of reach) is `databaseUnavailable`
/// within `patience`, never a hang; the pool reconnects by itself when it returns.
final class PostgresKiwiDatabase: KiwiStorage, Service, Sendable {
    let client: PostgresClient
    let changes = KiwiChanges(shared: true)
    let listener: PostgresChangeListener
    let logger: Logger
    /// How long one call waits for the database before it answers that the database is unavailable.
    let patience: Duration
    /// The wait while the listener cannot connect either: the database is most likely away,
    /// and each request should hear so well within its 5 s, even on a loaded machine.
    static let patienceWhileAway: Duration = .seconds(2)
    private let timer: StoreTimer?

    /// - Parameter schema: a schema to work in (tests use a fresh one each); nil for the default.
    init(
        address: PostgresAddress,
        schema: String? = nil,
        measured: Bool = false,
        patience: Duration = .seconds(4),
        trust: Duration = PostgresChangeListener.usualTrust,
        logger: Logger
    ) {
        var configuration = address.configure {
            PostgresClient.Configuration(host: $0, port: $1, username: $2, password: $3, database: $4, tls: .disable)
        }
        if let schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        configuration.options.maximumConnections = address.pool
        configuration.options.minimumConnections = min(address.pool, 2)
        // A host that does not answer at all (a cut link) is as down as one that refuses.
        configuration.options.connectTimeout = .seconds(3)
        // No keep-alive query: the pool schedules its timer (three tasks) each time a connection goes
        // back idle and cancels it at the next lease, so every statement made and dropped them, and
        // a thousand live streams connecting at once left 2.7 MB more resident between their own
        // memory. The link is proven all the same: the change listener's connection sends a
        // heartbeat four times a second, and connections idle past a minute close (beyond two).
        configuration.options.keepAliveBehavior = nil
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        listener = PostgresChangeListener(address: address, schema: schema, changes: changes, trust: trust, logger: logger)
        self.logger = logger
        self.patience = patience
        timer = measured ? StoreTimer() : nil
    }

    /// The pool and the listener, beside the server.
    func run() async throws {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.client.run() }
            group.addTask { try? await self.listener.run() }
        }
    }

    /// Migrates once the pool reaches the server, then gives the listener a moment to listen, so
    /// that what a new server keeps is trusted (and its readers hear every change) from its first
    /// request. The pool retries a refused connection for ever; a server or a migration that cannot
    /// reach the database within 10 s says so instead. Once reached, the schema's statements get a
    /// minute: a busy server (a checkpoint after a large copy, other servers' turns at the schema)
    /// is slow, not away.
    func start() async throws {
        do {
            // The pool's own retries, not a request's patience: a server still starting is waited for.
            try await Deadline.answer(within: .seconds(10), orThrow: CancellationError()) {
                _ = try await self.client.query("SELECT 1", logger: self.logger)
            }
        } catch {
            throw ToolboxError.unavailable("cannot reach the PostgreSQL database", hint: "check the database URL and that the server is running")
        }
        do {
            try await Deadline.answer(within: .seconds(60), orThrow: CancellationError()) { try await self.migrate() }
        } catch {
            throw ToolboxError.unavailable(
                "the PostgreSQL database did not take Kiwi's schema within a minute",
                hint: "check that the user may create tables, and the server's log"
            )
        }
        try await listening(within: .seconds(5))
    }

    /// Waits until the listener's notices are confirmed, or `limit` passes (the caches wait with it).
    func listening(within limit: Duration) async throws {
        let deadline = ContinuousClock.now + limit
        while !changes.isTrusted, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    }

    /// Creates or upgrades the schema; servers starting together take turns by an advisory lock.
    func migrate(schema: String? = nil) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(4242)", logger: logger)
            if let schema { try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(schema)\""), logger: logger) }
            for statement in PostgresSchema.statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    func check() async throws {
        try await run(Ping.self, binds())
    }

    private enum Ping: PostgresStatementText {
        static let sql = "SELECT 1"
    }

    // MARK: asking

    /// A prepared statement's rows, timed as the store operation that asks.
    func rows<Text: PostgresStatementText, Row: Sendable>(
        _ text: Text.Type,
        _ bindings: PostgresBindings,
        _ function: String = #function,
        read: @escaping @Sendable (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        try await withConnection(function) { connection in try await self.rows(on: connection, text, bindings, read: read) }
    }

    /// A prepared statement's rows on `connection` (a transaction's, or one leased by `withConnection`).
    func rows<Text: PostgresStatementText, Row: Sendable>(
        on connection: PostgresConnection,
        _ text: Text.Type,
        _ bindings: PostgresBindings,
        read: @escaping @Sendable (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        var rows: [Row] = []
        for try await row in try await connection.execute(Prepared<Text, Row>(bindings: bindings, read: read), logger: logger) { rows.append(row) }
        return rows
    }

    /// `body` on a connection of the pool, timed as the store operation that asks. The connection
    /// goes back to the pool when the body ends, however it ends. The client's own `execute` gives
    /// it back when its rows are read to the end, and never when the statement failed before they
    /// were asked for (PostgresNIO 1.33's `PSQLRowStream.asyncSequence`; a busy machine makes it
    /// likely): a pool lost a connection to each such like of a missing post.
    func withConnection<Answer: Sendable>(
        _ function: String = #function,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Answer
    ) async throws -> Answer {
        let client = self.client
        return try await answer(function) { try await client.withConnection { connection in try await body(connection) } }
    }

    /// The rows of a query that is not prepared (a rare read or write, or one planned anew each
    /// time), each read by `read`.
    func rows<Row: Sendable>(
        _ query: PostgresQuery,
        _ function: String = #function,
        read: @escaping @Sendable (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        let logger = self.logger
        return try await withConnection(function) { connection in
            var rows: [Row] = []
            for try await row in try await connection.query(query, logger: logger) { rows.append(try read(row)) }
            return rows
        }
    }

    /// The first row, if any.
    func first<Text: PostgresStatementText, Row: Sendable>(
        _ text: Text.Type,
        _ bindings: PostgresBindings,
        _ function: String = #function,
        read: @escaping @Sendable (PostgresRow) throws -> Row
    ) async throws -> Row? {
        try await rows(text, bindings, function, read: read).first
    }

    /// A prepared statement that answers no rows.
    func run<Text: PostgresStatementText>(_ text: Text.Type, _ bindings: PostgresBindings, _ function: String = #function) async throws {
        _ = try await rows(text, bindings, function) { _ in () }
    }

    /// Statements in one transaction (for a write that must read what it changes under a lock first).
    func transaction<Answer: Sendable>(
        _ function: String = #function,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Answer
    ) async throws -> Answer {
        let client = self.client
        let logger = self.logger
        return try await answer(function) {
            do {
                return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
            } catch let error as PostgresTransactionError {
                throw error.closureError ?? error.beginError ?? error.commitError ?? error
            }
        }
    }

    /// Runs `body` within `patience`: a database that does not answer, or a connection that broke,
    /// is `databaseUnavailable`; what the database refused (a key taken, a row missing) is thrown as it is.
    func answer<Answer: Sendable>(_ function: String, _ body: @escaping @Sendable () async throws -> Answer) async throws -> Answer {
        try await timer.time(function) {
            do {
                let patience = listener.lost.withLock { $0 } ? min(patience, Self.patienceWhileAway) : patience
                return try await Deadline.answer(within: patience, orThrow: KiwiProblem.databaseUnavailable, body)
            } catch let error as PSQLError where error.serverInfo != nil && !Self.isUnavailable(error) {
                throw error
            } catch let error as KiwiProblem {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw KiwiProblem.databaseUnavailable
            }
        }
    }

    /// The server is shutting down or starting up (57P…), or the connection failed (08…).
    private static func isUnavailable(_ error: PSQLError) -> Bool {
        let state = error.serverInfo?[.sqlState] ?? ""
        return state.hasPrefix("57P") || state.hasPrefix("08")
    }

    /// The database's refusal, when it is the one named (`23505` a key taken, `23503` a row named that does not exist).
    static func refused(_ error: any Error, _ state: String) -> Bool {
        (error as? PSQLError)?.serverInfo?[.sqlState] == state
    }

    // MARK: rows as records

    static let userColumns = "u.username, u.fullname, u.email, u.avatar, u.created_at"

    /// A member from five columns starting at `column`.
    static func user(_ cells: PostgresRandomAccessRow, from column: Int = 0) throws -> KiwiUser {
        KiwiUser(
            username: try cells[column].decode(String.self),
            fullName: try cells[column + 1].decode(String?.self),
            email: try cells[column + 2].decode(String?.self),
            avatar: try cells[column + 3].decode(String?.self),
            createdAt: Date(timeIntervalSince1970: try cells[column + 4].decode(Double.self))
        )
    }
}

extension PostgresAddress {
    /// A configuration of either kind (the pool's, the listener's connection's) for this server,
    /// user and database: host, port, username, password, database.
    func configure<Configuration>(_ make: (String, Int, String, String?, String?) -> Configuration) -> Configuration {
        make(host, port, username, password, database)
    }
}
