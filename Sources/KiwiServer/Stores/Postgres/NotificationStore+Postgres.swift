import Foundation
import PostgresNIO

extension PostgresKiwiDatabase: NotificationStore {
    func notifications(for reader: String, window: ListWindow, unreadOnly: Bool) async throws -> [KiwiNotification] {
        try await rows(Notifications.self, window.binding(after: reader, unreadOnly), read: Self.notification).compactMap { $0 }
    }

    func unreadCount(for reader: String, excluding actors: [String]) async throws -> Int {
        Int(try await first(UnreadCount.self, binds(reader, actors), read: { try $0.decode(Int64.self) }) ?? 0)
    }

    func markRead(for reader: String, upTo id: Int64?) async throws -> Bool {
        try await first(MarkRead.self, binds(reader, id ?? .max)) { try $0.decode(Bool.self) } == true
    }

    func notification(_ id: Int64) async throws -> KiwiNotification? {
        try await first(OneNotification.self, binds(id), read: Self.notification) ?? nil
    }

    func events(for reader: String, since time: Date, limit: Int) async throws -> [KiwiEvent] {
        let values = binds(reader, time.timeIntervalSince1970, limit)
        let heard = try await rows(HeardSince.self, values, read: Self.notification).compactMap { $0 }.map(KiwiEvent.notification)
        let posted = try await rows(PostedSince.self, values) { KiwiEvent.post(try Self.post($0, viewer: nil)) }
        return Array((heard + posted).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.prefix(limit))
    }

    // MARK: rows

    /// A notification's columns, its post's and comment's, and its actor's.
    static let notificationColumns = """
        SELECT n.id, n.recipient, n.kind, n.post_id, n.comment_id, n.created_at, n.read, p.image, p.caption, c.text, \(userColumns), c.spoiler, n.note
        FROM notifications n JOIN users u ON u.username = n.actor
        LEFT JOIN posts p ON p.id = n.post_id LEFT JOIN comments c ON c.id = n.comment_id
        """

    /// Nil for a kind this server does not know (written by a newer one).
    static func notification(_ row: PostgresRow) throws -> KiwiNotification? {
        let cells = row.makeRandomAccess()
        guard let kind = KiwiNotification.Kind(rawValue: try cells[2].decode(String.self)) else { return nil }
        let post = try cells[3].decode(Int64?.self)
        let image = try cells[7].decode(String?.self)
        let caption = try cells[8].decode(String?.self)
        return KiwiNotification(
            id: try cells[0].decode(Int64.self),
            recipient: try cells[1].decode(String.self),
            kind: kind,
            actor: try user(cells, from: 10),
            post: post.map { KiwiNotification.Subject(id: $0, image: image ?? "", caption: caption) },
            comment: try cells[9].decode(String?.self),
            commentSpoiler: try cells[15].decode(String?.self),
            commentID: try cells[4].decode(Int64?.self),
            note: try cells[16].decode(String?.self),
            createdAt: Date(timeIntervalSince1970: try cells[5].decode(Double.self)),
            read: try cells[6].decode(Int32.self) != 0
        )
    }

    // MARK: statements

    private enum Notifications: PostgresStatementText {
        static let sql =
            notificationColumns
            + " JOIN (\(window(select: "id", from: "notifications", where: "recipient = $1 AND (NOT $2 OR read = 0)", time: nil, key: "id", first: 3))) page ON page.id = n.id ORDER BY n.id DESC"
    }

    private enum UnreadCount: PostgresStatementText {
        static let sql = "SELECT count(*) FROM notifications WHERE recipient = $1 AND read = 0 AND NOT (actor = ANY($2))"
    }

    private enum MarkRead: PostgresStatementText {
        static let sql = """
            WITH marked AS (UPDATE notifications SET read = 1 WHERE recipient = $1 AND read = 0 AND id <= $2 RETURNING id)
            SELECT EXISTS (SELECT 1 FROM marked)
            """
    }

    private enum OneNotification: PostgresStatementText {
        static let sql = notificationColumns + " WHERE n.id = $1"
    }

    private enum HeardSince: PostgresStatementText {
        static let sql = notificationColumns + " WHERE n.recipient = $1 AND n.created_at >= $2 ORDER BY n.created_at, n.id LIMIT $3"
    }

    private enum PostedSince: PostgresStatementText {
        static let sql = """
            \(pageColumns) WHERE (p.owner IN (SELECT followee FROM following WHERE follower = $1)
                OR p.owner IN (SELECT u.username FROM remote_following r JOIN users u ON u.actor = r.actor WHERE r.member = $1 AND r.accepted = 1))
                AND p.created_at >= $2
            ORDER BY p.created_at, p.id LIMIT $3
            """
    }
}
