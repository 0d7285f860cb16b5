import Foundation
import GRDB
import KiwiMedia
import KiwiServerSettings
import KiwiWire
import Logging
import PluginAPI
import PostgresNIO

/// What `toolbox kiwi migrate` found and did, table by table; the counts are read back from both sides.
public struct KiwiMigrationReport: Sendable, Encodable {
    public struct Table: Sendable, Encodable {
        public let table: String
        /// Rows in the source.
        public let source: Int
        /// Rows in the target after the copy, each compared with the source's.
        public let target: Int
        /// Rows this run copied (the rest were there from an earlier run).
        public let copied: Int
    }

    public let tables: [Table]
    /// Images posts or avatars name that the source does not have (in its database, its uploads
    /// folder or its media store).
    public let missingImages: [String]
}

/// Moves a community between stores (SQLite ⇄ PostgreSQL) with ids, times, password hashes
/// and sessions kept. Nothing is written until the target is known to hold only rows of this
/// source; rows already there are left, so an interrupted run continues and a second run copies nothing.
public struct KiwiMigration: Sendable {
    let source: KiwiDatabase
    let target: KiwiDatabase
    /// The source's uploads folder, for images kept as files.
    let uploads: String?
    let logger: Logger

    public init(from source: KiwiDatabase, to target: KiwiDatabase, uploads: String?, logger: Logger) {
        self.source = source
        self.target = target
        self.uploads = uploads
        self.logger = logger
    }

    /// - Parameter progress: the table being copied, rows of it done, and its total.
    public func run(progress: @escaping @Sendable (String, Int, Int) -> Void) async throws -> KiwiMigrationReport {
        do {
            return try await source.opened(mustExist: true, logger: logger) { source in
                try await target.opened(mustExist: false, logger: logger) { target in
                    try await copy(from: source, to: target, progress: progress)
                }
            }
        } catch let error as PSQLError {
            // What the server said, never the statement's values (they hold password hashes).
            throw ToolboxError.unavailable(
                "PostgreSQL refused the copy: \(error.serverInfo?[.message] ?? "the connection failed")",
                hint: "check the database URL, the user's rights, and that the server is running"
            )
        } catch let error as DatabaseError {
            throw ToolboxError.io("SQLite refused the copy: \(error.message ?? "\(error.resultCode)")", hint: "check the file and its permissions")
        }
    }

    private func copy(
        from source: any KiwiTableStore,
        to target: any KiwiTableStore,
        progress: @Sendable (String, Int, Int) -> Void
    ) async throws -> KiwiMigrationReport {
        var expected: [KiwiTable: [KiwiRow]] = [:]
        for table in KiwiTable.all { expected[table] = try await source.fingerprints(table) }
        let files = try imageFiles(named: expected, in: uploads)
        expected[.images, default: []] += files.found.map(\.fingerprint)

        var present: [KiwiTable: Set<KiwiRow>] = [:]
        for table in KiwiTable.all {
            let found = try await target.fingerprints(table)
            present[table] = try Self.compare(table, expected: expected[table] ?? [], found: found, exact: false)
        }

        var copied: [KiwiTable: Int] = [:]
        for table in KiwiTable.all {
            let total = expected[table]?.count ?? 0
            var done = present[table]?.count ?? 0
            progress(table.name, done, total)
            let batch = table == .images ? 20 : 500
            let keys = table.keyPositions
            func add(_ rows: [KiwiRow]) async throws {
                let missing = rows.filter { row in !(present[table]?.contains(keys.map { row[$0] }) ?? false) }
                guard !missing.isEmpty else { return }
                try await target.insert(missing, into: table)
                copied[table, default: 0] += missing.count
                done += missing.count
                progress(table.name, done, total)
            }
            var offset = 0
            while true {
                let rows = try await source.rows(table, offset: offset, limit: batch)
                try await add(rows)
                guard rows.count == batch else { break }
                offset += batch
            }
            if table == .images {
                for start in stride(from: 0, to: files.found.count, by: batch) {
                    try await add(try files.found[start..<min(start + batch, files.found.count)].map { try $0.row() })
                }
            }
        }
        for table in KiwiTable.numbered { try await target.advanceID(table, to: try await source.lastID(table)) }

        // Verified: the target holds exactly the source's rows, compared column by column.
        var tables: [KiwiMigrationReport.Table] = []
        for table in KiwiTable.all {
            let rows = expected[table] ?? []
            let found = try await target.fingerprints(table)
            _ = try Self.compare(table, expected: rows, found: found, exact: true)
            tables.append(.init(table: table.name, source: rows.count, target: try await target.count(table), copied: copied[table] ?? 0))
        }
        return KiwiMigrationReport(tables: tables, missingImages: files.missing)
    }

