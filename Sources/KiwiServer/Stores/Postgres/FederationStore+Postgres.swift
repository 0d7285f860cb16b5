import Foundation
import PostgresNIO

extension PostgresKiwiDatabase: FederationStore {
    func actorKey(of owner: String) async throws -> String? {
        let logger = self.logger
        return try await transaction { connection in
            let rows = try await connection.query("SELECT private_key FROM actor_keys WHERE owner = \(owner)", logger: logger)
            for try await key in rows.decode(String.self) { return key }
            return nil
        }
    }

    func keepActorKey(_ key: String, of owner: String) async throws -> String {
        let logger = self.logger
        let now = Date().timeIntervalSince1970
        return try await transaction { connection in
            try await connection.query(
                "INSERT INTO actor_keys (owner, private_key, created_at) VALUES (\(owner), \(key), \(now)) ON CONFLICT (owner) DO NOTHING",
                logger: logger
            )
            let rows = try await connection.query("SELECT private_key FROM actor_keys WHERE owner = \(owner)", logger: logger)
            for try await kept in rows.decode(String.self) { return kept }
            return key
        }
    }

    func usage(activeSince month: Date, _ halfYear: Date) async throws -> KiwiUsage {
        let logger = self.logger
        let (monthStart, halfYearStart) = (month.timeIntervalSince1970, halfYear.timeIntervalSince1970)
        return try await transaction { connection in
            let rows = try await connection.query(
                """
                SELECT (SELECT COUNT(*) FROM users WHERE pending = 0),
                    (SELECT COUNT(*) FROM (SELECT owner FROM posts WHERE created_at >= \(monthStart)
                        UNION SELECT owner FROM comments WHERE created_at >= \(monthStart)) active),
                    (SELECT COUNT(*) FROM (SELECT owner FROM posts WHERE created_at >= \(halfYearStart)
                        UNION SELECT owner FROM comments WHERE created_at >= \(halfYearStart)) active),
                    (SELECT COUNT(*) FROM posts), (SELECT COUNT(*) FROM comments)
                """,
                logger: logger
            )
            for try await (members, activeMonth, activeHalfYear, posts, comments) in rows.decode((Int, Int, Int, Int, Int).self) {
                return KiwiUsage(members: members, activeMonth: activeMonth, activeHalfYear: activeHalfYear, posts: posts, comments: comments)
            }
            return KiwiUsage(members: 0, activeMonth: 0, activeHalfYear: 0, posts: 0, comments: 0)
        }
    }

    func postCount(by author: String) async throws -> Int {
        let logger = self.logger
        return try await transaction { connection in
            let rows = try await connection.query("SELECT COUNT(*) FROM posts WHERE owner = \(author)", logger: logger)
            for try await count in rows.decode(Int.self) { return count }
            return 0
        }
    }
}
