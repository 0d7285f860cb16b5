import Foundation
import KiwiServerSettings
import NIOCore
import NIOFoundationCompat
import PostgresNIO

extension PostgresKiwiDatabase: AccountStore {
    func createUser(_ user: KiwiUser, passwordHash: String, pending: Bool, keeping: AnswerToKeep<KiwiUser>?) async throws {
        let values = binds(
            user.username,
            user.fullName,
            user.email,
            user.avatar,
            passwordHash,
            user.createdAt.timeIntervalSince1970,
            pending ? 1 : 0,
            Date().timeIntervalSince1970
        )
        do {
            _ = try await writing(keeping: keeping) { connection in
                // No row when the name is held (a deleted account's).
                guard try await !self.rows(on: connection, CreateUser.self, values, read: { _ in () }).isEmpty else {
                    throw KiwiProblem.usernameTaken
                }
                return user
            }
        } catch  where Self.refused(error, "23505") {
            throw KiwiProblem.usernameTaken
        }
    }

    func user(_ username: String) async throws -> KiwiUser? {
        try await first(User.self, binds(username)) { try Self.user($0.makeRandomAccess()) }
    }

    func admittedUser(_ username: String) async throws -> KiwiUser? {
        try await first(AdmittedUser.self, binds(username)) { try Self.user($0.makeRandomAccess()) }
    }

    func credentials(of username: String) async throws -> (user: KiwiUser, passwordHash: String, pending: Bool)? {
        try await first(Credentials.self, binds(username)) { row in
            let cells = row.makeRandomAccess()
            return (try Self.user(cells), try cells[5].decode(String.self), try cells[6].decode(Int32.self) != 0)
        }
    }

    func pendingMembers() async throws -> [KiwiUser] {
        try await rows(PendingMembers.self, binds()) { try Self.user($0.makeRandomAccess()) }
    }

    func decide(_ username: String, approved: Bool) async throws -> Bool {
        try await first(Decide.self, binds(username, approved)) { try $0.decode(Bool.self) } == true
    }

    func role(of username: String) async throws -> KiwiRole? {
        try await first(Role.self, binds(username)) { KiwiRole(rawValue: try $0.decode(String.self)) ?? .member }
    }

    func setRole(_ role: KiwiRole, of username: String) async throws -> Bool {
        try await first(SetRole.self, binds(username, role.rawValue)) { try $0.decode(Bool.self) } == true
    }

    func count(holding role: KiwiRole) async throws -> Int {
        Int(try await first(CountHolding.self, binds(role.rawValue)) { try $0.decode(Int64.self) } ?? 0)
    }

    func updateUser(_ username: String, fullName: String?, email: String?) async throws -> KiwiUser {
        guard let user = try await first(UpdateUser.self, binds(username, fullName, email), read: { try Self.user($0.makeRandomAccess()) }) else {
            throw KiwiProblem.noSuchUser
        }
        return user
    }

    /// Under the member's row lock: the avatar it replaces is the one it read.
    func setAvatar(_ username: String, image: PostImage) async throws -> (user: KiwiUser, replaced: String?) {
        let logger = self.logger
        let now = Date().timeIntervalSince1970
        let answer = try await transaction { connection -> (user: KiwiUser, replaced: String?)? in
            var found = false
            var replaced: String?
            for try await avatar in try await connection.query("SELECT avatar FROM users WHERE username = \(username) FOR UPDATE", logger: logger)
                .decode(String?.self)
            {
                (found, replaced) = (true, avatar)
            }
            guard found else { return nil }
            if let replaced { try await connection.query("DELETE FROM images WHERE name = \(replaced)", logger: logger) }
            if let stored = image.stored {
                try await connection.query(
                    """
                    INSERT INTO images (name, content_type, size, digest, bytes, created_at)
                    VALUES (\(stored.name), \(stored.contentType), \(stored.bytes.count), \(stored.digest), \(ByteBuffer(data: stored.bytes)), \(now))
                    """,
                    logger: logger
                )
            }
            let updated = try await connection.query(
                "UPDATE users u SET avatar = \(image.name) WHERE u.username = \(username) RETURNING u.username, u.fullname, u.email, u.avatar, u.created_at",
                logger: logger
            )
            for try await row in updated { return (user: try Self.user(row.makeRandomAccess()), replaced: replaced) }
            return nil
        }
        guard let answer else { throw KiwiProblem.noSuchUser }
        return answer
    }

