import Foundation
import GRDB

extension SQLiteKiwiDatabase: FederationStore {
    func actorKey(of owner: String) async throws -> String? {
        try await read { db in try String.fetchOne(db, sql: "SELECT private_key FROM actor_keys WHERE owner = ?", arguments: [owner]) }
    }

    func keepActorKey(_ key: String, of owner: String) async throws -> String {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO actor_keys (owner, private_key, created_at) VALUES (?, ?, ?) ON CONFLICT (owner) DO NOTHING",
                arguments: [owner, key, Date().timeIntervalSince1970]
            )
            return try String.fetchOne(db, sql: "SELECT private_key FROM actor_keys WHERE owner = ?", arguments: [owner]) ?? key
        }
    }

    func usage(activeSince month: Date, _ halfYear: Date) async throws -> KiwiUsage {
        try await read { db in
            let active = """
                SELECT COUNT(*) FROM (SELECT owner FROM posts WHERE created_at >= :since UNION SELECT owner FROM comments WHERE created_at >= :since)
                """
            return KiwiUsage(
                members: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users WHERE pending = 0") ?? 0,
                activeMonth: try Int.fetchOne(db, sql: active, arguments: ["since": month.timeIntervalSince1970]) ?? 0,
                activeHalfYear: try Int.fetchOne(db, sql: active, arguments: ["since": halfYear.timeIntervalSince1970]) ?? 0,
                posts: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM posts") ?? 0,
                comments: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM comments") ?? 0
            )
        }
    }

    func postCount(by author: String) async throws -> Int {
        try await read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM posts WHERE owner = ?"), arguments: [author]) ?? 0 }
    }
}
