/// The community's full-text search, each database's own: SQLite's FTS5 tables (the tokenizer
/// `unicode61 remove_diacritics 2`) and PostgreSQL's `tsvector` columns with GIN indexes, both
/// kept by the database itself in every write's own transaction (triggers, generated columns).
/// Best first, then the newest; `offset` and `limit` cut a page of that order. A word found in
/// more posts than `SearchStore.candidates` is ranked among its newest that many.
protocol SearchStore: Sendable {
    /// Posts whose caption, or one of whose comments, holds the search.
    func searchPosts(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiPost]
    /// Books named by a post or a shelf, by title or author.
    func searchBooks(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiBook]
    /// Members (not sign-ups waiting for approval), by username or display name.
    func searchMembers(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiUser]
}

enum SearchLimits {
    /// The matches of one kind ranked for a search, at most: the newest of them. A word in most of
    /// 100,000 posts is then ranked in a few milliseconds on either database.
    static let candidates = 1_000
}
