import Foundation
import NIOCore
import NIOFoundationCompat
import PostgresNIO

extension PostgresKiwiDatabase: AnswerStore {
    func keptAnswer(account: String, key: String) async throws -> KeptAnswer? {
        try await first(KeptAnswerOf.self, binds(account, key)) { row in
            let (request, status, body) = try row.decode((String, Int32, ByteBuffer).self)
            return KeptAnswer(request: request, status: Int(status), body: Data(buffer: body))
        }
    }

    func forgetAnswers(before date: Date) async throws {
        try await run(ForgetAnswers.self, binds(date.timeIntervalSince1970))
    }

    /// A write, and the answer it keeps: without one, its statement alone (one round trip); with
    /// one, both in one transaction, so that a key kept already (by any server) is
    /// `repeatedRequest` and neither is stored.
    func writing<Made: Sendable>(
        keeping: AnswerToKeep<Made>?,
        _ function: String = #function,
        _ write: @escaping @Sendable (PostgresConnection) async throws -> Made
    ) async throws -> Made {
        guard let keeping else { return try await withConnection(function, write) }
        return try await transaction(function) { connection in
            let made = try await write(connection)
            let answer = try keeping.kept(made)
            let values = binds(
                keeping.account,
                keeping.key,
                answer.request,
                Int32(answer.status),
                ByteBuffer(data: answer.body),
                Date().timeIntervalSince1970
            )
            do {
                _ = try await self.rows(on: connection, KeepAnswer.self, values) { _ in () }
            } catch  where Self.refused(error, "23505") {
                throw KiwiProblem.repeatedRequest
            }
            return made
        }
    }

    private enum KeptAnswerOf: PostgresStatementText {
        static let sql = "SELECT request, status, body FROM kept_answers WHERE account = $1 AND key = $2"
    }

    private enum ForgetAnswers: PostgresStatementText {
        static let sql = "DELETE FROM kept_answers WHERE kept_at < $1"
    }

    /// Waits for a concurrent transaction keeping the same key, then refuses (23505) if it committed.
    private enum KeepAnswer: PostgresStatementText {
        static let sql = "INSERT INTO kept_answers (account, key, request, status, body, kept_at) VALUES ($1, $2, $3, $4, $5, $6)"
    }
}
