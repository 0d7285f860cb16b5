import Foundation
import PostgresNIO

extension PostgresKiwiDatabase: SearchStore {
    func searchPosts(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiPost] {
        try await rows(SearchPosts.self, binds(query.text, SearchLimits.candidates, limit, offset)) { try Self.post($0, viewer: nil) }
    }

    func searchBooks(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiBook] {
        try await rows(SearchBooks.self, binds(query.text, SearchLimits.candidates, limit, offset)) { row in
            guard let book = KiwiBook(stored: try row.decode(String.self)) else { throw KiwiProblem.invalid("a stored book cannot be read") }
            return book
        }
    }

    func searchMembers(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiUser] {
        try await rows(SearchMembers.self, binds(query.text, limit, offset)) { try Self.user($0.makeRandomAccess()) }
    }

    // MARK: statements

    /// `$1` as `websearch_to_tsquery` reads it, folded as the columns are.
    static let searched = "websearch_to_tsquery('simple', kiwi_fold($1))"

    /// The newest `$2` matches of each kind ranked together (a comment's match counts half); a post
    /// found twice counts its best; `$3` of them after the first `$4`.
    private enum SearchPosts: PostgresStatementText {
        static let sql = """
            WITH q AS (SELECT \(searched) AS q),
            hits AS (
                (SELECT p.id, ts_rank(p.search, q.q) AS score FROM posts p, q WHERE p.search @@ q.q ORDER BY p.id DESC LIMIT $2)
                UNION ALL
                (SELECT c.post_id, ts_rank(c.search, q.q) / 2 FROM comments c, q WHERE c.search @@ q.q ORDER BY c.id DESC LIMIT $2)),
            ranked AS (SELECT id, max(score) AS score FROM hits GROUP BY id ORDER BY score DESC, id DESC LIMIT $3 OFFSET $4)
            \(pageColumns) JOIN ranked r ON r.id = p.id ORDER BY r.score DESC, r.id DESC
            """
    }

    /// Each book once, in the words of its newest post or shelf.
    private enum SearchBooks: PostgresStatementText {
        static let sql = """
            WITH q AS (SELECT \(searched) AS q),
            hits AS (
                (SELECT p.book, \(bookISBN13) AS isbn13, ts_rank(p.book_search, q.q) AS score, p.created_at AS at
                 FROM posts p, q WHERE p.book_search @@ q.q ORDER BY p.id DESC LIMIT $2)
                UNION ALL
                (SELECT r.book, r.isbn13, ts_rank(r.book_search, q.q), r.updated_at FROM readings r, q WHERE r.book_search @@ q.q
                 ORDER BY r.id DESC LIMIT $2)),
            books AS (SELECT DISTINCT ON (isbn13) isbn13, book, score FROM hits ORDER BY isbn13, at DESC)
            SELECT book FROM books ORDER BY score DESC, isbn13 DESC LIMIT $3 OFFSET $4
            """
    }

    private enum SearchMembers: PostgresStatementText {
        static let sql = """
            SELECT \(userColumns) FROM users u WHERE u.search @@ \(searched) AND u.pending = 0
            ORDER BY ts_rank(u.search, \(searched)) DESC, u.username LIMIT $2 OFFSET $3
            """
    }
}
