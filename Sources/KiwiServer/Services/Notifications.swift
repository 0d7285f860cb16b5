import Foundation

/// A member's notifications: listed newest first, counted while unread, marked read.
struct Notifications: Sendable {
    let store: any NotificationStore
    let changes: KiwiChanges
    /// Whom a reader mutes is heard of by nobody's notifications of theirs (a block withdraws them).
    let blocks: Blocks
    /// What a suspended member did is heard of by nobody while they are suspended.
    let standings: Standings

    /// Without those of members the reader keeps away, or suspended ones (a page may then hold fewer).
    func list(for reader: KiwiUser, _ window: ListWindow, unreadOnly: Bool) async throws -> [KiwiNotification] {
        let found = try await store.notifications(for: reader.username, window: window, unreadOnly: unreadOnly)
        let kept = try await blocks.keptAway(for: reader.username)
        let suspended = try await standings.current().suspended
        guard !kept.isEmpty || !suspended.isEmpty else { return found }
        let now = Date()
        return found.filter { !kept.hides($0.actor.username, at: now) && !suspended.contains($0.actor.username) }
    }

    func unreadCount(for reader: KiwiUser) async throws -> Int {
        let suspended = try await standings.current().suspended
        return try await store.unreadCount(for: reader.username, excluding: try await blocks.unheard(by: reader.username, suspended: suspended))
    }

    /// All of them, or those up to `id`; answers how many are still unread.
    func markRead(for reader: KiwiUser, upTo id: Int64?) async throws -> Int {
        if try await store.markRead(for: reader.username, upTo: id) { changes.published(.read(recipient: reader.username)) }
        return try await unreadCount(for: reader)
    }
}
