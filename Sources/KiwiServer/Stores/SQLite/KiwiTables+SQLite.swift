import Foundation
import GRDB

extension SQLiteKiwiDatabase: KiwiTableStore {
    func count(_ table: KiwiTable) async throws -> Int {
        try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.name)") ?? 0 }
    }

    func rows(_ table: KiwiTable, offset: Int, limit: Int) async throws -> [KiwiRow] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT \(table.columnList) FROM \(table.name) ORDER BY \(table.sqliteOrder) LIMIT ? OFFSET ?",
                arguments: [limit, offset]
            ).map { row in table.columns.indices.map { Self.value(row[$0]) } }
        }
    }

    func fingerprints(_ table: KiwiTable) async throws -> [KiwiRow] {
        let columns = table.columns.map { $0.kind == .blob ? "NULL" : $0.name }.joined(separator: ", ")
        return try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(columns) FROM \(table.name) ORDER BY \(table.sqliteOrder)").map { row in
                table.columns.indices.map { Self.value(row[$0]) }
            }
        }
    }

    func insert(_ rows: [KiwiRow], into table: KiwiTable) async throws {
        let marks = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
        let sql = "INSERT INTO \(table.name) (\(table.columnList)) VALUES (\(marks)) ON CONFLICT DO NOTHING"
        try await pool.write { db in
            let statement = try db.cachedStatement(sql: sql)
            for row in rows { try statement.execute(arguments: StatementArguments(row.map(Self.databaseValue))) }
        }
    }

    func lastID(_ table: KiwiTable) async throws -> Int64 {
        try await pool.read { db in try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table.name]) ?? 0 }
    }

    func advanceID(_ table: KiwiTable, to id: Int64) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", arguments: [id, table.name])
            if db.changesCount == 0 { try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table.name, id]) }
        }
    }

    private static func value(_ value: DatabaseValue) -> KiwiValue {
        switch value.storage {
        case .null: .null
        case .int64(let number): .integer(number)
        case .double(let number): .real(number)
        case .string(let text): .text(text)
        case .blob(let bytes): .blob(bytes)
        }
    }

    private static func databaseValue(_ value: KiwiValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let bytes): bytes.databaseValue
        }
    }
}
