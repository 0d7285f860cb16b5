import Foundation
import PostgresNIO

extension PostgresKiwiDatabase: SearchStore {
    func searchPosts(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiPost] {
        try await planned(Self.searchPosts, binds(query.text, SearchLimits.candidates, limit, offset)) { try Self.post($0, viewer: nil) }
    }

    func searchBooks(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiBook] {
        try await planned(Self.searchBooks, binds(query.text, SearchLimits.candidates, limit, offset)) { row in
            guard let book = KiwiBook(stored: try row.decode(String.self)) else { throw KiwiProblem.invalid("a stored book cannot be read") }
            return book
        }
    }

    func searchMembers(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiUser] {
        try await planned(Self.searchMembers, binds(query.text, limit, offset)) { try Self.user($0.makeRandomAccess()) }
    }

    /// A search planned for its own words each time (an unnamed statement): a prepared statement's
    /// generic plan cannot tell a word in every post from a word in a few, and finds both one way
    /// (a word in 83,000 posts of 100,000 took 90 ms through the GIN index; read newest first, 2).
    private func planned<Row: Sendable>(
        _ sql: String,
        _ bindings: PostgresBindings,
        _ function: String = #function,
        read: @escaping @Sendable (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        try await rows(PostgresQuery(unsafeSQL: sql, binds: bindings), function, read: read)
    }

    // MARK: statements

    /// `$1` as `websearch_to_tsquery` reads it, folded as the columns are; written in each part of a
    /// search (not shared through a CTE), so that the planner sees the words of each.
    static let searched = "websearch_to_tsquery('simple', kiwi_fold($1))"

    /// The newest `$2` matches of each kind ranked together (a comment's match counts half); a post
    /// found twice counts its best; `$3` of them after the first `$4`.
    static let searchPosts = """
        WITH hits AS (
            SELECT id, ts_rank(search, \(searched)) AS score FROM
                (SELECT id, search FROM posts WHERE search @@ \(searched) ORDER BY id DESC LIMIT $2) p
            UNION ALL
            SELECT post_id, ts_rank(search, \(searched)) / 2 FROM
                (SELECT id, post_id, search FROM comments WHERE search @@ \(searched) ORDER BY id DESC LIMIT $2) c),
        ranked AS (SELECT id, max(score) AS score FROM hits GROUP BY id ORDER BY score DESC, id DESC LIMIT $3 OFFSET $4)
        \(pageColumns) JOIN ranked r ON r.id = p.id ORDER BY r.score DESC, r.id DESC
        """

    /// Each book once, in the words of its newest post or shelf.
    static let searchBooks = """
        WITH hits AS (
            SELECT book, isbn13, ts_rank(book_search, \(searched)) AS score, at FROM
                (SELECT book, \(bookISBN13) AS isbn13, book_search, created_at AS at FROM posts WHERE book_search @@ \(searched)
                 ORDER BY id DESC LIMIT $2) p
            UNION ALL
            SELECT book, isbn13, ts_rank(book_search, \(searched)), updated_at FROM
                (SELECT book, isbn13, book_search, updated_at FROM readings WHERE book_search @@ \(searched) ORDER BY id DESC LIMIT $2) r),
        books AS (SELECT DISTINCT ON (isbn13) isbn13, book, score FROM hits ORDER BY isbn13, at DESC)
        SELECT book FROM books ORDER BY score DESC, isbn13 DESC LIMIT $3 OFFSET $4
        """

    static let searchMembers = """
        SELECT \(userColumns) FROM users u WHERE u.search @@ \(searched) AND u.pending = 0
        ORDER BY ts_rank(u.search, \(searched)) DESC, u.username LIMIT $2 OFFSET $3
        """
}
