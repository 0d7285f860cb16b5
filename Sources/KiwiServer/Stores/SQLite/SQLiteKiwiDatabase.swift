import Foundation
import GRDB
import PluginAPI

/// The embedded database: one SQLite file in WAL mode (readers never wait for the writer),
/// `synchronous = FULL` so an acknowledged write survives a crash. One process serves a file
/// (a lock beside it says so), so what that process keeps in memory stays true.
final class SQLiteKiwiDatabase: KiwiStorage, Sendable {
    let pool: DatabasePool
    let changes = KiwiChanges(shared: false)
    private let lock: Int32
    private let timer: StoreTimer?

    /// - Parameter serving: false for a command whose writes change nothing a server keeps in
    ///   memory (`kiwi approve`: a waiting sign-up has no session, post or follow), which may run
    ///   beside the file's server.
    init(path: String, measured: Bool = false, serving: Bool = true) throws {
        lock = serving ? open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600) : -1
        guard lock >= 0 || !serving else { throw ToolboxError.io("cannot open \(path).lock", hint: "check the folder's permissions") }
        guard !serving || flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            close(lock)
            throw ToolboxError.conflict(
                "another process is serving \(path)",
                hint: "one kiwi serve per SQLite database; for several, share PostgreSQL (--database postgres://…)"
            )
        }
        timer = measured ? StoreTimer() : nil
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        // A new file is made 0600, as it holds password hashes and actors' private keys; SQLite
        // gives its WAL and shared-memory files the database's mode. An existing file keeps the
        // mode its operator gave it.
        let made = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if made >= 0 { close(made) }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try SQLiteSchema.migrator.migrate(pool)
        } catch {
            if lock >= 0 { close(lock) }
            throw error
        }
    }

    deinit { if lock >= 0 { close(lock) } }

    func check() async throws {
        try await pool.read { db in try db.execute(sql: "SELECT 1") }
    }

    /// A read, timed as the store operation that asks (the reads never block a thread the async ones resume on).
    func read<Answer: Sendable>(_ function: String = #function, _ body: @escaping @Sendable (Database) throws -> Answer) async throws -> Answer {
        try await timer.time(function) { try await pool.read(body) }
    }

    /// A write: one transaction.
    func write<Answer: Sendable>(_ function: String = #function, _ body: @escaping @Sendable (Database) throws -> Answer) async throws -> Answer {
        try await timer.time(function) { try await pool.write(body) }
    }

    // MARK: rows as records

    static func user(_ row: Row, from column: Int = 0) -> KiwiUser {
        KiwiUser(
            username: row[column],
            fullName: row[column + 1],
            email: row[column + 2],
            avatar: row[column + 3],
            createdAt: Date(timeIntervalSince1970: row[column + 4])
        )
    }

    static let userColumns = "u.username, u.fullname, u.email, u.avatar, u.created_at"

    static func requireUser(_ username: String, _ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE username = ?", arguments: [username]) == true else {
            throw KiwiProblem.noSuchUser
        }
    }
}
