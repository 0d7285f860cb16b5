import Foundation

extension MemoryKiwiDatabase: NotificationStore {
    func notifications(for reader: String, window: ListWindow, unreadOnly: Bool) -> [KiwiNotification] {
        let mine = notifications.values.filter { $0.recipient == reader && !(unreadOnly && $0.read) }
        return window.cut(mine, key: \.id, time: { _ in 0 }, newestFirst: true).map(seen)
    }

    func unreadCount(for reader: String, excluding actors: [String]) -> Int {
        notifications.values.count { $0.recipient == reader && !$0.read && !actors.contains($0.actor.username) }
    }

    func markRead(for reader: String, upTo id: Int64?) -> Bool {
        var marked = false
        for (key, notification) in notifications where notification.recipient == reader && !notification.read && notification.id <= (id ?? .max) {
            notifications[key]?.read = true
            marked = true
        }
        return marked
    }

    func notification(_ id: Int64) -> KiwiNotification? { notifications[id].map(seen) }

    func events(for reader: String, since time: Date, limit: Int) -> [KiwiEvent] {
        let heard = notifications.values.filter { $0.recipient == reader && $0.createdAt >= time }.map { KiwiEvent.notification(seen($0)) }
        let elsewhere = Set((remoteFollowing[reader] ?? []).filter(\.accepted).map(\.actor))
        let followed = Set(follows.filter { $0.follower == reader }.map(\.followee))
            .union(members.compactMap { handle, member in member.actor.map(elsewhere.contains) == true ? handle : nil })
        let posted = posts.values.filter { followed.contains($0.post.owner.username) && $0.post.createdAt >= time }.map { stored in
            var post = stored.post
            post.owner = current(post.owner)
            post.likedByMe = nil
            return KiwiEvent.post(post)
        }
        return Array((heard + posted).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.prefix(limit))
    }

    /// The notification with its actor's current profile.
    private func seen(_ notification: KiwiNotification) -> KiwiNotification {
        var notification = notification
        notification.actor = current(notification.actor)
        return notification
    }
}
