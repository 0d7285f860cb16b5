import Foundation
import PostgresNIO

extension PostgresKiwiDatabase: FollowStore {
    func follow(_ followee: String, by follower: String) async throws {
        do {
            try await run(Follow.self, binds(follower, followee, Date().timeIntervalSince1970))
        } catch  where Self.refused(error, "23503") {
            throw KiwiProblem.noSuchUser
        }
    }

    func unfollow(_ followee: String, by follower: String) async throws {
        guard try await first(Unfollow.self, binds(follower, followee), read: { try $0.decode(Bool.self) }) == true else {
            throw KiwiProblem.noSuchUser
        }
    }

    func followers(of username: String) async throws -> [KiwiUser] {
        try await people(Followers.self, username)
    }

    func following(of username: String) async throws -> [KiwiUser] {
        try await people(Following.self, username)
    }

    func followCounts(of username: String) async throws -> (followers: Int, following: Int) {
        guard let counts = try await first(FollowCounts.self, binds(username), read: { try $0.decode((Int64, Int64).self) }) else {
            throw KiwiProblem.noSuchUser
        }
        return (Int(counts.0), Int(counts.1))
    }

    func isFollowing(_ followee: String, by follower: String) async throws -> Bool {
        try await first(IsFollowing.self, binds(follower, followee), read: { try $0.decode(Bool.self) }) == true
    }

    /// One row per person, or one row of NULLs for a member with nobody; none for no such member.
    private func people<Text: PostgresStatementText>(_ text: Text.Type, _ username: String, _ function: String = #function) async throws -> [KiwiUser]
    {
        let found = try await rows(text, binds(username), function) { row -> KiwiUser? in
            let cells = row.makeRandomAccess()
            return try cells[0].decode(String?.self) == nil ? nil : try Self.user(cells)
        }
        guard !found.isEmpty else { throw KiwiProblem.noSuchUser }
        return found.compactMap { $0 }
    }

    // MARK: statements

    /// The follow and its notification; following twice changes nothing.
    private enum Follow: PostgresStatementText {
        static let sql = """
            WITH followed AS (INSERT INTO following (follower, followee, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING followee)
            INSERT INTO notifications (recipient, kind, actor, created_at) SELECT followee, 'follow', $1, $3 FROM followed WHERE followee <> $1
            """
    }

    /// The unfollow and the withdrawal of its notification; answers whether the member exists.
    private enum Unfollow: PostgresStatementText {
        static let sql = """
            WITH unfollowed AS (DELETE FROM following WHERE follower = $1 AND followee = $2 RETURNING followee),
                 withdrawn AS (DELETE FROM notifications WHERE kind = 'follow' AND recipient = $2 AND actor = $1 AND EXISTS (SELECT 1 FROM unfollowed))
            SELECT EXISTS (SELECT 1 FROM users WHERE username = $2)
            """
    }

    private enum Followers: PostgresStatementText {
        static let sql = """
            SELECT \(userColumns) FROM users t LEFT JOIN following f ON f.followee = t.username LEFT JOIN users u ON u.username = f.follower
            WHERE t.username = $1 ORDER BY f.created_at DESC, f.seq DESC
            """
    }

    private enum Following: PostgresStatementText {
        static let sql = """
            SELECT \(userColumns) FROM users t LEFT JOIN following f ON f.follower = t.username LEFT JOIN users u ON u.username = f.followee
            WHERE t.username = $1 ORDER BY f.created_at DESC, f.seq DESC
            """
    }

    private enum FollowCounts: PostgresStatementText {
        static let sql = """
            SELECT (SELECT count(*) FROM following WHERE followee = $1), (SELECT count(*) FROM following WHERE follower = $1)
            FROM users WHERE username = $1
            """
    }

    private enum IsFollowing: PostgresStatementText {
        static let sql = "SELECT EXISTS (SELECT 1 FROM following WHERE follower = $1 AND followee = $2)"
    }
}
