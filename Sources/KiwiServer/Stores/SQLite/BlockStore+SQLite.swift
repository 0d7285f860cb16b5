import Foundation
import GRDB

extension SQLiteKiwiDatabase: BlockStore {
    func block(_ blocked: String, by blocker: String) async throws -> Blocking? {
        try await write { db in
            try Self.requireUser(blocked, db)
            try db.execute(
                sql: "INSERT OR IGNORE INTO blocks (blocker, blocked, created_at) VALUES (?, ?, ?)",
                arguments: [blocker, blocked, Date().timeIntervalSince1970]
            )
            guard db.changesCount > 0 else { return nil }
            let between = "(follower = ? AND followee = ?) OR (follower = ? AND followee = ?)"
            let pairs: StatementArguments = [blocker, blocked, blocked, blocker]
            var blocking = Blocking()
            blocking.unfollowed = try Row.fetchAll(db, sql: "SELECT follower, followee FROM following WHERE \(between)", arguments: pairs).map {
                (follower: $0[0], followee: $0[1])
            }
            try db.execute(sql: "DELETE FROM following WHERE \(between)", arguments: pairs)
            blocking.blockerNotices.withdrawn = try Self.withdraw(where: "recipient = ? AND actor = ?", [blocker, blocked], db)
            blocking.blockedNotices.withdrawn = try Self.withdraw(where: "recipient = ? AND actor = ?", [blocked, blocker], db)
            return blocking
        }
    }

    func unblock(_ blocked: String, by blocker: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM blocks WHERE blocker = ? AND blocked = ?", arguments: [blocker, blocked])
            return db.changesCount > 0
        }
    }

    func mute(_ muted: String, by muter: String, until: Date?) async throws {
        try await write { db in
            try Self.requireUser(muted, db)
            try db.execute(
                sql: """
                    INSERT INTO mutes (muter, muted, created_at, until) VALUES (?, ?, ?, ?)
                    ON CONFLICT (muter, muted) DO UPDATE SET until = excluded.until
                    """,
                arguments: [muter, muted, Date().timeIntervalSince1970, until?.timeIntervalSince1970]
            )
        }
    }

    func unmute(_ muted: String, by muter: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM mutes WHERE muter = ? AND muted = ?", arguments: [muter, muted])
            return db.changesCount > 0
        }
    }

    func blocks(by member: String) async throws -> [KeptAwayMember] {
        try await read { db in
            let sql = """
                SELECT \(Self.userColumns), b.created_at FROM blocks b JOIN users u ON u.username = b.blocked
                WHERE b.blocker = ? ORDER BY b.created_at DESC, u.username
                """
            return try Row.fetchAll(db, sql: sql, arguments: [member]).map {
                KeptAwayMember(member: Self.user($0), since: Date(timeIntervalSince1970: $0[5]))
            }
        }
    }

    func mutes(by member: String, at now: Date) async throws -> [KeptAwayMember] {
        try await read { db in
            let sql = """
                SELECT \(Self.userColumns), m.created_at, m.until FROM mutes m JOIN users u ON u.username = m.muted
                WHERE m.muter = ? AND (m.until IS NULL OR m.until > ?) ORDER BY m.created_at DESC, u.username
                """
            return try Row.fetchAll(db, sql: sql, arguments: [member, now.timeIntervalSince1970]).map {
                KeptAwayMember(
                    member: Self.user($0),
                    since: Date(timeIntervalSince1970: $0[5]),
                    until: ($0[6] as Double?).map(Date.init(timeIntervalSince1970:))
                )
            }
        }
    }

    func keptAway(for member: String) async throws -> KiwiKeptAway {
        try await read { db in
            let sql = """
                SELECT 'blocking', blocked, NULL FROM blocks WHERE blocker = ?
                UNION ALL SELECT 'blockedBy', blocker, NULL FROM blocks WHERE blocked = ?
                UNION ALL SELECT 'muting', muted, until FROM mutes WHERE muter = ?
                """
            var kept = KiwiKeptAway()
            for row in try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [member, member, member]) {
                let name: String = row[1]
                switch row[0] as String {
                case "blocking": kept.blocking.insert(name)
                case "blockedBy": kept.blockedBy.insert(name)
                default: kept.muting.updateValue((row[2] as Double?).map(Date.init(timeIntervalSince1970:)), forKey: name)
                }
            }
            return kept
        }
    }
}
