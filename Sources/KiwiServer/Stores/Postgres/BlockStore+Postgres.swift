import Foundation
import PostgresNIO

/// Each write is one statement: a block, the follows it ends and the notifications it withdraws
/// together, or none of them.
extension PostgresKiwiDatabase: BlockStore {
    func block(_ blocked: String, by blocker: String) async throws -> Blocking? {
        let found = try await first(Block.self, binds(blocker, blocked, Date().timeIntervalSince1970)) { row in
            try row.decode((Bool, Bool, [String], [String], [Int64], [Int64]).self)
        }
        guard let (exists, added, followers, followees, blockers, blockeds) = found, exists else { throw KiwiProblem.noSuchUser }
        guard added else { return nil }
        return Blocking(
            unfollowed: zip(followers, followees).map { (follower: $0, followee: $1) },
            blockerNotices: Notices(withdrawn: blockers),
            blockedNotices: Notices(withdrawn: blockeds)
        )
    }

    func unblock(_ blocked: String, by blocker: String) async throws -> Bool {
        try await first(Unblock.self, binds(blocker, blocked)) { try $0.decode(Bool.self) } == true
    }

    func mute(_ muted: String, by muter: String, until: Date?) async throws {
        do {
            try await run(Mute.self, binds(muter, muted, Date().timeIntervalSince1970, until?.timeIntervalSince1970))
        } catch  where Self.refused(error, "23503") {
            throw KiwiProblem.noSuchUser
        }
    }

    func unmute(_ muted: String, by muter: String) async throws -> Bool {
        try await first(Unmute.self, binds(muter, muted)) { try $0.decode(Bool.self) } == true
    }

    func blocks(by member: String) async throws -> [KeptAwayMember] {
        try await rows(Blocks.self, binds(member)) { row in
            let cells = row.makeRandomAccess()
            return KeptAwayMember(member: try Self.user(cells), since: Date(timeIntervalSince1970: try cells[5].decode(Double.self)))
        }
    }

    func mutes(by member: String, at now: Date) async throws -> [KeptAwayMember] {
        try await rows(Mutes.self, binds(member, now.timeIntervalSince1970)) { row in
            let cells = row.makeRandomAccess()
            return KeptAwayMember(
                member: try Self.user(cells),
                since: Date(timeIntervalSince1970: try cells[5].decode(Double.self)),
                until: try cells[6].decode(Double?.self).map(Date.init(timeIntervalSince1970:))
            )
        }
    }

    func keptAway(for member: String) async throws -> KiwiKeptAway {
        var kept = KiwiKeptAway()
        for (kind, name, until) in try await rows(KeptAway.self, binds(member), read: { try $0.decode((String, String, Double?).self) }) {
            switch kind {
            case "blocking": kept.blocking.insert(name)
            case "blockedBy": kept.blockedBy.insert(name)
            default: kept.muting.updateValue(until.map(Date.init(timeIntervalSince1970:)), forKey: name)
            }
        }
        return kept
    }

    // MARK: statements

    /// `$1` blocks `$2`: whether `$2` exists, whether the block is new, the follows it ended (as
    /// two arrays) and the notifications it withdrew from each.
    private enum Block: PostgresStatementText {
        static let sql = """
            WITH target AS (SELECT username FROM users WHERE username = $2),
                 added AS (INSERT INTO blocks (blocker, blocked, created_at) SELECT $1, username, $3 FROM target
                           ON CONFLICT DO NOTHING RETURNING blocked),
                 unfollowed AS (DELETE FROM following WHERE EXISTS (SELECT 1 FROM added)
                                AND ((follower = $1 AND followee = $2) OR (follower = $2 AND followee = $1)) RETURNING follower, followee),
                 withdrawn AS (DELETE FROM notifications WHERE EXISTS (SELECT 1 FROM added)
                               AND ((recipient = $1 AND actor = $2) OR (recipient = $2 AND actor = $1)) RETURNING id, recipient)
            SELECT EXISTS (SELECT 1 FROM target), EXISTS (SELECT 1 FROM added),
                   ARRAY(SELECT follower FROM unfollowed ORDER BY follower), ARRAY(SELECT followee FROM unfollowed ORDER BY follower),
                   ARRAY(SELECT id FROM withdrawn WHERE recipient = $1 ORDER BY id), ARRAY(SELECT id FROM withdrawn WHERE recipient = $2 ORDER BY id)
            """
    }

    private enum Unblock: PostgresStatementText {
        static let sql = "WITH gone AS (DELETE FROM blocks WHERE blocker = $1 AND blocked = $2 RETURNING 1) SELECT EXISTS (SELECT 1 FROM gone)"
    }

    private enum Mute: PostgresStatementText {
        static let sql = """
            INSERT INTO mutes (muter, muted, created_at, until) VALUES ($1, $2, $3, $4::double precision)
            ON CONFLICT (muter, muted) DO UPDATE SET until = excluded.until
            """
    }

    private enum Unmute: PostgresStatementText {
        static let sql = "WITH gone AS (DELETE FROM mutes WHERE muter = $1 AND muted = $2 RETURNING 1) SELECT EXISTS (SELECT 1 FROM gone)"
    }

    private enum Blocks: PostgresStatementText {
        static let sql = """
            SELECT \(userColumns), b.created_at FROM blocks b JOIN users u ON u.username = b.blocked
            WHERE b.blocker = $1 ORDER BY b.created_at DESC, u.username COLLATE "C"
            """
    }

    private enum Mutes: PostgresStatementText {
        static let sql = """
            SELECT \(userColumns), m.created_at, m.until FROM mutes m JOIN users u ON u.username = m.muted
            WHERE m.muter = $1 AND (m.until IS NULL OR m.until > $2) ORDER BY m.created_at DESC, u.username COLLATE "C"
            """
    }

    private enum KeptAway: PostgresStatementText {
        static let sql = """
            SELECT 'blocking', blocked, NULL::double precision FROM blocks WHERE blocker = $1
            UNION ALL SELECT 'blockedBy', blocker, NULL FROM blocks WHERE blocked = $1
            UNION ALL SELECT 'muting', muted, until FROM mutes WHERE muter = $1
            """
    }
}
