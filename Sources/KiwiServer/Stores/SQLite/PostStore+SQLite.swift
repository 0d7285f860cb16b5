import Foundation
import GRDB
import KiwiMedia
import KiwiWire

extension SQLiteKiwiDatabase: PostStore {
    /// A post's columns, its author's, and (`?`) whether the viewer likes it.
    static let postColumns = """
        SELECT p.id, p.image, p.caption, p.created_at, p.like_count, p.comment_count, p.book,
               \(userColumns), EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.owner = ?), p.image_alt,
               p.spoiler
        FROM posts p JOIN users u ON u.username = p.owner
        """

    func createPost(_ new: NewPost, keeping: AnswerToKeep<KiwiPost>?) async throws -> KiwiPost {
        try await write { db in
            let now = Date().timeIntervalSince1970
            try Self.insert(new.image, at: now, db)
            try db.execute(
                sql: "INSERT INTO posts (owner, image, caption, created_at, book, image_alt, spoiler, remote_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    new.owner, new.image.name, new.caption, new.createdAt?.timeIntervalSince1970 ?? now, new.book?.stored, new.imageAlt, new.spoiler,
                    new.remoteID,
                ]
            )
            guard let post = try Self.post(db.lastInsertedRowID, viewer: new.owner, db) else { throw KiwiProblem.noSuchPost }
            try Self.keep(keeping, post, db)
            return post
        }
    }

    func post(_ id: Int64, viewer: String?) async throws -> KiwiPost? {
        try await read { db in try Self.post(id, viewer: viewer, db) }
    }

    /// The page's ids are found on the index alone (deep OFFSETs skip index entries,
    /// not joined rows); only the page itself is joined with its authors.
    func posts(_ selection: KiwiPostList, window: ListWindow) async throws -> [KiwiPost] {
        try await read { db in
            var filter = "1"
            var arguments: StatementArguments = [nil]
            switch selection {
            case .everyone:
                filter = "q.remote_id IS NULL"
            case .feed(let member):
                filter = """
                    (q.owner = ? OR q.owner IN (SELECT followee FROM following WHERE follower = ?)
                     OR q.owner IN (SELECT u.username FROM remote_following r JOIN users u ON u.actor = r.actor WHERE r.member = ? AND r.accepted = 1))
                    """
                arguments += [member, member, member]
            case .author(let member):
                filter = "q.owner = ?"
                arguments += [member]
            case .book(let isbn13):
                filter = "\(Self.bookISBN13) = ?"
                arguments += [isbn13]
            }
            let (range, order, values) = window.sqlite(table: "posts", alias: "q", time: "created_at", key: "id")
            arguments += values
            let sql =
                Self.postColumns + """
                     JOIN (SELECT q.id FROM posts q WHERE \(filter)\(range) \(order)) page ON page.id = p.id
                    ORDER BY p.created_at DESC, p.id DESC
                    """
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { Self.post($0, viewer: nil) }
        }
    }

    /// The ISBN-13 of a post's book, as its index holds it (the same expression, to be used).
    static let bookISBN13 = "json_extract(book, '$.isbn13')"

    func book(_ isbn13: String, recentReaders: Int) async throws -> KiwiBookStanding? {
        try await read { db in
            let about = "FROM posts WHERE \(Self.bookISBN13) = ?"
            // A bare column beside max() is the newest row's: the book in its newest post's words.
            let counts = "SELECT book, max(created_at), count(*), count(DISTINCT owner) \(about)"
            guard let row = try Row.fetchOne(db.cachedStatement(sql: counts), arguments: [isbn13]),
                let book = KiwiBook(stored: row[0])
            else { return nil }
            let readers = """
                SELECT \(Self.userColumns) FROM (SELECT owner, max(created_at) AS latest \(about) GROUP BY owner) r
                JOIN users u ON u.username = r.owner ORDER BY r.latest DESC, u.username LIMIT ?
                """
            return KiwiBookStanding(
                book: book,
                reflections: row[2],
                readers: row[3],
                recentReaders: try Row.fetchAll(db.cachedStatement(sql: readers), arguments: [isbn13, recentReaders]).map { Self.user($0) }
            )
        }
    }

    func popularBooks(since: Date, limit: Int, followedBy follower: String?) async throws -> KiwiPopularBooks {
        try await read { db in
            // Nobody silenced or suspended is counted.
            var counted = """
                FROM posts WHERE book IS NOT NULL AND created_at >= ?
                AND owner NOT IN (SELECT username FROM users WHERE silenced IS NOT NULL OR suspended IS NOT NULL)
                """
            var arguments: StatementArguments = [since.timeIntervalSince1970]
            if let follower {
                counted += " AND owner IN (SELECT followee FROM following WHERE follower = ?)"
                arguments += [follower]
            }
            // A bare column beside max() is the newest row's, as above.
            let sql = """
                SELECT book, count(*) AS reflections, count(DISTINCT owner) AS readers, max(created_at) AS latest,
                       \(Self.bookISBN13) AS isbn13
                \(counted) GROUP BY isbn13 ORDER BY reflections DESC, readers DESC, latest DESC, isbn13 LIMIT ?
                """
            let standings = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments + [limit]).compactMap { row in
                KiwiBook(stored: row[0]).map { KiwiBookStanding(book: $0, reflections: row[1], readers: row[2]) }
            }
            let oldest = try Double.fetchOne(db.cachedStatement(sql: "SELECT min(created_at) \(counted)"), arguments: arguments)
            return KiwiPopularBooks(standings: standings, oldestCounted: oldest.map(Date.init(timeIntervalSince1970:)))
        }
    }

    func liked(by reader: String, among ids: [Int64]) async throws -> Set<Int64> {
        try await read { db in
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            let sql = "SELECT post_id FROM likes WHERE owner = ? AND post_id IN (\(marks))"
            return Set(
                try Int64.fetchAll(
                    db.cachedStatement(sql: sql),
                    arguments: StatementArguments([reader] + ids.map { $0 as any DatabaseValueConvertible })
                )
            )
        }
    }

    func postTimes(by author: String, since: Date) async throws -> [Date] {
        try await read { db in
            try Double.fetchAll(
                db.cachedStatement(sql: "SELECT created_at FROM posts WHERE owner = ? AND created_at >= ? ORDER BY created_at DESC"),
                arguments: [author, since.timeIntervalSince1970]
            ).map(Date.init(timeIntervalSince1970:))
        }
    }

    func author(of id: Int64) async throws -> String? {
        try await read { db in try String.fetchOne(db, sql: "SELECT owner FROM posts WHERE id = ?", arguments: [id]) }
    }

    func deletePost(_ id: Int64, ifOwnedBy owner: String) async throws -> Removal? {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT owner, image FROM posts WHERE id = ?", arguments: [id]) else { return nil }
            let author: String = row[0]
            var removal = Removal(owner: author, post: id, postAuthor: author, removed: author == owner)
            guard removal.removed else { return removal }
            let image: String = row[1]
            removal.image = image
            removal.notices.withdrawn = try Self.withdraw(where: "post_id = ?", [id], db)
            // Likes and comments go with it (ON DELETE CASCADE).
            try db.execute(sql: "DELETE FROM posts WHERE id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM images WHERE name = ?", arguments: [image])
            return removal
        }
    }

    func image(_ name: String) async throws -> StoredImage? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT name, content_type, digest, bytes FROM images WHERE name = ?", arguments: [name]).map {
                StoredImage(name: $0[0], contentType: $0[1], digest: $0[2], bytes: $0[3])
            }
        }
    }

    func keepsImage(_ name: String) async throws -> Bool {
        try await read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM images WHERE name = ?)", arguments: [name]) ?? false }
    }

    func like(_ id: Int64, by username: String, notifying recipient: String?) async throws -> Liking {
        try await write { db in
            let author = try Self.author(of: id, db)
            try db.execute(
                sql: "INSERT OR IGNORE INTO likes (post_id, owner, created_at) VALUES (?, ?, ?)",
                arguments: [id, username, Date().timeIntervalSince1970]
            )
            var notices = Notices()
            if db.changesCount > 0 {
                try db.execute(sql: "UPDATE posts SET like_count = like_count + 1 WHERE id = ?", arguments: [id])
                notices.told = try recipient.map { try Self.notify($0, .like, by: username, post: id, db) }
            }
            return Liking(likes: try Self.likes(of: id, db), author: author, notices: notices)
        }
    }

    func unlike(_ id: Int64, by username: String) async throws -> Liking {
        try await write { db in
            let author = try Self.author(of: id, db)
            try db.execute(sql: "DELETE FROM likes WHERE post_id = ? AND owner = ?", arguments: [id, username])
            var notices = Notices()
            if db.changesCount > 0 {
                try db.execute(sql: "UPDATE posts SET like_count = like_count - 1 WHERE id = ?", arguments: [id])
                notices.withdrawn = try Self.withdraw(where: "kind = 'like' AND post_id = ? AND actor = ?", [id, username], db)
            }
            return Liking(likes: try Self.likes(of: id, db), author: author, notices: notices)
        }
    }

    func comments(on id: Int64, window: ListWindow) async throws -> [KiwiComment] {
        try await read { db in
            _ = try Self.author(of: id, db)
            let (range, order, values) = window.sqlite(table: "comments", alias: "c", time: nil, key: "id")
            let sql = "SELECT * FROM (\(Self.commentColumns) WHERE c.post_id = ?\(range) \(order)) ORDER BY 1"
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [id] + values).map(Self.comment)
        }
    }

    func addComment(_ new: NewComment, keeping: AnswerToKeep<Commented>?) async throws -> Commented {
        try await write { db in
            let author = try Self.author(of: new.post, db)
            try db.execute(
                sql: "INSERT INTO comments (post_id, owner, text, created_at, spoiler, remote_id) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [new.post, new.author, new.text, (new.createdAt ?? Date()).timeIntervalSince1970, new.spoiler, new.remoteID]
            )
            let commentID = db.lastInsertedRowID
            try db.execute(sql: "UPDATE posts SET comment_count = comment_count + 1 WHERE id = ?", arguments: [new.post])
            let told = try new.notifying.map { try Self.notify($0, .comment, by: new.author, post: new.post, comment: commentID, db) }
            guard let row = try Row.fetchOne(db, sql: Self.commentColumns + " WHERE c.id = ?", arguments: [commentID]) else {
                throw KiwiProblem.noSuchComment
            }
            let commented = Commented(comment: Self.comment(row), author: author, notices: Notices(told: told))
            try Self.keep(keeping, commented, db)
            return commented
        }
    }

    func deleteComment(_ id: Int64, ifOwnedBy owner: String) async throws -> Removal? {
        try await write { db in
            let sql = "SELECT c.owner, c.post_id, p.owner FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.id = ?"
            guard let row = try Row.fetchOne(db, sql: sql, arguments: [id]) else { return nil }
            let commenter: String = row[0]
            var removal = Removal(owner: commenter, post: row[1], postAuthor: row[2], removed: commenter == owner)
            guard removal.removed else { return removal }
            removal.notices.withdrawn = try Self.withdraw(where: "comment_id = ?", [id], db)
            try db.execute(sql: "DELETE FROM comments WHERE id = ?", arguments: [id])
            try db.execute(sql: "UPDATE posts SET comment_count = comment_count - 1 WHERE id = ?", arguments: [removal.post])
            return removal
        }
    }

    func editPost(_ id: Int64, caption: String?, spoiler: String?, ifOwnedBy owner: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE posts SET caption = ?, spoiler = ? WHERE id = ? AND owner = ?", arguments: [caption, spoiler, id, owner])
            return db.changesCount > 0
        }
    }

    func editComment(_ id: Int64, text: String, spoiler: String?, ifOwnedBy owner: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE comments SET text = ?, spoiler = ? WHERE id = ? AND owner = ?", arguments: [text, spoiler, id, owner])
            return db.changesCount > 0
        }
    }

    // MARK: rows

    static let commentColumns =
        "SELECT c.id, c.post_id, c.text, c.created_at, \(userColumns), c.spoiler FROM comments c JOIN users u ON u.username = c.owner"

    private static func post(_ id: Int64, viewer: String?, _ db: Database) throws -> KiwiPost? {
        try Row.fetchOne(db.cachedStatement(sql: postColumns + " WHERE p.id = ?"), arguments: [viewer, id]).map { post($0, viewer: viewer) }
    }

    /// By position, in the order of `postColumns` (name lookups showed up in profiles of the feed).
    static func post(_ row: Row, viewer: String?) -> KiwiPost {
        KiwiPost(
            id: row[0],
            owner: user(row, from: 7),
            image: row[1],
            caption: row[2],
            createdAt: Date(timeIntervalSince1970: row[3]),
            likes: row[4],
            commentCount: row[5],
            likedByMe: viewer == nil ? nil : (row[12] as Bool),
            book: KiwiBook(stored: row[6]),
            imageAlt: row[13],
            spoiler: row[14]
        )
    }

    static func comment(_ row: Row) -> KiwiComment {
        KiwiComment(
            id: row[0],
            owner: user(row, from: 4),
            postID: row[1],
            text: row[2],
            createdAt: Date(timeIntervalSince1970: row[3]),
            spoiler: row[9]
        )
    }

    /// The post's author, or no such post.
    static func author(of id: Int64, _ db: Database) throws -> String {
        guard let owner = try String.fetchOne(db, sql: "SELECT owner FROM posts WHERE id = ?", arguments: [id]) else { throw KiwiProblem.noSuchPost }
        return owner
    }

    private static func likes(of id: Int64, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT like_count FROM posts WHERE id = ?", arguments: [id]) ?? 0
    }

    /// Tells `recipient` of `actor`'s doing; answers the notification's id.
    static func notify(
        _ recipient: String,
        _ kind: KiwiNotification.Kind,
        by actor: String,
        post: Int64? = nil,
        comment: Int64? = nil,
        _ db: Database
    ) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO notifications (recipient, kind, actor, post_id, comment_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [recipient, kind.rawValue, actor, post, comment, Date().timeIntervalSince1970]
        )
        return db.lastInsertedRowID
    }

    /// Withdraws the notifications that match; answers their ids.
    static func withdraw(where condition: String, _ arguments: StatementArguments, _ db: Database) throws -> [Int64] {
        let ids = try Int64.fetchAll(db, sql: "SELECT id FROM notifications WHERE \(condition)", arguments: arguments)
        try db.execute(sql: "DELETE FROM notifications WHERE \(condition)", arguments: arguments)
        return ids
    }
}
