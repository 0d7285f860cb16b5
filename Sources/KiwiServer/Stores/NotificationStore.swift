import Foundation

/// What members hear of: their notifications, and what a live stream missed while it was away.
/// (Notifications are written by the post and follow stores, in the transaction of what they tell.)
protocol NotificationStore: Sendable {
    /// Newest first, paged like posts.
    func notifications(for reader: String, window: ListWindow, unreadOnly: Bool) async throws -> [KiwiNotification]
    /// Not counting those of `actors` (whom the reader mutes).
    func unreadCount(for reader: String, excluding actors: [String]) async throws -> Int
    /// Marks the reader's notifications read: all of them, or those up to `id`. Answers whether any was unread.
    func markRead(for reader: String, upTo id: Int64?) async throws -> Bool
    func notification(_ id: Int64) async throws -> KiwiNotification?
    /// What the reader heard of since `time`, oldest first, at most `limit`: their notifications and
    /// the posts of the people they follow.
    func events(for reader: String, since time: Date, limit: Int) async throws -> [KiwiEvent]
}
