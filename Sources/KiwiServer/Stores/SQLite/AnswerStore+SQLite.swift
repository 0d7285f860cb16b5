import Foundation
import GRDB

extension SQLiteKiwiDatabase: AnswerStore {
    func keptAnswer(account: String, key: String) async throws -> KeptAnswer? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT request, status, body FROM kept_answers WHERE account = ? AND key = ?", arguments: [account, key])
                .map { KeptAnswer(request: $0[0], status: $0[1], body: $0[2]) }
        }
    }

    func forgetAnswers(before date: Date) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM kept_answers WHERE kept_at < ?", arguments: [date.timeIntervalSince1970]) }
    }

    /// Keeps a write's answer in its transaction: under a key kept already, `repeatedRequest`,
    /// and the transaction (the write with it) is rolled back.
    static func keep<Made>(_ keeping: AnswerToKeep<Made>?, _ made: Made, _ db: Database) throws {
        guard let keeping else { return }
        let answer = try keeping.kept(made)
        do {
            try db.execute(
                sql: "INSERT INTO kept_answers (account, key, request, status, body, kept_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [keeping.account, keeping.key, answer.request, answer.status, answer.body, Date().timeIntervalSince1970]
            )
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw KiwiProblem.repeatedRequest
        }
    }
}
