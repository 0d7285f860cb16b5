import Foundation
import KiwiMedia
import KiwiWire
import NIOCore
import NIOFoundationCompat
import PostgresNIO

/// Each write is one statement (its own transaction, one round trip): the like, its count and its
/// notification together, or none of them.
extension PostgresKiwiDatabase: PostStore {
    func createPost(_ new: NewPost, keeping: AnswerToKeep<KiwiPost>?) async throws -> KiwiPost {
        let stored = new.image.stored
        let values = binds(
            new.owner,
            new.image.name,
            new.caption,
            (new.createdAt ?? Date()).timeIntervalSince1970,
            new.book?.stored,
            stored?.contentType,
            stored.map { Int32($0.bytes.count) },
            stored?.digest,
            stored.map { ByteBuffer(data: $0.bytes) },
            new.imageAlt,
            new.spoiler,
            new.remoteID
        )
        do {
            return try await writing(keeping: keeping) { connection in
                guard let post = try await self.rows(on: connection, CreatePost.self, values, read: { try Self.post($0, viewer: new.owner) }).first
                else { throw KiwiProblem.noSuchPost }
                return post
            }
        } catch  where Self.refused(error, "23503") {
            throw KiwiProblem.noSuchUser
        }
    }

    func post(_ id: Int64, viewer: String?) async throws -> KiwiPost? {
        try await first(OnePost.self, binds(viewer ?? "", id)) { try Self.post($0, viewer: viewer) }
    }

    /// The page's ids come from the index alone; only the page is joined with its authors.
    func posts(_ selection: KiwiPostList, window: ListWindow) async throws -> [KiwiPost] {
        let read: @Sendable (PostgresRow) throws -> KiwiPost = { try Self.post($0, viewer: nil) }
        switch selection {
        case .everyone: return try await rows(EveryonesPage.self, window.binding(after: "everyone"), read: read)
        case .author(let member): return try await rows(AuthorsPage.self, window.binding(after: member), read: read)
        case .feed(let member): return try await rows(FeedPage.self, window.binding(after: member), read: read)
        case .book(let isbn13): return try await rows(BooksPage.self, window.binding(after: isbn13), read: read)
        }
    }

    func book(_ isbn13: String, recentReaders: Int) async throws -> KiwiBookStanding? {
        let counts = try await first(BookCounts.self, binds(isbn13)) { row in
            try row.decode((String?, Int64, Int64).self)
        }
        guard let counts, let book = KiwiBook(stored: counts.0) else { return nil }
        let readers = try await rows(BookReaders.self, binds(isbn13, Int64(recentReaders))) { try Self.user($0.makeRandomAccess()) }
        return KiwiBookStanding(book: book, reflections: Int(counts.1), readers: Int(counts.2), recentReaders: readers)
    }

    func popularBooks(since: Date, limit: Int, followedBy follower: String?) async throws -> KiwiPopularBooks {
        let standings = try await rows(PopularBooks.self, binds(since.timeIntervalSince1970, follower, Int64(limit))) { row in
            let (stored, reflections, readers) = try row.decode((String?, Int64, Int64).self)
            return KiwiBook(stored: stored).map { KiwiBookStanding(book: $0, reflections: Int(reflections), readers: Int(readers)) }
        }
        let oldest = try await first(OldestCounted.self, binds(since.timeIntervalSince1970, follower)) { try $0.decode(Double?.self) } ?? nil
        return KiwiPopularBooks(standings: standings.compactMap(\.self), oldestCounted: oldest.map(Date.init(timeIntervalSince1970:)))
    }

    func liked(by reader: String, among ids: [Int64]) async throws -> Set<Int64> {
        Set(try await rows(Liked.self, binds(reader, ids)) { try $0.decode(Int64.self) })
    }

    func postTimes(by author: String, since: Date) async throws -> [Date] {
        try await rows(PostTimes.self, binds(author, since.timeIntervalSince1970)) { Date(timeIntervalSince1970: try $0.decode(Double.self)) }
    }

    func author(of id: Int64) async throws -> String? {
        try await first(Author.self, binds(id)) { try $0.decode(String.self) }
    }

