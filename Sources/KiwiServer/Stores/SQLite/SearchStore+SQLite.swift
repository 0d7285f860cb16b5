import Foundation
import GRDB

extension SQLiteKiwiDatabase: SearchStore {
    func searchPosts(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiPost] {
        try await read { db in
            // The newest matches of each kind, ranked together (a comment's match counts half: bm25 is
            // negative, better when lower); a post found twice counts its best.
            let sql =
                Self.postColumns + """
                     JOIN (SELECT id, min(score) AS score FROM (
                              SELECT * FROM (SELECT rowid AS id, bm25(post_search) AS score FROM post_search WHERE post_search MATCH ?
                                             ORDER BY rowid DESC LIMIT ?)
                              UNION ALL
                              SELECT * FROM (SELECT c.post_id AS id, bm25(comment_search) / 2 AS score FROM comment_search
                                             JOIN comments c ON c.id = comment_search.rowid WHERE comment_search MATCH ?
                                             ORDER BY comment_search.rowid DESC LIMIT ?))
                           GROUP BY id ORDER BY score, id DESC LIMIT ? OFFSET ?) r ON r.id = p.id
                    ORDER BY r.score, r.id DESC
                    """
            let arguments: StatementArguments = [nil, query.fts5, SearchLimits.candidates, query.fts5, SearchLimits.candidates, limit, offset]
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { Self.post($0, viewer: nil) }
        }
    }

    func searchBooks(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiBook] {
        try await read { db in
            let sql = """
                SELECT isbn13, title, authors FROM book_search WHERE book_search MATCH ? ORDER BY bm25(book_search), rowid DESC LIMIT ? OFFSET ?
                """
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [query.fts5, limit, offset]).map { row in
                let authors: String = row[2]
                return KiwiBook(
                    title: row[1],
                    authors: authors.isEmpty ? [] : authors.components(separatedBy: SQLiteSearch.authorSeparator),
                    isbn13: row[0]
                )
            }
        }
    }

    func searchMembers(_ query: KiwiSearchQuery, offset: Int, limit: Int) async throws -> [KiwiUser] {
        try await read { db in
            let sql = """
                SELECT \(Self.userColumns) FROM member_search s JOIN users u ON u.rowid = s.rowid
                WHERE member_search MATCH ? AND u.pending = 0 ORDER BY bm25(member_search), u.username LIMIT ? OFFSET ?
                """
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [query.fts5, limit, offset]).map { Self.user($0) }
        }
    }
}

/// SQLite's side of the search: FTS5 tables kept by triggers in each write's transaction.
enum SQLiteSearch {
    /// How a book's authors are kept in one column (and split again).
    static let authorSeparator = "; "

    private static let tokenizer = "tokenize = 'unicode61 remove_diacritics 2'"

    /// A book's row from a post's or a shelf's `book` JSON (`json` names it), keyed by its ISBN-13 as a number.
    static func bookRow(_ json: String) -> String {
        """
        INSERT OR REPLACE INTO book_search (rowid, isbn13, title, authors)
        SELECT CAST(json_extract(\(json), '$.isbn13') AS INTEGER), json_extract(\(json), '$.isbn13'), json_extract(\(json), '$.title'),
               coalesce((SELECT group_concat(value, '\(authorSeparator)') FROM json_each(\(json), '$.authors')), '')
        """
    }

    /// A book leaves the search when no post and no shelf names it any more.
    private static func bookGone(_ isbn13: String) -> String {
        """
        DELETE FROM book_search WHERE rowid = CAST(\(isbn13) AS INTEGER)
            AND NOT EXISTS (SELECT 1 FROM posts WHERE \(SQLiteKiwiDatabase.bookISBN13) = \(isbn13))
            AND NOT EXISTS (SELECT 1 FROM readings WHERE isbn13 = \(isbn13))
        """
    }

    static let schema = """
        CREATE VIRTUAL TABLE post_search USING fts5(caption, \(tokenizer));
        CREATE VIRTUAL TABLE comment_search USING fts5(text, \(tokenizer));
        CREATE VIRTUAL TABLE member_search USING fts5(username, fullname, \(tokenizer));
        CREATE VIRTUAL TABLE book_search USING fts5(isbn13 UNINDEXED, title, authors, \(tokenizer));
        CREATE TRIGGER post_searched AFTER INSERT ON posts BEGIN
            INSERT INTO post_search (rowid, caption) VALUES (new.id, coalesce(new.caption, ''));
        END;
        CREATE TRIGGER post_unsearched AFTER DELETE ON posts BEGIN
            DELETE FROM post_search WHERE rowid = old.id;
        END;
        CREATE TRIGGER post_book_searched AFTER INSERT ON posts WHEN new.book IS NOT NULL BEGIN
            \(bookRow("new.book"));
        END;
        CREATE TRIGGER post_book_unsearched AFTER DELETE ON posts WHEN old.book IS NOT NULL BEGIN
            \(bookGone("json_extract(old.book, '$.isbn13')"));
        END;
        CREATE TRIGGER comment_searched AFTER INSERT ON comments BEGIN
            INSERT INTO comment_search (rowid, text) VALUES (new.id, new.text);
        END;
        CREATE TRIGGER comment_unsearched AFTER DELETE ON comments BEGIN
            DELETE FROM comment_search WHERE rowid = old.id;
        END;
        CREATE TRIGGER member_searched AFTER INSERT ON users BEGIN
            INSERT INTO member_search (rowid, username, fullname) VALUES (new.rowid, new.username, coalesce(new.fullname, ''));
        END;
        CREATE TRIGGER member_changed AFTER UPDATE OF username, fullname ON users BEGIN
            UPDATE member_search SET username = new.username, fullname = coalesce(new.fullname, '') WHERE rowid = new.rowid;
        END;
        CREATE TRIGGER member_unsearched AFTER DELETE ON users BEGIN
            DELETE FROM member_search WHERE rowid = old.rowid;
        END;
        CREATE TRIGGER reading_book_searched AFTER INSERT ON readings BEGIN
            \(bookRow("new.book"));
        END;
        CREATE TRIGGER reading_book_unsearched AFTER DELETE ON readings BEGIN
            \(bookGone("old.isbn13"));
        END;
        """

    /// A caption or a comment written anew is found by its new words, and no longer by its old.
    static let edits = """
        CREATE TRIGGER post_edited AFTER UPDATE OF caption ON posts BEGIN
            UPDATE post_search SET caption = coalesce(new.caption, '') WHERE rowid = new.id;
        END;
        CREATE TRIGGER comment_edited AFTER UPDATE OF text ON comments BEGIN
            UPDATE comment_search SET text = new.text WHERE rowid = new.id;
        END;
        """

    /// What a database made before the search holds, indexed once.
    static let filled = """
        INSERT INTO post_search (rowid, caption) SELECT id, coalesce(caption, '') FROM posts;
        INSERT INTO comment_search (rowid, text) SELECT id, text FROM comments;
        INSERT INTO member_search (rowid, username, fullname) SELECT rowid, username, coalesce(fullname, '') FROM users;
        \(bookRow("book")) FROM posts WHERE book IS NOT NULL;
        \(bookRow("book")) FROM readings;
        """
}
