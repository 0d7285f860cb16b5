import Foundation
import KiwiServerSettings
import KiwiWire
import Logging
import PostgresNIO
import TestSupport
import Testing

@testable import KiwiServer

/// Every store call gives its connection back to the pool, however it ends: a connection kept is
/// a server that, a few of them later, answers nothing but "unavailable".
@Suite(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
struct KiwiPostgresPoolTests {
    /// Its rows are described, then it fails (division by zero) as it runs.
    enum Failing: PostgresStatementText {
        static let sql = "SELECT (1 / (n - n))::int8 FROM generate_series(1, 1) AS n"
    }

    /// A statement that fails after its rows were described, its error read before the store asked
    /// for the rows (likely when the machine is busy), must still give its connection back.
    @Test func statementsThatFailAsTheyRunGiveTheirConnectionBack() async throws {
        let url = try #require(StoreKind.databaseURL)
        let single = try #require(PostgresAddress(url: url.replacingOccurrences(of: "pool=2", with: "pool=1")))
        let quiet = Logger(label: "kiwi-pool-test") { _ in SwiftLogNoOpLogHandler() }
        let database = PostgresKiwiDatabase(address: single, patience: .seconds(2), logger: quiet)
        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await database.run() }
            defer { group.cancelAll() }
            for _ in 0..<20 {
                await withTaskGroup(of: Void.self) { calls in
                    for _ in 0..<50 {
                        calls.addTask { _ = try? await database.rows(Failing.self, PostgresBindings()) { try $0.decode(Int64.self) } }
                    }
                }
            }
            // Straight from the pool (a loaded run may be slow, not stuck): its one connection, if it came back.
            struct Stuck: Error {}
            let answered = try? await Deadline.answer(within: .seconds(20), orThrow: Stuck()) {
                try await database.client.withConnection { try await $0.query("SELECT 1", logger: quiet).collect().count }
            }
            #expect(answered == 1, "the connection came back every time")
        }
    }
}
