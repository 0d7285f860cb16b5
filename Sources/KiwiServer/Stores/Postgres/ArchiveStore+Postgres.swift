import Foundation
import PostgresNIO

extension PostgresKiwiDatabase: ArchiveStore {
    /// In one transaction: the records agree with each other.
    func archive(of username: String) async throws -> ArchiveRecords? {
        let logger = self.logger
        return try await transaction { connection -> ArchiveRecords? in
            var member: KiwiUser?
            for try await row in try await connection.query(
                "SELECT \(unescaped: Self.userColumns) FROM users u WHERE u.username = \(username)",
                logger: logger
            ) {
                member = try Self.user(row.makeRandomAccess())
            }
            guard let member else { return nil }
            var records = ArchiveRecords(member: member, posts: [], comments: [], likes: [], following: [], followers: [])
            // The columns' `$1` (whose like is asked about) is the member: an answer nobody reads here.
            let posts = try await connection.query(
                "SELECT \(unescaped: Self.postColumns) FROM posts p JOIN users u ON u.username = p.owner WHERE p.owner = \(username) ORDER BY p.created_at, p.id",
                logger: logger
            )
            for try await row in posts { records.posts.append(try Self.post(row, viewer: nil)) }
            let comments = try await connection.query(
                """
                SELECT c.id, c.post_id, c.text, c.created_at, \(unescaped: Self.userColumns), c.spoiler
                FROM comments c JOIN users u ON u.username = c.owner WHERE c.owner = \(username) ORDER BY c.created_at, c.id
                """,
                logger: logger
            )
            for try await row in comments {
                let cells = row.makeRandomAccess()
                records.comments.append(try Self.comment(cells, id: try cells[0].decode(Int64.self)))
            }
            let replies = try await connection.query(
                """
                SELECT c.id, c.post_id, c.text, c.created_at, \(unescaped: Self.userColumns), c.spoiler
                FROM comments c JOIN users u ON u.username = c.owner JOIN posts p ON p.id = c.post_id
                WHERE p.owner = \(username) AND c.owner <> \(username) ORDER BY c.created_at, c.id
                """,
                logger: logger
            )
            for try await row in replies {
                let cells = row.makeRandomAccess()
                records.replies.append(try Self.comment(cells, id: try cells[0].decode(Int64.self)))
            }
            let likes = try await connection.query(
                "SELECT post_id, created_at FROM likes WHERE owner = \(username) ORDER BY created_at, post_id",
                logger: logger
            )
            for try await (post, at) in likes.decode((Int64, Double).self) { records.likes.append((post, Date(timeIntervalSince1970: at))) }
            let following = try await connection.query(
                "SELECT followee FROM following WHERE follower = \(username) ORDER BY created_at, followee",
                logger: logger
            )
            for try await name in following.decode(String.self) { records.following.append(name) }
            let followers = try await connection.query(
                "SELECT follower FROM following WHERE followee = \(username) ORDER BY created_at, follower",
                logger: logger
            )
            for try await name in followers.decode(String.self) { records.followers.append(name) }
            return records
        }
    }
}
