import Foundation
import GRDB

extension SQLiteKiwiDatabase: FollowStore {
    func follow(_ followee: String, by follower: String) async throws {
        let (followed, notification) = try await write { db -> (Bool, Int64?) in
            try Self.requireUser(followee, db)
            try db.execute(
                sql: "INSERT OR IGNORE INTO following (follower, followee, created_at) VALUES (?, ?, ?)",
                arguments: [follower, followee, Date().timeIntervalSince1970]
            )
            guard db.changesCount > 0 else { return (false, nil) }
            return (true, try Self.notify(followee, .follow, by: follower, db))
        }
        guard followed else { return }
        changes.published(.follow(follower: follower, followee: followee, following: true))
        if let notification { changes.published(.notification(id: notification, recipient: followee, added: true)) }
    }

    func unfollow(_ followee: String, by follower: String) async throws {
        let withdrawn = try await write { db -> [Int64]? in
            try Self.requireUser(followee, db)
            try db.execute(sql: "DELETE FROM following WHERE follower = ? AND followee = ?", arguments: [follower, followee])
            guard db.changesCount > 0 else { return nil }
            return try Self.withdraw(where: "kind = 'follow' AND recipient = ? AND actor = ?", [followee, follower], db)
        }
        guard let withdrawn else { return }
        changes.published(.follow(follower: follower, followee: followee, following: false))
        for notification in withdrawn { changes.published(.notification(id: notification, recipient: followee, added: false)) }
    }

    func followers(of username: String) async throws -> [KiwiUser] {
        try await people(
            username,
            sql:
                "SELECT \(Self.userColumns) FROM following f JOIN users u ON u.username = f.follower WHERE f.followee = ? ORDER BY f.created_at DESC, f.rowid DESC"
        )
    }

    func following(of username: String) async throws -> [KiwiUser] {
        try await people(
            username,
            sql:
                "SELECT \(Self.userColumns) FROM following f JOIN users u ON u.username = f.followee WHERE f.follower = ? ORDER BY f.created_at DESC, f.rowid DESC"
        )
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

    private func people(_ username: String, sql: String, _ function: String = #function) async throws -> [KiwiUser] {
        try await read(function) { db in
            try Self.requireUser(username, db)
            return try Row.fetchAll(db, sql: sql, arguments: [username]).map { Self.user($0) }
        }
    }
}