    func deleteAccount(_ username: String, holdingNameUntil heldUntil: Date, keepingKey: Bool) async throws -> [String]? {
        let logger = self.logger
        let nothing = KiwiReportedContent().stored
        let until = heldUntil.timeIntervalSince1970
        return try await transaction { connection -> [String]? in
            // Locked first: a like or a comment the member sends meanwhile waits, and then finds nobody.
            var avatar: String??
            for try await found in try await connection.query("SELECT avatar FROM users WHERE username = \(username) FOR UPDATE", logger: logger)
                .decode(String?.self)
            {
                avatar = .some(found)
            }
            guard let avatar else { return nil }
            var photos: [String] = []
            for try await image in try await connection.query("SELECT image FROM posts WHERE owner = \(username)", logger: logger).decode(String.self)
            {
                photos.append(image)
            }
            let statements: [PostgresQuery] = [
                "UPDATE posts SET like_count = like_count - 1 WHERE owner <> \(username) AND id IN (SELECT post_id FROM likes WHERE owner = \(username))",
                """
                UPDATE posts p SET comment_count = comment_count - c.count
                FROM (SELECT post_id, count(*) AS count FROM comments WHERE owner = \(username) GROUP BY post_id) c
                WHERE p.id = c.post_id AND p.owner <> \(username)
                """,
                "DELETE FROM report_photos WHERE report_id IN (SELECT id FROM reports WHERE account = \(username))",
                "UPDATE reports SET content = \(nothing) WHERE account = \(username)",
                "DELETE FROM images WHERE name IN (SELECT image FROM posts WHERE owner = \(username)) OR name = \(avatar)",
                "DELETE FROM kept_answers WHERE account = \(username)",
                "DELETE FROM actor_keys WHERE owner = \(username) AND NOT \(keepingKey)",
                // The rest goes with the member's row (ON DELETE CASCADE), and every server hears of each row.
                "DELETE FROM users WHERE username = \(username)",
                """
                INSERT INTO held_names (username, until) VALUES (lower(\(username)), \(until))
                ON CONFLICT (username) DO UPDATE SET until = excluded.until
                """,
            ]
            for statement in statements { try await connection.query(statement, logger: logger) }
            return photos + [avatar].compactMap { $0 }
        }
    }

    func createSession(tokenHash: String, username: String) async throws {
        try await run(CreateSession.self, binds(tokenHash, username, Date().timeIntervalSince1970))
    }

    func sessionUser(tokenHash: String) async throws -> KiwiUser? {
        try await first(SessionUser.self, binds(tokenHash)) { try Self.user($0.makeRandomAccess()) }
    }

    func deleteSession(tokenHash: String) async throws {
        try await run(DeleteSession.self, binds(tokenHash))
    }

    // MARK: statements

    private enum CreateUser: PostgresStatementText {
        static let sql = """
            INSERT INTO users (username, fullname, email, avatar, password_hash, created_at, pending)
            SELECT $1, $2::text, $3::text, $4::text, $5, $6, $7
            WHERE NOT EXISTS (SELECT 1 FROM held_names WHERE username = lower($1) AND until > $8) RETURNING 1
            """
    }

    private enum User: PostgresStatementText {
        static let sql = "SELECT \(userColumns) FROM users u WHERE u.username = $1"
    }

    private enum AdmittedUser: PostgresStatementText {
        static let sql = "SELECT \(userColumns) FROM users u WHERE u.username = $1 AND u.pending = 0 AND u.actor IS NULL"
    }

    private enum Credentials: PostgresStatementText {
        static let sql = "SELECT \(userColumns), u.password_hash, u.pending FROM users u WHERE u.username = $1 AND u.actor IS NULL"
    }

    private enum PendingMembers: PostgresStatementText {
        static let sql = "SELECT \(userColumns) FROM users u WHERE u.pending = 1 ORDER BY u.created_at, u.username COLLATE \"C\""
    }

    /// Approves (`$2`) or removes a waiting account; answers whether one was waiting.
    private enum Decide: PostgresStatementText {
        static let sql = """
            WITH approved AS (UPDATE users SET pending = 0 WHERE username = $1 AND pending = 1 AND $2 RETURNING 1),
                 rejected AS (DELETE FROM users WHERE username = $1 AND pending = 1 AND NOT $2 RETURNING 1)
            SELECT EXISTS (SELECT 1 FROM approved) OR EXISTS (SELECT 1 FROM rejected)
            """
    }

    private enum Role: PostgresStatementText {
        static let sql = "SELECT role FROM users WHERE username = $1"
    }

    private enum SetRole: PostgresStatementText {
        static let sql = "WITH given AS (UPDATE users SET role = $2 WHERE username = $1 RETURNING 1) SELECT EXISTS (SELECT 1 FROM given)"
    }

    private enum CountHolding: PostgresStatementText {
        static let sql = "SELECT count(*) FROM users WHERE role = $1"
    }

    private enum UpdateUser: PostgresStatementText {
        static let sql = """
            UPDATE users u SET fullname = COALESCE($2::text, fullname), email = COALESCE($3::text, email)
            WHERE u.username = $1 RETURNING \(userColumns)
            """
    }

    private enum CreateSession: PostgresStatementText {
        static let sql = "INSERT INTO sessions (token_hash, username, created_at) VALUES ($1, $2, $3)"
    }

    private enum SessionUser: PostgresStatementText {
        static let sql = "SELECT \(userColumns) FROM sessions s JOIN users u ON u.username = s.username WHERE s.token_hash = $1"
    }

    private enum DeleteSession: PostgresStatementText {
        static let sql = "DELETE FROM sessions WHERE token_hash = $1"
    }

}