    func deletePost(_ id: Int64, ifOwnedBy owner: String) async throws -> Removal? {
        try await first(DeletePost.self, binds(id, owner)) { row in
            let (author, image, removed, withdrawn) = try row.decode((String, String, Bool, [Int64]).self)
            return Removal(
                owner: author,
                post: id,
                postAuthor: author,
                removed: removed,
                image: removed ? image : nil,
                notices: Notices(withdrawn: withdrawn)
            )
        }
    }

    func image(_ name: String) async throws -> StoredImage? {
        try await first(Image.self, binds(name)) { row in
            let (name, type, digest, bytes) = try row.decode((String, String, String, ByteBuffer).self)
            return StoredImage(name: name, contentType: type, digest: digest, bytes: Data(buffer: bytes))
        }
    }

    func keepsImage(_ name: String) async throws -> Bool {
        try await first(KeepsImage.self, binds(name)) { try $0.decode(Bool.self) } ?? false
    }

    func like(_ id: Int64, by username: String, notifying recipient: String?) async throws -> Liking {
        try await liking(Like.self, binds(id, username, Date().timeIntervalSince1970, recipient))
    }

    func unlike(_ id: Int64, by username: String) async throws -> Liking {
        try await liking(Unlike.self, binds(id, username))
    }

    /// A like or an unlike: the post's count after it, its author, and the notifications told or withdrawn.
    private func liking<Text: PostgresStatementText>(
        _ text: Text.Type,
        _ values: PostgresBindings,
        _ function: String = #function
    ) async throws
        -> Liking
    {
        let answer: Liking?
        do {
            answer = try await first(text, values, function) { row in
                let (likes, author, told, withdrawn) = try row.decode((Int32, String, Int64?, [Int64]).self)
                return Liking(likes: Int(likes), author: author, notices: Notices(told: told, withdrawn: withdrawn))
            }
        } catch  where Self.refused(error, "23503") {
            throw KiwiProblem.noSuchPost
        }
        guard let answer else { throw KiwiProblem.noSuchPost }
        return answer
    }

    func comments(on id: Int64, window: ListWindow) async throws -> [KiwiComment] {
        let found = try await rows(Comments.self, window.binding(after: id)) { row -> KiwiComment? in
            let cells = row.makeRandomAccess()
            guard let comment = try cells[0].decode(Int64?.self) else { return nil }
            return try Self.comment(cells, id: comment)
        }
        guard !found.isEmpty else { throw KiwiProblem.noSuchPost }
        return found.compactMap { $0 }
    }

    func addComment(_ new: NewComment, keeping: AnswerToKeep<Commented>?) async throws -> Commented {
        let values = binds(new.post, new.author, new.text, (new.createdAt ?? Date()).timeIntervalSince1970, new.notifying, new.spoiler, new.remoteID)
        do {
            return try await writing(keeping: keeping) { connection in
                let added = try await self.rows(on: connection, AddComment.self, values) { row in
                    let cells = row.makeRandomAccess()
                    return Commented(
                        comment: try Self.comment(cells, id: try cells[0].decode(Int64.self)),
                        author: try cells[10].decode(String.self),
                        notices: Notices(told: try cells[11].decode(Int64?.self))
                    )
                }
                guard let added = added.first else { throw KiwiProblem.noSuchPost }
                return added
            }
        } catch  where Self.refused(error, "23503") {
            throw KiwiProblem.noSuchPost
        }
    }

    func deleteComment(_ id: Int64, ifOwnedBy owner: String) async throws -> Removal? {
        try await first(DeleteComment.self, binds(id, owner)) { row in
            let (commenter, post, author, removed, withdrawn) = try row.decode((String, Int64, String, Bool, [Int64]).self)
            return Removal(owner: commenter, post: post, postAuthor: author, removed: removed, notices: Notices(withdrawn: withdrawn))
        }
    }

    func editPost(_ id: Int64, caption: String?, spoiler: String?, ifOwnedBy owner: String) async throws -> Bool {
        try await rows("UPDATE posts SET caption = \(caption), spoiler = \(spoiler) WHERE id = \(id) AND owner = \(owner) RETURNING id") {
            try $0.decode(Int64.self)
        }.isEmpty == false
    }

