/// A member's notifications: listed newest first, counted while unread, marked read.
struct Notifications: Sendable {
    let store: any NotificationStore
    let changes: KiwiChanges

    func list(for reader: KiwiUser, _ window: ListWindow, unreadOnly: Bool) async throws -> [KiwiNotification] {
        try await store.notifications(for: reader.username, window: window, unreadOnly: unreadOnly)
    }

    func unreadCount(for reader: KiwiUser) async throws -> Int {
        try await store.unreadCount(for: reader.username)
    }

    /// All of them, or those up to `id`; answers how many are still unread.
    func markRead(for reader: KiwiUser, upTo id: Int64?) async throws -> Int {
        if try await store.markRead(for: reader.username, upTo: id) { changes.published(.read(recipient: reader.username)) }
        return try await store.unreadCount(for: reader.username)
    }
}
