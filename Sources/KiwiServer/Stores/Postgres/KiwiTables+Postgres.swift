import Foundation
import NIOCore
import NIOFoundationCompat
import PostgresNIO

extension PostgresKiwiDatabase: KiwiTableStore {
    func count(_ table: KiwiTable) async throws -> Int {
        Int(try await value(Int64.self, "SELECT count(*) FROM \(table.name)") ?? 0)
    }

    func rows(_ table: KiwiTable, offset: Int, limit: Int) async throws -> [KiwiRow] {
        var bindings = PostgresBindings()
        bindings.append(limit)
        bindings.append(offset)
        return try await read(
            table,
            sql: "SELECT \(table.columnList) FROM \(table.name) ORDER BY \(table.postgresOrder) LIMIT $1 OFFSET $2",
            bindings
        )
    }

    func fingerprints(_ table: KiwiTable) async throws -> [KiwiRow] {
        let columns = table.columns.map { $0.kind == .blob ? "NULL::bytea" : $0.name }.joined(separator: ", ")
        return try await read(table, sql: "SELECT \(columns) FROM \(table.name) ORDER BY \(table.postgresOrder)", PostgresBindings())
    }

    func insert(_ rows: [KiwiRow], into table: KiwiTable) async throws {
        let marks = table.columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        let sql = "INSERT INTO \(table.name) (\(table.columnList)) VALUES (\(marks)) ON CONFLICT DO NOTHING"
        try await client.withTransaction(logger: logger) { connection in
            for row in rows {
                var bindings = PostgresBindings()
                for value in row {
                    switch value {
                    case .null: bindings.appendNull()
                    case .integer(let number): bindings.append(number)
                    case .real(let number): bindings.append(number)
                    case .text(let text): bindings.append(text)
                    case .blob(let bytes): bindings.append(ByteBuffer(data: bytes))
                    }
                }
                try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
            }
        }
    }

    func lastID(_ table: KiwiTable) async throws -> Int64 {
        let sql = "SELECT pg_sequence_last_value(pg_get_serial_sequence('\(table.name)', 'id')::regclass)"
        return try await value(Int64?.self, sql).flatMap { $0 } ?? 0
    }

    /// The first column of the first row. Each query here holds its connection as `rows` does (see there).
    private func value<Value: PostgresDecodable & Sendable>(_ type: Value.Type, _ sql: String) async throws -> Value? {
        try await client.withConnection { connection in
            var first: Value?
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).decode(Value.self) {
                first = first ?? value
            }
            return first
        }
    }

    func advanceID(_ table: KiwiTable, to id: Int64) async throws {
        guard id > 0, try await lastID(table) < id else { return }
        var bindings = PostgresBindings()
        bindings.append(id)
        try await client.withConnection { connection in
            _ = try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT setval(pg_get_serial_sequence('\(table.name)', 'id'), $1)", binds: bindings),
                logger: logger
            ).collect()
        }
    }

    private func read(_ table: KiwiTable, sql: String, _ bindings: PostgresBindings) async throws -> [KiwiRow] {
        try await client.withConnection { connection in
            var rows: [KiwiRow] = []
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger) {
                let cells = row.makeRandomAccess()
                rows.append(
                    try table.columns.indices.map { index in
                        let cell = cells[index]
                        switch table.columns[index].kind {
                        case .text: return try cell.decode(String?.self).map(KiwiValue.text) ?? .null
                        case .real: return try cell.decode(Double?.self).map(KiwiValue.real) ?? .null
                        case .integer: return try cell.decode(Int64?.self).map(KiwiValue.integer) ?? .null
                        case .blob: return try cell.decode(ByteBuffer?.self).map { KiwiValue.blob(Data(buffer: $0)) } ?? .null
                        }
                    }
                )
            }
            return rows
        }
    }
}