    func editComment(_ id: Int64, text: String, spoiler: String?, ifOwnedBy owner: String) async throws -> Bool {
        try await rows("UPDATE comments SET text = \(text), spoiler = \(spoiler) WHERE id = \(id) AND owner = \(owner) RETURNING id") {
            try $0.decode(Int64.self)
        }.isEmpty == false
    }

    // MARK: rows

    /// A post's columns and its author's; `$1` names the viewer whose like is asked about.
    static let postColumns = """
        p.id, p.image, p.caption, p.created_at, p.like_count, p.comment_count, p.book, \(userColumns),
        EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.owner = $1), p.image_alt, p.spoiler
        """

    /// A page as every reader sees it (no viewer: nobody's like is asked about).
    static let pageColumns = """
        SELECT p.id, p.image, p.caption, p.created_at, p.like_count, p.comment_count, p.book, \(userColumns), false, p.image_alt, p.spoiler
        FROM posts p JOIN users u ON u.username = p.owner
        """

    static func post(_ row: PostgresRow, viewer: String?) throws -> KiwiPost {
        let cells = row.makeRandomAccess()
        return KiwiPost(
            id: try cells[0].decode(Int64.self),
            owner: try user(cells, from: 7),
            image: try cells[1].decode(String.self),
            caption: try cells[2].decode(String?.self),
            createdAt: Date(timeIntervalSince1970: try cells[3].decode(Double.self)),
            likes: Int(try cells[4].decode(Int32.self)),
            commentCount: Int(try cells[5].decode(Int32.self)),
            likedByMe: viewer == nil ? nil : try cells[12].decode(Bool.self),
            book: KiwiBook(stored: try cells[6].decode(String?.self)),
            imageAlt: try cells[13].decode(String?.self),
            spoiler: try cells[14].decode(String?.self)
        )
    }

    /// Columns `c.id` (read already), `c.post_id`, `c.text`, `c.created_at`, the author's, then `c.spoiler`.
    static func comment(_ cells: PostgresRandomAccessRow, id: Int64) throws -> KiwiComment {
        KiwiComment(
            id: id,
            owner: try user(cells, from: 4),
            postID: try cells[1].decode(Int64.self),
            text: try cells[2].decode(String.self),
            createdAt: Date(timeIntervalSince1970: try cells[3].decode(Double.self)),
            spoiler: try cells[9].decode(String?.self)
        )
    }

    // MARK: statements

    /// The image's row (when the store keeps it) and the post's, then the post as its author sees it.
    private enum CreatePost: PostgresStatementText {
        static let sql = """
            WITH kept AS (INSERT INTO images (name, content_type, size, digest, bytes, created_at)
                          SELECT $2, $6::text, $7::integer, $8::text, $9::bytea, $4 WHERE $9::bytea IS NOT NULL),
                 p AS (INSERT INTO posts (owner, image, caption, created_at, book, image_alt, spoiler, remote_id)
                       VALUES ($1, $2, $3::text, $4, $5::text, $10::text, $11::text, $12::text) RETURNING *)
            SELECT p.id, p.image, p.caption, p.created_at, p.like_count, p.comment_count, p.book, \(userColumns), false, p.image_alt,
                   p.spoiler
            FROM p JOIN users u ON u.username = p.owner
            """
    }

    private enum KeepsImage: PostgresStatementText {
        static let sql = "SELECT EXISTS (SELECT 1 FROM images WHERE name = $1)"
    }

    private enum OnePost: PostgresStatementText {
        static let sql = "SELECT \(postColumns) FROM posts p JOIN users u ON u.username = p.owner WHERE p.id = $2"
    }

    /// Posts `where` (`$1` names whose) in a window (`$2`…`$6`), joined with their authors.
    private static func page(where filter: String) -> String {
        """
        \(pageColumns) JOIN (\(window(select: "id", from: "posts", where: filter, time: "created_at", key: "id", first: 2))) page ON page.id = p.id
        ORDER BY p.created_at DESC, p.id DESC
        """
    }

    private enum EveryonesPage: PostgresStatementText {
        static let sql = page(where: "$1::text IS NOT NULL AND remote_id IS NULL")
    }

    private enum AuthorsPage: PostgresStatementText {
        static let sql = page(where: "owner = $1")
    }

