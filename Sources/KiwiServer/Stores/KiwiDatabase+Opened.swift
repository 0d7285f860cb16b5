import Foundation
import KiwiServerSettings
import KiwiWire
import Logging
import PluginAPI

/// A community's database opened by a command with no server running (`kiwi migrate`,
/// `kiwi approve`), and closed after.
extension KiwiDatabase {
    /// `mustExist`: an SQLite file that is not there is "no database", not a new empty one.
    /// `serving`: whether the command must have an SQLite file to itself (see `SQLiteKiwiDatabase`).
    func opened<Answer: Sendable>(
        mustExist: Bool,
        serving: Bool = true,
        logger: Logger,
        _ body: (any KiwiStorage & KiwiTableStore) async throws -> Answer
    ) async throws -> Answer {
        switch self {
        case .memory:
            throw ToolboxError.usage("a memory store holds nothing once its server stops", hint: "name sqlite:PATH or postgres://…")
        case .sqlite(let path):
            if mustExist, !FileManager.default.fileExists(atPath: path) {
                throw ToolboxError.notFound("no database at \(path)", hint: "name the file kiwi serve uses (--database sqlite:PATH)")
            }
            try LocalFile.createDirectory((path as NSString).deletingLastPathComponent)
            return try await body(try SQLiteKiwiDatabase(path: path, serving: serving))
        case .postgres(let address):
            let database = PostgresKiwiDatabase(address: address, logger: logger)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await database.client.run() }
                defer { group.cancelAll() }
                try await database.start()
                return try await body(database)
            }
        }
    }
}
