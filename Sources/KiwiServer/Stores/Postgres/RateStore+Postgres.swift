import PostgresNIO

/// One statement for all the keys: the counts of every server, exact (no slack).
extension PostgresKiwiDatabase: RateStore {
    func addToCounts(_ keys: [String], until: Int64, amount: Int) async throws -> [Int] {
        let counted = try await rows(AddToCounts.self, binds(keys, until, Int64(amount))) { try $0.decode((String, Int64).self) }
        let byKey = Dictionary(counted, uniquingKeysWith: max)
        return keys.map { Int(byKey[$0] ?? Int64(amount)) }
    }

    func forgetCounts(before time: Int64) async throws {
        try await run(ForgetCounts.self, binds(time))
    }

    func clearCounts(_ keys: [String]) async throws {
        try await run(ClearCounts.self, binds(keys))
    }

    private enum AddToCounts: PostgresStatementText {
        static let sql = """
            INSERT INTO rate_counts (key, until, count) SELECT key, $2, $3 FROM unnest($1::text[]) AS key
            ON CONFLICT (key, until) DO UPDATE SET count = rate_counts.count + excluded.count RETURNING key, count
            """
    }

    private enum ForgetCounts: PostgresStatementText {
        static let sql = "DELETE FROM rate_counts WHERE until < $1"
    }

    private enum ClearCounts: PostgresStatementText {
        static let sql = "DELETE FROM rate_counts WHERE key = ANY($1::text[])"
    }
}