    private enum FeedPage: PostgresStatementText {
        static let sql = page(
            where: """
                owner = $1 OR owner IN (SELECT followee FROM following WHERE follower = $1)
                OR owner IN (SELECT u.username FROM remote_following r JOIN users u ON u.actor = r.actor WHERE r.member = $1 AND r.accepted = 1)
                """
        )
    }

    /// The ISBN-13 of a post's book, as its index (`posts_by_book`) holds it: the same expression, to be used.
    static let bookISBN13 = "(book::jsonb ->> 'isbn13')"

    private enum BooksPage: PostgresStatementText {
        static let sql = page(where: "\(bookISBN13) = $1")
    }

    /// The book in its newest post's words, its posts and their authors.
    private enum BookCounts: PostgresStatementText {
        static let sql = """
            SELECT (array_agg(book ORDER BY created_at DESC, id DESC))[1], count(*), count(DISTINCT owner)
            FROM posts WHERE \(bookISBN13) = $1
            """
    }

    private enum BookReaders: PostgresStatementText {
        static let sql = """
            SELECT \(userColumns) FROM (SELECT owner, max(created_at) AS latest FROM posts WHERE \(bookISBN13) = $1 GROUP BY owner) r
            JOIN users u ON u.username = r.owner ORDER BY r.latest DESC, u.username COLLATE "C" LIMIT $2
            """
    }

    /// The posts `GET /books/popular` counts: about a book, since `$1`, by the members `$2` follows when it is not null,
    /// and by nobody silenced or suspended.
    private static let counted = """
        FROM posts WHERE book IS NOT NULL AND created_at >= $1
        AND ($2::text IS NULL OR owner IN (SELECT followee FROM following WHERE follower = $2))
        AND owner NOT IN (SELECT username FROM users WHERE silenced IS NOT NULL OR suspended IS NOT NULL)
        """

    private enum PopularBooks: PostgresStatementText {
        static let sql = """
            SELECT (array_agg(book ORDER BY created_at DESC, id DESC))[1], count(*), count(DISTINCT owner)
            \(counted) GROUP BY \(bookISBN13)
            ORDER BY count(*) DESC, count(DISTINCT owner) DESC, max(created_at) DESC, \(bookISBN13) COLLATE "C" LIMIT $3
            """
    }

    private enum OldestCounted: PostgresStatementText {
        static let sql = "SELECT min(created_at) \(counted)"
    }

    private enum Liked: PostgresStatementText {
        static let sql = "SELECT post_id FROM likes WHERE owner = $1 AND post_id = ANY($2)"
    }

    private enum PostTimes: PostgresStatementText {
        static let sql = "SELECT created_at FROM posts WHERE owner = $1 AND created_at >= $2 ORDER BY created_at DESC"
    }

    private enum Author: PostgresStatementText {
        static let sql = "SELECT owner FROM posts WHERE id = $1"
    }

    /// Deletes only if `$2` wrote it; answers whose it is, and what went. Likes and comments go
    /// with the post (ON DELETE CASCADE); its notifications are withdrawn here, to be told of;
    /// its image's row goes in the same statement.
    private enum DeletePost: PostgresStatementText {
        static let sql = """
            WITH target AS (SELECT id, owner, image FROM posts WHERE id = $1 FOR UPDATE),
                 chosen AS (SELECT id FROM target WHERE owner = $2),
                 withdrawn AS (DELETE FROM notifications WHERE post_id IN (SELECT id FROM chosen) RETURNING id),
                 gone AS (DELETE FROM posts WHERE id IN (SELECT id FROM chosen) RETURNING image),
                 forgotten AS (DELETE FROM images WHERE name IN (SELECT image FROM gone))
            SELECT owner, image, EXISTS (SELECT 1 FROM chosen), ARRAY(SELECT id FROM withdrawn ORDER BY id) FROM target
            """
    }

    private enum Image: PostgresStatementText {
        static let sql = "SELECT name, content_type, digest, bytes FROM images WHERE name = $1"
    }

