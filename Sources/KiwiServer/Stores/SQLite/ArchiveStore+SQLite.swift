import Foundation
import GRDB

extension SQLiteKiwiDatabase: ArchiveStore {
    /// In one read transaction: the records agree with each other.
    func archive(of username: String) async throws -> ArchiveRecords? {
        try await read { db in
            let member = try Row.fetchOne(db, sql: "SELECT \(Self.userColumns) FROM users u WHERE u.username = ?", arguments: [username])
            guard let member else { return nil }
            let posts = try Row.fetchAll(db, sql: Self.postColumns + " WHERE p.owner = ? ORDER BY p.created_at, p.id", arguments: [nil, username])
            let comments = try Row.fetchAll(db, sql: Self.commentColumns + " WHERE c.owner = ? ORDER BY c.created_at, c.id", arguments: [username])
            let replies = try Row.fetchAll(
                db,
                sql: Self.commentColumns + " JOIN posts p ON p.id = c.post_id WHERE p.owner = ?1 AND c.owner <> ?1 ORDER BY c.created_at, c.id",
                arguments: [username]
            )
            let likes = try Row.fetchAll(
                db,
                sql: "SELECT post_id, created_at FROM likes WHERE owner = ? ORDER BY created_at, post_id",
                arguments: [username]
            )
            return ArchiveRecords(
                member: Self.user(member),
                posts: posts.map { Self.post($0, viewer: nil) },
                comments: comments.map(Self.comment),
                replies: replies.map(Self.comment),
                likes: likes.map { (post: $0[0], at: Date(timeIntervalSince1970: $0[1])) },
                following: try String.fetchAll(db, sql: "SELECT followee FROM following WHERE follower = ? ORDER BY rowid", arguments: [username]),
                followers: try String.fetchAll(db, sql: "SELECT follower FROM following WHERE followee = ? ORDER BY rowid", arguments: [username])
            )
        }
    }
}
