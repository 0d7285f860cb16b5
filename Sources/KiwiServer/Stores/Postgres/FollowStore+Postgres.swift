import Foundation
import PostgresNIO

extension PostgresKiwiDatabase: FollowStore {
    func follow(_ followee: String, by follower: String, notifying recipient: String?) async throws -> (changed: Bool, notices: Notices) {
        let followed: (Bool, Int64?)?
        do {
            followed = try await first(Follow.self, binds(follower, followee, Date().timeIntervalSince1970, recipient)) {
                try $0.decode((Bool, Int64?).self)
            }
        } catch  where Self.refused(error, "23503") {
            throw KiwiProblem.noSuchUser
        }
        return (followed?.0 == true, Notices(told: followed?.1))
    }

    func unfollow(_ followee: String, by follower: String) async throws -> (changed: Bool, notices: Notices) {
        let found = try await first(Unfollow.self, binds(follower, followee)) { try $0.decode((Bool, Bool, [Int64]).self) }
        guard let found, found.0 else { throw KiwiProblem.noSuchUser }
        return (found.1, Notices(withdrawn: found.2))
    }

    func people(_ direction: FollowDirection, of username: String, window: ListWindow) async throws -> [FollowEntry] {
        switch direction {
        case .followers: try await people(Followers.self, username, window)
        case .following: try await people(Following.self, username, window)
        }
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
    private func people<Text: PostgresStatementText>(
        _ text: Text.Type,
        _ username: String,
        _ window: ListWindow,
        _ function: String = #function
    ) async throws -> [FollowEntry] {
        let found = try await rows(text, window.binding(after: username), function) { row -> FollowEntry? in
            let cells = row.makeRandomAccess()
            guard let key = try cells[5].decode(Int64?.self) else { return nil }
            return FollowEntry(member: try Self.user(cells), key: key)
        }
        guard !found.isEmpty else { throw KiwiProblem.noSuchUser }
        return found.compactMap { $0 }
    }

    // MARK: statements

    /// The follow and the notification of `$4`, if any; following twice changes nothing.
    private enum Follow: PostgresStatementText {
        static let sql = """
            WITH followed AS (INSERT INTO following (follower, followee, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING followee),
                 told AS (INSERT INTO notifications (recipient, kind, actor, created_at)
                          SELECT $4::text, 'follow', $1, $3 FROM followed WHERE $4::text IS NOT NULL RETURNING id)
            SELECT EXISTS (SELECT 1 FROM followed), (SELECT id FROM told)
            """
    }

    /// The unfollow and the withdrawal of its notification; answers whether the member exists,
    /// whether it changed anything, and what was withdrawn.
    private enum Unfollow: PostgresStatementText {
        static let sql = """
            WITH unfollowed AS (DELETE FROM following WHERE follower = $1 AND followee = $2 RETURNING followee),
                 withdrawn AS (DELETE FROM notifications WHERE kind = 'follow' AND recipient = $2 AND actor = $1 AND EXISTS (SELECT 1 FROM unfollowed)
                               RETURNING id)
            SELECT EXISTS (SELECT 1 FROM users WHERE username = $2), EXISTS (SELECT 1 FROM unfollowed), ARRAY(SELECT id FROM withdrawn ORDER BY id)
            """
    }

    /// A member's (`$1`) people one way round, in a window (`$2`…`$6`).
    private static func people(_ direction: FollowDirection) -> String {
        let (whose, who) = direction.columns
        return """
            SELECT \(userColumns), f.seq FROM users t
            LEFT JOIN LATERAL (\(window(select: "*", from: "following", where: "\(whose) = t.username", time: "created_at", key: "seq", first: 2))) f ON true
            LEFT JOIN users u ON u.username = f.\(who)
            WHERE t.username = $1 ORDER BY f.created_at DESC, f.seq DESC
            """
    }

    private enum Followers: PostgresStatementText {
        static let sql = people(.followers)
    }

    private enum Following: PostgresStatementText {
        static let sql = people(.following)
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