    /// The like, its count (under the post's row lock) and the notification of `$4`, if any.
    /// Liking twice changes nothing, and answers the count as it is (read under the lock: the latest).
    private enum Like: PostgresStatementText {
        static let sql = """
            WITH liked AS (INSERT INTO likes (post_id, owner, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING post_id),
                 counted AS (UPDATE posts SET like_count = like_count + 1 WHERE id IN (SELECT post_id FROM liked) RETURNING like_count, owner),
                 told AS (INSERT INTO notifications (recipient, kind, actor, post_id, created_at)
                          SELECT $4::text, 'like', $2, $1, $3 FROM counted WHERE $4::text IS NOT NULL RETURNING id),
                 unchanged AS (SELECT like_count, owner FROM posts WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM liked) FOR UPDATE)
            SELECT like_count, owner, (SELECT id FROM told), '{}'::bigint[] FROM counted
            UNION ALL SELECT like_count, owner, NULL, '{}'::bigint[] FROM unchanged
            """
    }

    /// The unlike, its count and the withdrawal of its notification.
    private enum Unlike: PostgresStatementText {
        static let sql = """
            WITH unliked AS (DELETE FROM likes WHERE post_id = $1 AND owner = $2 RETURNING post_id),
                 counted AS (UPDATE posts SET like_count = like_count - 1 WHERE id IN (SELECT post_id FROM unliked) RETURNING like_count, owner),
                 withdrawn AS (DELETE FROM notifications WHERE kind = 'like' AND post_id = $1 AND actor = $2 AND EXISTS (SELECT 1 FROM unliked)
                               RETURNING id),
                 unchanged AS (SELECT like_count, owner FROM posts WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM unliked) FOR UPDATE)
            SELECT like_count, owner, NULL::bigint, ARRAY(SELECT id FROM withdrawn ORDER BY id) FROM counted
            UNION ALL SELECT like_count, owner, NULL::bigint, '{}'::bigint[] FROM unchanged
            """
    }

    /// The post's comments, oldest first; no row at all when there is no such post (one row of
    /// NULLs when it has none).
    private enum Comments: PostgresStatementText {
        static let sql = """
            SELECT c.id, c.post_id, c.text, c.created_at, \(userColumns), c.spoiler
            FROM posts p LEFT JOIN LATERAL (\(window(select: "*", from: "comments", where: "post_id = p.id", time: nil, key: "id", first: 2))) c ON true
            LEFT JOIN users u ON u.username = c.owner
            WHERE p.id = $1 ORDER BY c.id
            """
    }

    /// The comment, its count and the notification of `$5`, if any.
    private enum AddComment: PostgresStatementText {
        static let sql = """
            WITH c AS (INSERT INTO comments (post_id, owner, text, created_at, spoiler, remote_id)
                       VALUES ($1, $2, $3, $4, $6::text, $7::text) RETURNING *),
                 counted AS (UPDATE posts SET comment_count = comment_count + 1 WHERE id = $1 RETURNING owner),
                 told AS (INSERT INTO notifications (recipient, kind, actor, post_id, comment_id, created_at)
                          SELECT $5::text, 'comment', $2, $1, c.id, $4 FROM c WHERE $5::text IS NOT NULL RETURNING id)
            SELECT c.id, c.post_id, c.text, c.created_at, \(userColumns), c.spoiler, (SELECT owner FROM counted), (SELECT id FROM told)
            FROM c JOIN users u ON u.username = c.owner
            """
    }

    /// Deletes only if `$2` wrote it; answers whose it is, and what went (its notification is
    /// withdrawn here, to be told of).
    private enum DeleteComment: PostgresStatementText {
        static let sql = """
            WITH target AS (SELECT c.id, c.owner, c.post_id, p.owner AS author FROM comments c JOIN posts p ON p.id = c.post_id
                            WHERE c.id = $1 FOR UPDATE OF c),
                 chosen AS (SELECT id, post_id FROM target WHERE owner = $2),
                 withdrawn AS (DELETE FROM notifications WHERE comment_id IN (SELECT id FROM chosen) RETURNING id),
                 gone AS (DELETE FROM comments WHERE id IN (SELECT id FROM chosen) RETURNING post_id),
                 counted AS (UPDATE posts SET comment_count = comment_count - 1 WHERE id IN (SELECT post_id FROM gone))
            SELECT owner, post_id, author, EXISTS (SELECT 1 FROM chosen), ARRAY(SELECT id FROM withdrawn ORDER BY id) FROM target
            """
    }
}
