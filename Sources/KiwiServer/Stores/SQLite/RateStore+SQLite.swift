import GRDB

extension SQLiteKiwiDatabase: RateStore {
    func addToCounts(_ keys: [String], until: Int64, amount: Int) async throws -> [Int] {
        try await write { db in
            try keys.map { key in
                try Int.fetchOne(
                    db.cachedStatement(
                        sql: """
                            INSERT INTO rate_counts (key, until, count) VALUES (?, ?, ?)
                            ON CONFLICT (key, until) DO UPDATE SET count = count + excluded.count RETURNING count
                            """
                    ),
                    arguments: [key, until, amount]
                ) ?? amount
            }
        }
    }

    func forgetCounts(before time: Int64) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM rate_counts WHERE until < ?", arguments: [time]) }
    }

    func clearCounts(_ keys: [String]) async throws {
        try await write { db in
            for key in keys { try db.execute(sql: "DELETE FROM rate_counts WHERE key = ?", arguments: [key]) }
        }
    }
}
