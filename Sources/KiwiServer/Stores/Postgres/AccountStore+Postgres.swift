import Foundation
import KiwiServerSettings
import NIOCore
import NIOFoundationCompat
import PostgresNIO

extension PostgresKiwiDatabase: AccountStore {
    func createUser(_ user: KiwiUser, passwordHash: String, pending: Bool, keeping: AnswerToKeep<KiwiUser>?) async throws {
        let values = binds(user.username, user.fullName, user.email, user.avatar, passwordHash, user.createdAt.timeIntervalSince1970, pending ? 1 : 0)
        do {
            _ = try await writing(keeping: keeping) { connection in
                _ = try await self.rows(on: connection, CreateUser.self, values) { _ in () }
                return user
            }
        } catch  where Self.refused(error, "23505") {
            throw KiwiProblem.usernameTaken
        }
    }

    func user(_ username: String) async throws -> KiwiUser? {
        try await first(User.self, binds(username)) { try Self.user($0.makeRandomAccess()) }
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
        static let sql =
            "INSERT INTO users (username, fullname, email, avatar, password_hash, created_at, pending) VALUES ($1, $2::text, $3::text, $4::text, $5, $6, $7)"
    }

    private enum User: PostgresStatementText {
        static let sql = "SELECT \(userColumns) FROM users u WHERE u.username = $1"
    }

    private enum Credentials: PostgresStatementText {
        static let sql = "SELECT \(userColumns), u.password_hash, u.pending FROM users u WHERE u.username = $1"
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
