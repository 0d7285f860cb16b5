import Foundation
import GRDB

extension SQLiteKiwiDatabase: NotificationStore {
    /// A notification's columns, its actor's, and its post's.
    static let notificationColumns = """
        SELECT n.id, n.recipient, n.kind, n.post_id, n.comment_id, n.created_at, n.read, p.image, p.caption, c.text, \(userColumns), c.spoiler, n.note
        FROM notifications n JOIN users u ON u.username = n.actor
        LEFT JOIN posts p ON p.id = n.post_id LEFT JOIN comments c ON c.id = n.comment_id
        """

    func notifications(for reader: String, window: ListWindow, unreadOnly: Bool) async throws -> [KiwiNotification] {
        try await read { db in
            let unread = unreadOnly ? " AND n.read = 0" : ""
            let (range, order, values) = window.sqlite(table: "notifications", alias: "n", time: nil, key: "id")
            let sql = "SELECT * FROM (\(Self.notificationColumns) WHERE n.recipient = ?\(unread)\(range) \(order)) ORDER BY 1 DESC"
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [reader] + values).compactMap(Self.notification)
        }
    }

    func unreadCount(for reader: String, excluding actors: [String]) async throws -> Int {
        try await read { db in
            let excluded = actors.isEmpty ? "" : " AND actor NOT IN (\(Array(repeating: "?", count: actors.count).joined(separator: ", ")))"
            return try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM notifications WHERE recipient = ? AND read = 0" + excluded),
                arguments: StatementArguments([reader] + actors)
            ) ?? 0
        }
    }

    func markRead(for reader: String, upTo id: Int64?) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE notifications SET read = 1 WHERE recipient = ? AND read = 0 AND id <= ?",
                arguments: [reader, id ?? .max]
            )
            return db.changesCount > 0
        }
    }

    func notification(_ id: Int64) async throws -> KiwiNotification? {
        try await read { db in
            try Row.fetchOne(db, sql: Self.notificationColumns + " WHERE n.id = ?", arguments: [id]).flatMap(Self.notification)
        }
    }

    func events(for reader: String, since time: Date, limit: Int) async throws -> [KiwiEvent] {
        try await read { db in
            let since = time.timeIntervalSince1970
            let heard = try Row.fetchAll(
                db,
                sql: Self.notificationColumns + " WHERE n.recipient = ? AND n.created_at >= ? ORDER BY n.created_at, n.id LIMIT ?",
                arguments: [reader, since, limit]
            ).compactMap(Self.notification).map(KiwiEvent.notification)
            let posted = try Row.fetchAll(
                db,
                sql: Self.postColumns + """
                     WHERE (p.owner IN (SELECT followee FROM following WHERE follower = ?)
                            OR p.owner IN (SELECT u.username FROM remote_following r JOIN users u ON u.actor = r.actor WHERE r.member = ? AND r.accepted = 1))
                       AND p.created_at >= ? ORDER BY p.created_at, p.id LIMIT ?
                    """,
                arguments: [nil, reader, reader, since, limit]
            ).map { KiwiEvent.post(Self.post($0, viewer: nil)) }
            return Array((heard + posted).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.prefix(limit))
        }
    }

    /// Nil for a kind this server does not know (written by a newer one).
    private static func notification(_ row: Row) -> KiwiNotification? {
        guard let kind = KiwiNotification.Kind(rawValue: row[2]) else { return nil }
        let post: Int64? = row[3]
        return KiwiNotification(
            id: row[0],
            recipient: row[1],
            kind: kind,
            actor: user(row, from: 10),
            post: post.map { KiwiNotification.Subject(id: $0, image: row[7] ?? "", caption: row[8]) },
            comment: row[9],
            commentSpoiler: row[15],
            commentID: row[4],
            note: row[16],
            createdAt: Date(timeIntervalSince1970: row[5]),
            read: row[6]
        )
    }
}
