import Foundation
import GRDB
import KiwiServerSettings

extension SQLiteKiwiDatabase: AccountStore {
    func createUser(_ user: KiwiUser, passwordHash: String, pending: Bool, keeping: AnswerToKeep<KiwiUser>?) async throws {
        try await write { db in
            let taken = """
                SELECT 1 FROM users WHERE username = ?1 COLLATE NOCASE
                UNION ALL SELECT 1 FROM held_names WHERE username = lower(?1) AND until > ?2
                """
            if try Bool.fetchOne(db, sql: taken, arguments: [user.username, Date().timeIntervalSince1970]) == true {
                throw KiwiProblem.usernameTaken
            }
            try db.execute(
                sql: "INSERT INTO users (username, fullname, email, avatar, password_hash, created_at, pending) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [user.username, user.fullName, user.email, user.avatar, passwordHash, user.createdAt.timeIntervalSince1970, pending]
            )
            try Self.keep(keeping, user, db)
        }
    }

    func user(_ username: String) async throws -> KiwiUser? {
        try await read { db in try Self.user(username, db) }
    }

    func admittedUser(_ username: String) async throws -> KiwiUser? {
        try await read { db in
            let sql = "SELECT \(Self.userColumns) FROM users u WHERE u.username = ? AND u.pending = 0 AND u.actor IS NULL"
            return try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [username]).map { Self.user($0) }
        }
    }

    func credentials(of username: String) async throws -> (user: KiwiUser, passwordHash: String, pending: Bool)? {
        try await read { db in
            let sql = "SELECT \(Self.userColumns), u.password_hash, u.pending FROM users u WHERE u.username = ? AND u.actor IS NULL"
            return try Row.fetchOne(db, sql: sql, arguments: [username]).map { (Self.user($0), $0[5], $0[6]) }
        }
    }

    func pendingMembers() async throws -> [KiwiUser] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.userColumns) FROM users u WHERE u.pending = 1 ORDER BY u.created_at, u.username").map {
                Self.user($0)
            }
        }
    }

    func decide(_ username: String, approved: Bool) async throws -> Bool {
        try await write { db in
            let sql =
                approved ? "UPDATE users SET pending = 0 WHERE username = ? AND pending = 1" : "DELETE FROM users WHERE username = ? AND pending = 1"
            try db.execute(sql: sql, arguments: [username])
            return db.changesCount > 0
        }
    }

    func role(of username: String) async throws -> KiwiRole? {
        try await read { db in
            try String.fetchOne(db.cachedStatement(sql: "SELECT role FROM users WHERE username = ?"), arguments: [username]).map {
                KiwiRole(rawValue: $0) ?? .member
            }
        }
    }

    func setRole(_ role: KiwiRole, of username: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE users SET role = ? WHERE username = ?", arguments: [role.rawValue, username])
            return db.changesCount > 0
        }
    }

    func count(holding role: KiwiRole) async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM users WHERE role = ?", arguments: [role.rawValue]) ?? 0 }
    }

    func updateUser(_ username: String, fullName: String?, email: String?) async throws -> KiwiUser {
        let user = try await write { db in
            try db.execute(
                sql: "UPDATE users SET fullname = COALESCE(?, fullname), email = COALESCE(?, email) WHERE username = ?",
                arguments: [fullName, email, username]
            )
            guard db.changesCount > 0, let user = try Self.user(username, db) else { throw KiwiProblem.noSuchUser }
            return user
        }
        return user
    }

    func setAvatar(_ username: String, image: PostImage) async throws -> (user: KiwiUser, replaced: String?) {
        let answer = try await write { db in
            guard let old = try Row.fetchOne(db, sql: "SELECT avatar FROM users WHERE username = ?", arguments: [username]) else {
                throw KiwiProblem.noSuchUser
            }
            let replaced: String? = old[0]
            if let replaced { try db.execute(sql: "DELETE FROM images WHERE name = ?", arguments: [replaced]) }
            try Self.insert(image, at: Date().timeIntervalSince1970, db)
            try db.execute(sql: "UPDATE users SET avatar = ? WHERE username = ?", arguments: [image.name, username])
            guard let user = try Self.user(username, db) else { throw KiwiProblem.noSuchUser }
            return (user: user, replaced: replaced)
        }
        return answer
    }

    func deleteAccount(_ username: String, holdingNameUntil heldUntil: Date, keepingKey: Bool) async throws -> [String]? {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT avatar FROM users WHERE username = ?", arguments: [username]) else { return nil }
            let photos =
                try String.fetchAll(db, sql: "SELECT image FROM posts WHERE owner = ?", arguments: [username]) + [row[0] as String?].compactMap { $0 }
            let statements: [String?] = [
                "UPDATE posts SET like_count = like_count - 1 WHERE owner <> :member AND id IN (SELECT post_id FROM likes WHERE owner = :member)",
                """
                UPDATE posts SET comment_count = comment_count - (SELECT count(*) FROM comments c WHERE c.post_id = posts.id AND c.owner = :member)
                WHERE owner <> :member AND id IN (SELECT post_id FROM comments WHERE owner = :member)
                """,
                "DELETE FROM report_photos WHERE report_id IN (SELECT id FROM reports WHERE account = :member)",
                "UPDATE reports SET content = :nothing WHERE account = :member",
                "DELETE FROM images WHERE name IN (SELECT image FROM posts WHERE owner = :member) OR name = (SELECT avatar FROM users WHERE username = :member)",
                "DELETE FROM kept_answers WHERE account = :member",
                keepingKey ? nil : "DELETE FROM actor_keys WHERE owner = :member",
                // The rest goes with the member's row (ON DELETE CASCADE).
                "DELETE FROM users WHERE username = :member",
                "INSERT INTO held_names (username, until) VALUES (lower(:member), :until) ON CONFLICT (username) DO UPDATE SET until = excluded.until",
            ]
            let arguments: StatementArguments = [
                "member": username, "nothing": KiwiReportedContent().stored, "until": heldUntil.timeIntervalSince1970,
            ]
            for sql in statements.compactMap({ $0 }) { try db.execute(sql: sql, arguments: arguments) }
            return photos
        }
    }

    func createSession(tokenHash: String, username: String) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO sessions (token_hash, username, created_at) VALUES (?, ?, ?)",
                arguments: [tokenHash, username, Date().timeIntervalSince1970]
            )
        }
    }

    func sessionUser(tokenHash: String) async throws -> KiwiUser? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT \(Self.userColumns) FROM sessions s JOIN users u ON u.username = s.username WHERE s.token_hash = ?",
                arguments: [tokenHash]
            ).map { Self.user($0) }
        }
    }

    func deleteSession(tokenHash: String) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [tokenHash]) }
    }

    private static func user(_ username: String, _ db: Database) throws -> KiwiUser? {
        // Prepared once a connection: every profile, actor and WebFinger lookup reads a member.
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(userColumns) FROM users u WHERE u.username = ?"), arguments: [username]).map { user($0) }
    }

    /// A `.stored` image's row, in the caller's transaction; a file is already in the folder.
    static func insert(_ image: PostImage, at time: Double, _ db: Database) throws {
        guard case .stored(let stored) = image else { return }
        try db.execute(
            sql: "INSERT INTO images (name, content_type, size, digest, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [stored.name, stored.contentType, stored.bytes.count, stored.digest, stored.bytes, time]
        )
    }
}
