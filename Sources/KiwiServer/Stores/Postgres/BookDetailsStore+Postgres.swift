import Foundation
import PostgresNIO

/// Claimed with one statement: of the servers asking at once, the row's lock lets one through.
extension PostgresKiwiDatabase: BookDetailsStore {
    func oweDetails(_ isbn13: String, due: Date) async throws {
        try await run(OweDetails.self, binds(isbn13, due.timeIntervalSince1970))
    }

    func detailsDue(at now: Date, limit: Int) async throws -> [String] {
        try await rows(DetailsDue.self, binds(now.timeIntervalSince1970, limit)) { try $0.decode(String.self) }
    }

    func claimDetails(_ isbn13: String, at now: Date, until: Date) async throws -> Int? {
        try await first(ClaimDetails.self, binds(isbn13, until.timeIntervalSince1970, now.timeIntervalSince1970)) { try $0.decode(Int32.self) }
            .map(Int.init)
    }

    func postponeDetails(_ isbn13: String, failures: Int, until due: Date) async throws {
        try await run(PostponeDetails.self, binds(isbn13, failures, due.timeIntervalSince1970))
    }

    /// Each changed row's trigger tells every server (`post:u:…`, `reading:u:…`).
    func name(_ book: KiwiBook) async throws -> BookNamed {
        let (stored, isbn13, unnamed) = (book.stored ?? "{}", book.isbn13, KiwiBook.unnamed(book.isbn13).title)
        let logger = self.logger
        return try await transaction { connection in
            var named = BookNamed()
            let posts = try await connection.query(
                "UPDATE posts SET book = \(stored) WHERE \(unescaped: Self.bookISBN13) = \(isbn13) AND book::jsonb ->> 'title' = \(unnamed) RETURNING id, owner",
                logger: logger
            )
            for try await (id, author) in posts.decode((Int64, String).self) { named.posts.append((id, author)) }
            let readings = try await connection.query(
                "UPDATE readings SET book = \(stored) WHERE isbn13 = \(isbn13) AND book::jsonb ->> 'title' = \(unnamed) RETURNING id, owner",
                logger: logger
            )
            for try await (id, reader) in readings.decode((Int64, String).self) { named.readings.append((id, reader)) }
            try await connection.query("DELETE FROM book_details WHERE isbn13 = \(isbn13)", logger: logger)
            return named
        }
    }

    private enum OweDetails: PostgresStatementText {
        static let sql = "INSERT INTO book_details (isbn13, failures, due) VALUES ($1, 0, $2) ON CONFLICT (isbn13) DO NOTHING"
    }

    private enum DetailsDue: PostgresStatementText {
        static let sql = "SELECT isbn13 FROM book_details WHERE due <= $1 ORDER BY due, isbn13 LIMIT $2"
    }

    private enum ClaimDetails: PostgresStatementText {
        static let sql = "UPDATE book_details SET due = $2 WHERE isbn13 = $1 AND due <= $3 RETURNING failures"
    }

    private enum PostponeDetails: PostgresStatementText {
        static let sql = "UPDATE book_details SET failures = $2, due = $3 WHERE isbn13 = $1"
    }
}
