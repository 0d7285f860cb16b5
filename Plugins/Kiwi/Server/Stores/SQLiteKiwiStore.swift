import Foundation
import GRDB
import PluginAPI

/// The embedded store: one SQLite file in WAL mode (readers never wait for the
/// writer), `synchronous = FULL` so an acknowledged write survives a crash.
final class SQLiteKiwiStore: KiwiStore {
    let pool: DatabasePool
    /// Held while the store is open: one process serves a SQLite file, so what it keeps in memory stays true.
    private let lock: Int32
    let hasOtherWriters = false

    init(path: String) throws {
        lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw ToolboxError.io("cannot open \(path).lock", hint: "check the folder's permissions") }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            close(lock)
            throw ToolboxError.conflict(
                "another process is serving \(path)",
                hint: "one kiwi serve per SQLite database; for several, share PostgreSQL (--database postgres://…)"
            )
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
        } catch {
            close(lock)
            throw error
        }
    }

    deinit { close(lock) }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE users (
                        username TEXT PRIMARY KEY NOT NULL, fullname TEXT, email TEXT, avatar TEXT,
                        password_hash TEXT NOT NULL, created_at REAL NOT NULL);
                    CREATE TABLE sessions (
                        token_hash TEXT PRIMARY KEY NOT NULL,
                        username TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE, created_at REAL NOT NULL);
                    CREATE TABLE posts (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        image TEXT NOT NULL, caption TEXT, created_at REAL NOT NULL,
                        like_count INTEGER NOT NULL DEFAULT 0, comment_count INTEGER NOT NULL DEFAULT 0);
                    CREATE INDEX posts_newest ON posts(created_at DESC, id DESC);
                    CREATE INDEX posts_by_owner ON posts(owner, created_at DESC, id DESC);
                    CREATE TABLE likes (
                        post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
                        owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        created_at REAL NOT NULL, PRIMARY KEY (post_id, owner));
                    CREATE TABLE comments (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
                        owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        text TEXT NOT NULL, created_at REAL NOT NULL);
                    CREATE INDEX comments_by_post ON comments(post_id, id);
                    CREATE TABLE following (
                        follower TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        followee TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        created_at REAL NOT NULL, PRIMARY KEY (follower, followee));
                    CREATE INDEX following_by_followee ON following(followee, created_at DESC);
                    """
            )
        }
        migrator.registerMigration("v2: a post's book") { db in
            try db.execute(sql: "ALTER TABLE posts ADD COLUMN book TEXT")
        }
        migrator.registerMigration("v4: failed logins kept with the data") { db in
            try db.execute(
                sql: """
                    CREATE TABLE login_failures (username TEXT NOT NULL, at REAL NOT NULL);
                    CREATE INDEX login_failures_by_username ON login_failures(username, at);
                    CREATE INDEX login_failures_by_time ON login_failures(at);
                    """
            )
        }
        migrator.registerMigration("v3: images kept in the database") { db in
            try db.execute(
                sql: """
                    CREATE TABLE images (
                        name TEXT PRIMARY KEY NOT NULL, content_type TEXT NOT NULL, size INTEGER NOT NULL,
                        digest TEXT NOT NULL, bytes BLOB NOT NULL, created_at REAL NOT NULL)
                    """
            )
        }
        return migrator
    }

    // MARK: users and sessions

    func createUser(_ user: KiwiUser, passwordHash: String) async throws {
        try await pool.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE username = ? COLLATE NOCASE", arguments: [user.username]) == true {
                throw KiwiStoreError.usernameTaken
            }
            try db.execute(
                sql: "INSERT INTO users (username, fullname, email, avatar, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [user.username, user.fullName, user.email, user.avatar, passwordHash, user.createdAt.timeIntervalSince1970]
            )
        }
    }

    func check() async throws {
        try await pool.read { db in try db.execute(sql: "SELECT 1") }
    }

    func user(_ username: String) async throws -> KiwiUser? {
        try await pool.read { db in try Row.fetchOne(db, sql: "SELECT * FROM users WHERE username = ?", arguments: [username]).map { Self.user($0) } }
    }

    func passwordHash(of username: String) async throws -> String? {
        try await pool.read { db in try String.fetchOne(db, sql: "SELECT password_hash FROM users WHERE username = ?", arguments: [username]) }
    }

    func updateUser(_ username: String, fullName: String?, email: String?) async throws -> KiwiUser {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE users SET fullname = COALESCE(?, fullname), email = COALESCE(?, email) WHERE username = ?",
                arguments: [fullName, email, username]
            )
            guard db.changesCount > 0, let row = try Row.fetchOne(db, sql: "SELECT * FROM users WHERE username = ?", arguments: [username]) else {
                throw KiwiStoreError.noSuchUser
            }
            return Self.user(row)
        }
    }

    func setAvatar(_ username: String, image: PostImage) async throws -> (user: KiwiUser, replaced: String?) {
        try await pool.write { db in
            guard let old = try Row.fetchOne(db, sql: "SELECT avatar FROM users WHERE username = ?", arguments: [username]) else {
                throw KiwiStoreError.noSuchUser
            }
            let replaced: String? = old["avatar"]
            if let replaced { try db.execute(sql: "DELETE FROM images WHERE name = ?", arguments: [replaced]) }
            try Self.insert(image, at: Date().timeIntervalSince1970, db)
            try db.execute(sql: "UPDATE users SET avatar = ? WHERE username = ?", arguments: [image.name, username])
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM users WHERE username = ?", arguments: [username]) else {
                throw KiwiStoreError.noSuchUser
            }
            return (Self.user(row), replaced)
        }
    }

    /// A `.stored` image's row, in the caller's transaction; a file is already in the folder.
    private static func insert(_ image: PostImage, at time: Double, _ db: Database) throws {
        guard case .stored(let stored) = image else { return }
        try db.execute(
            sql: "INSERT INTO images (name, content_type, size, digest, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [stored.name, stored.contentType, stored.bytes.count, stored.digest, stored.bytes, time]
        )
    }

    func recordLoginFailure(_ username: String, at time: Date, forgetting before: Date) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM login_failures WHERE at < ?", arguments: [before.timeIntervalSince1970])
            try db.execute(sql: "INSERT INTO login_failures (username, at) VALUES (?, ?)", arguments: [username, time.timeIntervalSince1970])
        }
    }

    func loginFailures(_ username: String, since time: Date) async throws -> [Date] {
        try await pool.read { db in
            try Double.fetchAll(
                db,
                sql: "SELECT at FROM login_failures WHERE username = ? AND at >= ? ORDER BY at",
                arguments: [username, time.timeIntervalSince1970]
            ).map(Date.init(timeIntervalSince1970:))
        }
    }

    func clearLoginFailures(_ username: String) async throws {
        try await pool.write { db in try db.execute(sql: "DELETE FROM login_failures WHERE username = ?", arguments: [username]) }
    }

    func createSession(tokenHash: String, username: String) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO sessions (token_hash, username, created_at) VALUES (?, ?, ?)",
                arguments: [tokenHash, username, Date().timeIntervalSince1970]
            )
        }
    }

    func sessionUser(tokenHash: String) async throws -> KiwiUser? {
        try await pool.read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT u.* FROM sessions s JOIN users u ON u.username = s.username WHERE s.token_hash = ?",
                arguments: [tokenHash]
            ).map { Self.user($0) }
        }
    }

    func deleteSession(tokenHash: String) async throws {
        try await pool.write { db in try db.execute(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [tokenHash]) }
    }

    // MARK: posts

    static let postColumns = """
        SELECT p.id, p.image, p.caption, p.created_at, p.like_count, p.comment_count,
               u.username, u.fullname, u.email, u.avatar, u.created_at AS user_created_at,
               EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.owner = ?) AS liked, p.book
        FROM posts p JOIN users u ON u.username = p.owner
        """

    func createPost(owner: String, image: PostImage, caption: String?, book: KiwiBook?) async throws -> KiwiPost {
        try await pool.write { db in
            let now = Date().timeIntervalSince1970
            try Self.insert(image, at: now, db)
            try db.execute(
                sql: "INSERT INTO posts (owner, image, caption, created_at, book) VALUES (?, ?, ?, ?, ?)",
                arguments: [owner, image.name, caption, now, book?.stored]
            )
            let id = db.lastInsertedRowID
            guard let row = try Row.fetchOne(db, sql: Self.postColumns + " WHERE p.id = ?", arguments: [owner, id]) else {
                throw KiwiStoreError.noSuchPost
            }
            return Self.post(row, viewer: owner)
        }
    }

    func post(_ id: Int64, viewer: String?) async throws -> KiwiPost? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: Self.postColumns + " WHERE p.id = ?", arguments: [viewer, id]).map { Self.post($0, viewer: viewer) }
        }
    }

    /// The page's ids are found on the index alone (deep OFFSETs skip index entries,
    /// not joined rows); only the page itself is joined with its authors.
    func posts(_ selection: PostSelection, page: Int, pageSize: Int, viewer: String?) async throws -> [KiwiPost] {
        try await pool.read { db in
            var filter = ""
            var arguments: StatementArguments = [viewer]
            switch selection {
            case .everyone:
                break
            case .feed(let member):
                filter = "WHERE owner = ? OR owner IN (SELECT followee FROM following WHERE follower = ?)"
                arguments += [member, member]
            case .author(let member):
                filter = "WHERE owner = ?"
                arguments += [member]
            }
            arguments += [pageSize, page * pageSize]
            let sql =
                Self.postColumns + """
                     JOIN (SELECT id FROM posts \(filter) ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?) page ON page.id = p.id
                    ORDER BY p.created_at DESC, p.id DESC
                    """
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { Self.post($0, viewer: viewer) }
        }
    }

    func deletePost(_ id: Int64, by username: String) async throws -> String {
        try await pool.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT owner, image FROM posts WHERE id = ?", arguments: [id]) else {
                throw KiwiStoreError.noSuchPost
            }
            guard (row["owner"] as String) == username else { throw KiwiStoreError.notOwner }
            // Likes and comments go with it (ON DELETE CASCADE).
            try db.execute(sql: "DELETE FROM posts WHERE id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM images WHERE name = ?", arguments: [row["image"] as String])
            return row["image"]
        }
    }

    func image(_ name: String) async throws -> StoredImage? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT name, content_type, digest, bytes FROM images WHERE name = ?", arguments: [name]).map {
                StoredImage(name: $0[0], contentType: $0[1], digest: $0[2], bytes: $0[3])
            }
        }
    }

    // MARK: likes and comments

    func like(_ id: Int64, by username: String) async throws -> Int {
        try await pool.write { db in
            try Self.requirePost(id, db)
            try db.execute(
                sql: "INSERT OR IGNORE INTO likes (post_id, owner, created_at) VALUES (?, ?, ?)",
                arguments: [id, username, Date().timeIntervalSince1970]
            )
            if db.changesCount > 0 { try db.execute(sql: "UPDATE posts SET like_count = like_count + 1 WHERE id = ?", arguments: [id]) }
            return try Int.fetchOne(db, sql: "SELECT like_count FROM posts WHERE id = ?", arguments: [id]) ?? 0
        }
    }

    func unlike(_ id: Int64, by username: String) async throws -> Int {
        try await pool.write { db in
            try Self.requirePost(id, db)
            try db.execute(sql: "DELETE FROM likes WHERE post_id = ? AND owner = ?", arguments: [id, username])
            if db.changesCount > 0 { try db.execute(sql: "UPDATE posts SET like_count = like_count - 1 WHERE id = ?", arguments: [id]) }
            return try Int.fetchOne(db, sql: "SELECT like_count FROM posts WHERE id = ?", arguments: [id]) ?? 0
        }
    }

    func comments(on id: Int64) async throws -> [KiwiComment] {
        try await pool.read { db in
            try Self.requirePost(id, db)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT c.id, c.post_id, c.text, c.created_at, u.username, u.fullname, u.email, u.avatar, u.created_at AS user_created_at
                    FROM comments c JOIN users u ON u.username = c.owner WHERE c.post_id = ? ORDER BY c.id
                    """,
                arguments: [id]
            ).map(Self.comment)
        }
    }

    func addComment(on id: Int64, by username: String, text: String) async throws -> KiwiComment {
        try await pool.write { db in
            try Self.requirePost(id, db)
            try db.execute(
                sql: "INSERT INTO comments (post_id, owner, text, created_at) VALUES (?, ?, ?, ?)",
                arguments: [id, username, text, Date().timeIntervalSince1970]
            )
            let commentID = db.lastInsertedRowID
            try db.execute(sql: "UPDATE posts SET comment_count = comment_count + 1 WHERE id = ?", arguments: [id])
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT c.id, c.post_id, c.text, c.created_at, u.username, u.fullname, u.email, u.avatar, u.created_at AS user_created_at
                        FROM comments c JOIN users u ON u.username = c.owner WHERE c.id = ?
                        """,
                    arguments: [commentID]
                )
            else { throw KiwiStoreError.noSuchComment }
            return Self.comment(row)
        }
    }

    func deleteComment(_ id: Int64, by username: String) async throws {
        try await pool.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT owner, post_id FROM comments WHERE id = ?", arguments: [id]) else {
                throw KiwiStoreError.noSuchComment
            }
            guard (row["owner"] as String) == username else { throw KiwiStoreError.notOwner }
            try db.execute(sql: "DELETE FROM comments WHERE id = ?", arguments: [id])
            try db.execute(sql: "UPDATE posts SET comment_count = comment_count - 1 WHERE id = ?", arguments: [row["post_id"] as Int64])
        }
    }

    // MARK: following

    func follow(_ followee: String, by follower: String) async throws {
        try await pool.write { db in
            try Self.requireUser(followee, db)
            try db.execute(
                sql: "INSERT OR IGNORE INTO following (follower, followee, created_at) VALUES (?, ?, ?)",
                arguments: [follower, followee, Date().timeIntervalSince1970]
            )
        }
    }

    func unfollow(_ followee: String, by follower: String) async throws {
        try await pool.write { db in
            try Self.requireUser(followee, db)
            try db.execute(sql: "DELETE FROM following WHERE follower = ? AND followee = ?", arguments: [follower, followee])
        }
    }

    func followers(of username: String) async throws -> [KiwiUser] {
        try await people(
            username,
            sql: "SELECT u.* FROM following f JOIN users u ON u.username = f.follower WHERE f.followee = ? ORDER BY f.created_at DESC, f.rowid DESC"
        )
    }

    func following(of username: String) async throws -> [KiwiUser] {
        try await people(
            username,
            sql: "SELECT u.* FROM following f JOIN users u ON u.username = f.followee WHERE f.follower = ? ORDER BY f.created_at DESC, f.rowid DESC"
        )
    }

    private func people(_ username: String, sql: String) async throws -> [KiwiUser] {
        try await pool.read { db in
            try Self.requireUser(username, db)
            return try Row.fetchAll(db, sql: sql, arguments: [username]).map { Self.user($0) }
        }
    }

    // MARK: rows

    private static func requirePost(_ id: Int64, _ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM posts WHERE id = ?", arguments: [id]) == true else { throw KiwiStoreError.noSuchPost }
    }

    private static func requireUser(_ username: String, _ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE username = ?", arguments: [username]) == true else {
            throw KiwiStoreError.noSuchUser
        }
    }

    private static func user(_ row: Row, createdColumn: String = "created_at") -> KiwiUser {
        KiwiUser(
            username: row["username"],
            fullName: row["fullname"],
            email: row["email"],
            avatar: row["avatar"],
            createdAt: Date(timeIntervalSince1970: row[createdColumn] ?? 0)
        )
    }

    /// By position, in the order of `postColumns` (name lookups showed up in profiles of the feed).
    private static func post(_ row: Row, viewer: String?) -> KiwiPost {
        let owner = KiwiUser(username: row[6], fullName: row[7], email: row[8], avatar: row[9], createdAt: Date(timeIntervalSince1970: row[10]))
        return KiwiPost(
            id: row[0],
            owner: owner,
            image: row[1],
            caption: row[2],
            createdAt: Date(timeIntervalSince1970: row[3]),
            likes: row[4],
            commentCount: row[5],
            likedByMe: viewer == nil ? nil : (row[11] as Bool),
            book: KiwiBook(stored: row[12])
        )
    }

    private static func comment(_ row: Row) -> KiwiComment {
        KiwiComment(
            id: row["id"],
            owner: user(row, createdColumn: "user_created_at"),
            postID: row["post_id"],
            text: row["text"],
            createdAt: Date(timeIntervalSince1970: row["created_at"])
        )
    }
}