    /// Checks that every row found is the source's row of the same key (and, when `exact`, that
    /// none is missing); answers the keys found.
    private static func compare(_ table: KiwiTable, expected: [KiwiRow], found: [KiwiRow], exact: Bool) throws -> Set<KiwiRow> {
        let keys = table.keyPositions
        let compared = table.comparedPositions
        let wanted = Dictionary(expected.map { row in (keys.map { row[$0] }, compared.map { row[$0] }) }) { first, _ in first }
        var seen = Set<KiwiRow>()
        for row in found {
            let key = keys.map { row[$0] }
            guard wanted[key] == compared.map({ row[$0] }) else {
                // A session's key is a token's hash: never shown.
                let row = table == .sessions ? "a session" : "\(table.name) \(describe(key))"
                throw ToolboxError.conflict(
                    "the target holds other data: \(row) is not the source's",
                    hint: exact
                        ? "another process wrote to it during the copy; stop it and run the migration again"
                        : "migrate into an empty database, or into one an earlier run of this migration filled"
                )
            }
            seen.insert(key)
        }
        if exact, let absent = wanted.keys.first(where: { !seen.contains($0) }) {
            throw ToolboxError.badData("the copy is missing \(table.name) \(describe(absent))", hint: "run the migration again to finish it")
        }
        return seen
    }

    private static func describe(_ key: KiwiRow) -> String {
        key.map { value in
            switch value {
            case .text(let text): text
            case .integer(let number): "\(number)"
            default: "\(value)"
            }
        }.joined(separator: "/")
    }

    /// An image kept as a file in the source's uploads folder.
    struct ImageFile {
        let path: String
        let fingerprint: KiwiRow

        func row() throws -> KiwiRow {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw ToolboxError.io("cannot read \(path)", hint: "check the uploads folder and its permissions")
            }
            var row = fingerprint
            row[KiwiTable.images.position("bytes")] = .blob(bytes)
            return row
        }
    }

    /// The images posts and avatars name that the source's database does not keep: files of the
    /// uploads folder (read once here for their digest), and the names found nowhere.
    private func imageFiles(named rows: [KiwiTable: [KiwiRow]], in folder: String?) throws -> (found: [ImageFile], missing: [String]) {
        // In the database, or in a media store's bucket (which both databases share: its rows move).
        let kept = Set((rows[.images] ?? []).map { $0[KiwiTable.images.position("name")] })
            .union((rows[.mediaObjects] ?? []).map { $0[KiwiTable.mediaObjects.position("name")] })
        // Each image dated by the first post or member naming it, so every run makes the same row.
        var named: [String: Double] = [:]
        for (table, column) in [(KiwiTable.posts, "image"), (KiwiTable.users, "avatar")] {
            for row in rows[table] ?? [] {
                if case .text(let name) = row[table.position(column)], case .real(let time) = row[table.position("created_at")] {
                    named[name] = min(named[name] ?? time, time)
                }
            }
        }
        var found: [ImageFile] = []
        var missing: [String] = []
        for (name, time) in named.sorted(by: { $0.key < $1.key }) where !kept.contains(.text(name)) {
            let path = folder.map { "\($0)/\(name)" }
            guard UploadFolder.isPlainName(name), let path, let bytes = FileManager.default.contents(atPath: path) else {
                missing.append(name)
                continue
            }
            let kind = ImageSignature.kind(of: bytes)
            let fingerprint: KiwiRow = [
                .text(name), .text(kind?.mimeType ?? "application/octet-stream"), .integer(Int64(bytes.count)), .text(Digest.sha256(bytes)),
                .null, .real(time),
            ]
            found.append(ImageFile(path: path, fingerprint: fingerprint))
        }
        return (found, missing)
    }
}
