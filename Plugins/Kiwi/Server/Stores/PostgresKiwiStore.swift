import Foundation
import KiwiWire
import Logging
import NIOCore
import NIOFoundationCompat
import PluginAPI
import PostgresNIO

/// The server store: PostgreSQL, for several server processes on several machines
/// sharing one database and nothing else (images are kept in it too). Every write is one transaction;
/// counters change under the post's row lock, so counts stay exact.
final class PostgresKiwiStore: KiwiStore {
    let client: PostgresClient
    /// Any number of servers share the database.
    let hasOtherWriters = true
    let logger: Logger

    /// - Parameter schema: a schema to work in (tests use a fresh one each); nil for the default.
    init(address: PostgresAddress, schema: String? = nil, logger: Logger) {
        var configuration = PostgresClient.Configuration(
            host: address.host,
            port: address.port,
            username: address.username,
            password: address.password,
            database: address.database,
            tls: .disable
        )
        if let schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
    }

    /// Migrates once the pool (run beside) reaches the server. The pool retries a refused
    /// connection for ever; a server or a migration that cannot start says so instead.
    func start() async throws {
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await self.migrate() }
                group.addTask {
                    try await Task.sleep(for: .seconds(10))
                    throw CancellationError()
                }
                defer { group.cancelAll() }
                try await group.next()
            }
        } catch {
            throw ToolboxError.unavailable("cannot reach the PostgreSQL database", hint: "check the database URL and that the server is running")
        }
    }

    /// Creates or upgrades the schema; servers starting together take turns by an advisory lock.
    func migrate(schema: String? = nil) async throws {
        try await transaction { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(4242)", logger: logger)
            if let schema { try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(schema)\""), logger: logger) }
            for statement in Self.schema {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    static let schema = [
        """
        CREATE TABLE IF NOT EXISTS users (
            username TEXT PRIMARY KEY, fullname TEXT, email TEXT, avatar TEXT,
            password_hash TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)
        """,
        "CREATE UNIQUE INDEX IF NOT EXISTS users_lower ON users (lower(username))",
        """
        CREATE TABLE IF NOT EXISTS sessions (
            token_hash TEXT PRIMARY KEY, username TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
            created_at DOUBLE PRECISION NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS posts (
            id BIGSERIAL PRIMARY KEY, owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
            image TEXT NOT NULL, caption TEXT, created_at DOUBLE PRECISION NOT NULL,
            like_count INTEGER NOT NULL DEFAULT 0, comment_count INTEGER NOT NULL DEFAULT 0)
        """,
        "ALTER TABLE posts ADD COLUMN IF NOT EXISTS book TEXT",
        "CREATE INDEX IF NOT EXISTS posts_newest ON posts (created_at DESC, id DESC)",
        "CREATE INDEX IF NOT EXISTS posts_by_owner ON posts (owner, created_at DESC, id DESC)",
        """
        CREATE TABLE IF NOT EXISTS likes (
            post_id BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
            owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
            created_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (post_id, owner))
        """,
        """
        CREATE TABLE IF NOT EXISTS comments (
            id BIGSERIAL PRIMARY KEY, post_id BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
            owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
            text TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS comments_by_post ON comments (post_id, id)",
        """
        CREATE TABLE IF NOT EXISTS following (
            follower TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
            followee TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
            created_at DOUBLE PRECISION NOT NULL, seq BIGSERIAL, PRIMARY KEY (follower, followee))
        """,
        "CREATE INDEX IF NOT EXISTS following_by_followee ON following (followee, created_at DESC)",
        "CREATE TABLE IF NOT EXISTS login_failures (username TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
        "CREATE INDEX IF NOT EXISTS login_failures_by_username ON login_failures (username, at)",
        "CREATE INDEX IF NOT EXISTS login_failures_by_time ON login_failures (at)",
        """
        CREATE TABLE IF NOT EXISTS images (
            name TEXT PRIMARY KEY, content_type TEXT NOT NULL, size INTEGER NOT NULL,
            digest TEXT NOT NULL, bytes BYTEA NOT NULL, created_at DOUBLE PRECISION NOT NULL)
        """,
    ]

    private var now: Double { Date().timeIntervalSince1970 }

    // MARK: users and sessions

    typealias UserRow = (String, String?, String?, String?, Double)

    static func user(_ row: UserRow) -> KiwiUser {
        KiwiUser(username: row.0, fullName: row.1, email: row.2, avatar: row.3, createdAt: Date(timeIntervalSince1970: row.4))
    }

    func createUser(_ user: KiwiUser, passwordHash: String) async throws {
        do {
            try await client.query(
                """
                INSERT INTO users (username, fullname, email, avatar, password_hash, created_at)
                VALUES (\(user.username), \(user.fullName), \(user.email), \(user.avatar), \(passwordHash), \(user.createdAt.timeIntervalSince1970))
                """,
                logger: logger
            )
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw KiwiStoreError.usernameTaken
        }
    }

    func check() async throws {
        try await client.query("SELECT 1", logger: logger)
    }

    func user(_ username: String) async throws -> KiwiUser? {
        try await first(
            client.query("SELECT username, fullname, email, avatar, created_at FROM users WHERE username = \(username)", logger: logger),
            as: UserRow.self
        ).map(Self.user)
    }

    func passwordHash(of username: String) async throws -> String? {
        try await first(client.query("SELECT password_hash FROM users WHERE username = \(username)", logger: logger), as: String.self)
    }

    func updateUser(_ username: String, fullName: String?, email: String?) async throws -> KiwiUser {
        let row = try await first(
            client.query(
                """
                UPDATE users SET fullname = COALESCE(\(fullName), fullname), email = COALESCE(\(email), email)
                WHERE username = \(username) RETURNING username, fullname, email, avatar, created_at
                """,
                logger: logger
            ),
            as: UserRow.self
        )
        guard let row else { throw KiwiStoreError.noSuchUser }
        return Self.user(row)
    }

    func setAvatar(_ username: String, image: PostImage) async throws -> (user: KiwiUser, replaced: String?) {
        let now = now
        return try await transaction { connection in
            // A row of one column that may be NULL: nil is no such user, .some(nil) no avatar yet.
            let found = try await self.first(
                connection.query("SELECT avatar FROM users WHERE username = \(username) FOR UPDATE", logger: self.logger),
                as: String?.self
            )
            guard let found else { throw KiwiStoreError.noSuchUser }
            let replaced = found
            if let replaced { try await connection.query("DELETE FROM images WHERE name = \(replaced)", logger: self.logger) }
            try await self.insert(image, at: now, connection)
            let row = try await self.first(
                connection.query(
                    "UPDATE users SET avatar = \(image.name) WHERE username = \(username) RETURNING username, fullname, email, avatar, created_at",
                    logger: self.logger
                ),
                as: UserRow.self
            )
            guard let row else { throw KiwiStoreError.noSuchUser }
            return (Self.user(row), replaced)
        }
    }

    /// A `.stored` image's row, in the caller's transaction; a file is already in the folder.
    private func insert(_ image: PostImage, at time: Double, _ connection: PostgresConnection) async throws {
        guard case .stored(let stored) = image else { return }
        try await connection.query(
            """
            INSERT INTO images (name, content_type, size, digest, bytes, created_at)
            VALUES (\(stored.name), \(stored.contentType), \(stored.bytes.count), \(stored.digest), \(ByteBuffer(data: stored.bytes)), \(time))
            """,
            logger: logger
        )
    }

    func recordLoginFailure(_ username: String, at time: Date, forgetting before: Date) async throws {
        try await transaction { connection in
            try await connection.query("DELETE FROM login_failures WHERE at < \(before.timeIntervalSince1970)", logger: self.logger)
            try await connection.query(
                "INSERT INTO login_failures (username, at) VALUES (\(username), \(time.timeIntervalSince1970))",
                logger: self.logger
            )
        }
    }

    func loginFailures(_ username: String, since time: Date) async throws -> [Date] {
        var times: [Date] = []
        let rows = try await client.query(
            "SELECT at FROM login_failures WHERE username = \(username) AND at >= \(time.timeIntervalSince1970) ORDER BY at",
            logger: logger
        )
        for try await at in rows.decode(Double.self) { times.append(Date(timeIntervalSince1970: at)) }
        return times
    }

    func clearLoginFailures(_ username: String) async throws {
        try await client.query("DELETE FROM login_failures WHERE username = \(username)", logger: logger)
    }

    func createSession(tokenHash: String, username: String) async throws {
        try await client.query("INSERT INTO sessions (token_hash, username, created_at) VALUES (\(tokenHash), \(username), \(now))", logger: logger)
    }

    func sessionUser(tokenHash: String) async throws -> KiwiUser? {
        try await first(
            client.query(
                """
                SELECT u.username, u.fullname, u.email, u.avatar, u.created_at FROM sessions s JOIN users u ON u.username = s.username
                WHERE s.token_hash = \(tokenHash)
                """,
                logger: logger
            ),
            as: UserRow.self
        ).map(Self.user)
    }

    func deleteSession(tokenHash: String) async throws {
        try await client.query("DELETE FROM sessions WHERE token_hash = \(tokenHash)", logger: logger)
    }

    // MARK: posts

    typealias PostRow = (Int64, String, String?, Double, Int32, Int32, String, String?, String?, String?, Double, Bool, String?)

    static let postColumns = """
        SELECT p.id, p.image, p.caption, p.created_at, p.like_count, p.comment_count,
               u.username, u.fullname, u.email, u.avatar, u.created_at,
               EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.owner = $1), p.book
        FROM posts p JOIN users u ON u.username = p.owner
        """

    static func post(_ row: PostRow, viewer: String?) -> KiwiPost {
        KiwiPost(
            id: row.0,
            owner: user((row.6, row.7, row.8, row.9, row.10)),
            image: row.1,
            caption: row.2,
            createdAt: Date(timeIntervalSince1970: row.3),
            likes: Int(row.4),
            commentCount: Int(row.5),
            likedByMe: viewer == nil ? nil : row.11,
            book: KiwiBook(stored: row.12)
        )
    }

    func createPost(owner: String, image: PostImage, caption: String?, book: KiwiBook?) async throws -> KiwiPost {
        let now = now
        let id = try await transaction { connection in
            try await self.insert(image, at: now, connection)
            return try await self.first(
                connection.query(
                    """
                    INSERT INTO posts (owner, image, caption, created_at, book)
                    VALUES (\(owner), \(image.name), \(caption), \(now), \(book?.stored)) RETURNING id
                    """,
                    logger: self.logger
                ),
                as: Int64.self
            )
        }
        guard let id, let post = try await post(id, viewer: owner) else { throw KiwiStoreError.noSuchPost }
        return post
    }

    func post(_ id: Int64, viewer: String?) async throws -> KiwiPost? {
        var bindings = PostgresBindings()
        bindings.append(viewer ?? "")
        bindings.append(id)
        let query = PostgresQuery(unsafeSQL: Self.postColumns + " WHERE p.id = $2", binds: bindings)
        return try await first(client.query(query, logger: logger), as: PostRow.self).map { Self.post($0, viewer: viewer) }
    }

    /// The page's ids come from the index alone; only the page is joined with its authors.
    func posts(_ selection: PostSelection, page: Int, pageSize: Int, viewer: String?) async throws -> [KiwiPost] {
        var bindings = PostgresBindings()
        bindings.append(viewer ?? "")
        var filter = ""
        switch selection {
        case .everyone:
            break
        case .feed(let member):
            bindings.append(member)
            filter = "WHERE owner = $2 OR owner IN (SELECT followee FROM following WHERE follower = $2)"
        case .author(let member):
            bindings.append(member)
            filter = "WHERE owner = $2"
        }
        let next = bindings.count + 1
        bindings.append(pageSize)
        bindings.append(page * pageSize)
        let sql =
            Self.postColumns + """
                 JOIN (SELECT id FROM posts \(filter) ORDER BY created_at DESC, id DESC LIMIT $\(next) OFFSET $\(next + 1)) page ON page.id = p.id
                ORDER BY p.created_at DESC, p.id DESC
                """
        var posts: [KiwiPost] = []
        for try await row in try await client.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger).decode(PostRow.self) {
            posts.append(Self.post(row, viewer: viewer))
        }
        return posts
    }

    func deletePost(_ id: Int64, by username: String) async throws -> String {
        try await transaction { connection in
            let row = try await self.first(
                connection.query("SELECT owner, image FROM posts WHERE id = \(id) FOR UPDATE", logger: self.logger),
                as: (String, String).self
            )
            guard let row else { throw KiwiStoreError.noSuchPost }
            guard row.0 == username else { throw KiwiStoreError.notOwner }
            try await connection.query("DELETE FROM posts WHERE id = \(id)", logger: self.logger)
            try await connection.query("DELETE FROM images WHERE name = \(row.1)", logger: self.logger)
            return row.1
        }
    }

    func image(_ name: String) async throws -> StoredImage? {
        let row = try await first(
            client.query("SELECT name, content_type, digest, bytes FROM images WHERE name = \(name)", logger: logger),
            as: (String, String, String, ByteBuffer).self
        )
        return row.map { StoredImage(name: $0.0, contentType: $0.1, digest: $0.2, bytes: Data(buffer: $0.3)) }
    }

    // MARK: likes and comments

    func like(_ id: Int64, by username: String) async throws -> Int {
        try await transaction { connection in
            try await self.lockPost(id, connection)
            let inserted = try await self.first(
                connection.query(
                    """
                    INSERT INTO likes (post_id, owner, created_at) VALUES (\(id), \(username), \(self.now)) ON CONFLICT DO NOTHING RETURNING 1
                    """,
                    logger: self.logger
                ),
                as: Int32.self
            )
            let delta = inserted == nil ? 0 : 1
            return try await self.count(
                connection.query("UPDATE posts SET like_count = like_count + \(delta) WHERE id = \(id) RETURNING like_count", logger: self.logger)
            )
        }
    }

    func unlike(_ id: Int64, by username: String) async throws -> Int {
        try await transaction { connection in
            try await self.lockPost(id, connection)
            let deleted = try await self.first(
                connection.query(
                    "DELETE FROM likes WHERE post_id = \(id) AND owner = \(username) RETURNING 1",
                    logger: self.logger
                ),
                as: Int32.self
            )
            let delta = deleted == nil ? 0 : 1
            return try await self.count(
                connection.query("UPDATE posts SET like_count = like_count - \(delta) WHERE id = \(id) RETURNING like_count", logger: self.logger)
            )
        }
    }

    typealias CommentRow = (Int64, Int64, String, Double, String, String?, String?, String?, Double)

    static func comment(_ row: CommentRow) -> KiwiComment {
        KiwiComment(
            id: row.0,
            owner: user((row.4, row.5, row.6, row.7, row.8)),
            postID: row.1,
            text: row.2,
            createdAt: Date(timeIntervalSince1970: row.3)
        )
    }

    func comments(on id: Int64) async throws -> [KiwiComment] {
        guard try await first(client.query("SELECT id FROM posts WHERE id = \(id)", logger: logger), as: Int64.self) != nil else {
            throw KiwiStoreError.noSuchPost
        }
        var comments: [KiwiComment] = []
        let rows = try await client.query(
            """
            SELECT c.id, c.post_id, c.text, c.created_at, u.username, u.fullname, u.email, u.avatar, u.created_at
            FROM comments c JOIN users u ON u.username = c.owner WHERE c.post_id = \(id) ORDER BY c.id
            """,
            logger: logger
        )
        for try await row in rows.decode(CommentRow.self) { comments.append(Self.comment(row)) }
        return comments
    }

    func addComment(on id: Int64, by username: String, text: String) async throws -> KiwiComment {
        try await transaction { connection in
            try await self.lockPost(id, connection)
            let row = try await self.first(
                connection.query(
                    """
                    WITH added AS (INSERT INTO comments (post_id, owner, text, created_at) VALUES (\(id), \(username), \(text), \(self.now))
                                   RETURNING id, post_id, text, created_at, owner)
                    SELECT a.id, a.post_id, a.text, a.created_at, u.username, u.fullname, u.email, u.avatar, u.created_at
                    FROM added a JOIN users u ON u.username = a.owner
                    """,
                    logger: self.logger
                ),
                as: CommentRow.self
            )
            try await connection.query("UPDATE posts SET comment_count = comment_count + 1 WHERE id = \(id)", logger: self.logger)
            guard let row else { throw KiwiStoreError.noSuchComment }
            return Self.comment(row)
        }
    }

    func deleteComment(_ id: Int64, by username: String) async throws {
        try await transaction { connection in
            let row = try await self.first(
                connection.query("SELECT owner, post_id FROM comments WHERE id = \(id)", logger: self.logger),
                as: (String, Int64).self
            )
            guard let row else { throw KiwiStoreError.noSuchComment }
            guard row.0 == username else { throw KiwiStoreError.notOwner }
            try await self.lockPost(row.1, connection)
            try await connection.query("DELETE FROM comments WHERE id = \(id)", logger: self.logger)
            try await connection.query("UPDATE posts SET comment_count = comment_count - 1 WHERE id = \(row.1)", logger: self.logger)
        }
    }

    // MARK: following

    func follow(_ followee: String, by follower: String) async throws {
        try await requireUser(followee)
        try await client.query(
            """
            INSERT INTO following (follower, followee, created_at) VALUES (\(follower), \(followee), \(now)) ON CONFLICT DO NOTHING
            """,
            logger: logger
        )
    }

    func unfollow(_ followee: String, by follower: String) async throws {
        try await requireUser(followee)
        try await client.query("DELETE FROM following WHERE follower = \(follower) AND followee = \(followee)", logger: logger)
    }

    func followers(of username: String) async throws -> [KiwiUser] {
        try await requireUser(username)
        return try await users(
            client.query(
                """
                SELECT u.username, u.fullname, u.email, u.avatar, u.created_at FROM following f JOIN users u ON u.username = f.follower
                WHERE f.followee = \(username) ORDER BY f.created_at DESC, f.seq DESC
                """,
                logger: logger
            )
        )
    }

    func following(of username: String) async throws -> [KiwiUser] {
        try await requireUser(username)
        return try await users(
            client.query(
                """
                SELECT u.username, u.fullname, u.email, u.avatar, u.created_at FROM following f JOIN users u ON u.username = f.followee
                WHERE f.follower = \(username) ORDER BY f.created_at DESC, f.seq DESC
                """,
                logger: logger
            )
        )
    }

    // MARK: helpers

    /// A transaction whose own failures (no such post, not the owner) come out as they were thrown.
    private func transaction<Result: Sendable>(_ body: (PostgresConnection) async throws -> sending Result) async throws -> Result {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error.beginError ?? error.commitError ?? error
        }
    }

    private func requireUser(_ username: String) async throws {
        guard try await user(username) != nil else { throw KiwiStoreError.noSuchUser }
    }

    /// Locks the post's row for this transaction, or reports that it does not exist.
    private func lockPost(_ id: Int64, _ connection: PostgresConnection) async throws {
        guard try await first(connection.query("SELECT id FROM posts WHERE id = \(id) FOR UPDATE", logger: logger), as: Int64.self) != nil else {
            throw KiwiStoreError.noSuchPost
        }
    }

    private func first<each Column: PostgresDecodable>(
        _ rows: PostgresRowSequence,
        as type: (repeat each Column).Type
    ) async throws -> (repeat each Column)? {
        for try await row in rows.decode((repeat each Column).self) { return row }
        return nil
    }

    private func count(_ rows: PostgresRowSequence) async throws -> Int {
        let value: Int32? = try await first(rows, as: Int32.self)
        return Int(value ?? 0)
    }

    private func users(_ rows: PostgresRowSequence) async throws -> [KiwiUser] {
        var users: [KiwiUser] = []
        for try await row in rows.decode(UserRow.self) { users.append(Self.user(row)) }
        return users
    }
}
