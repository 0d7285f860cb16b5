import Foundation
import GRDB

extension SQLiteKiwiDatabase: FollowStore {
    func follow(_ followee: String, by follower: String, notifying recipient: String?) async throws -> (changed: Bool, notices: Notices) {
        try await write { db in
            try Self.requireUser(followee, db)
            try db.execute(
                sql: "INSERT OR IGNORE INTO following (follower, followee, created_at) VALUES (?, ?, ?)",
                arguments: [follower, followee, Date().timeIntervalSince1970]
            )
            guard db.changesCount > 0 else { return (false, Notices()) }
            return (true, Notices(told: try recipient.map { try Self.notify($0, .follow, by: follower, db) }))
        }
    }

    func unfollow(_ followee: String, by follower: String) async throws -> (changed: Bool, notices: Notices) {
        try await write { db in
            try Self.requireUser(followee, db)
            try db.execute(sql: "DELETE FROM following WHERE follower = ? AND followee = ?", arguments: [follower, followee])
            guard db.changesCount > 0 else { return (false, Notices()) }
            return (true, Notices(withdrawn: try Self.withdraw(where: "kind = 'follow' AND recipient = ? AND actor = ?", [followee, follower], db)))
        }
    }

    func followCounts(of username: String) async throws -> (followers: Int, following: Int) {
        try await read { db in
            try Self.requireUser(username, db)
            let sql = "SELECT (SELECT count(*) FROM following WHERE followee = ?), (SELECT count(*) FROM following WHERE follower = ?)"
            let row = try Row.fetchOne(db, sql: sql, arguments: [username, username])
            return (followers: row?[0] ?? 0, following: row?[1] ?? 0)
        }
    }

    func isFollowing(_ followee: String, by follower: String) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM following WHERE follower = ? AND followee = ?", arguments: [follower, followee]) == true
        }
    }

    func people(_ direction: FollowDirection, of username: String, window: ListWindow) async throws -> [FollowEntry] {
        let (whose, who) = direction.columns
        return try await read { db in
            try Self.requireUser(username, db)
            let (range, order, values) = window.sqlite(table: "following", alias: "f", time: "created_at", key: "rowid")
            let sql = """
                SELECT * FROM (SELECT \(Self.userColumns), f.rowid AS key, f.created_at AS at FROM following f JOIN users u ON u.username = f.\(who)
                               WHERE f.\(whose) = ?\(range) \(order))
                ORDER BY at DESC, key DESC
                """
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [username] + values).map { row in
                FollowEntry(member: Self.user(row), key: row["key"])
            }
        }
    }
}
