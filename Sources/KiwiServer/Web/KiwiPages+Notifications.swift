import Foundation
import Hummingbird
import PluginAPI

extension KiwiPages {
    static let notificationsPageSize = 30

    /// `/notifications`: who liked or commented on the reader's posts, and who followed them, newest
    /// first. Those unread until now stand out, and the visit marks them read.
    @Sendable func notifications(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let caller = context.caller else { return logInFirst(request) }
        let window = try listWindow(request, size: Self.notificationsPageSize)
        let links = links(request, context)
        let found = try await community.notifications.list(for: caller, window, unreadOnly: false)
        let shown = window.shown(found)
        if let newest = shown.first, !window.byKey, window.offset == 0 {
            _ = try await community.notifications.markRead(for: caller, upTo: newest.id)
        }
        let items = shown.map { notification in
            NotificationsPage.Item(
                author: PageAuthor(notification.actor, links: links, guest: false),
                what: Self.what(notification),
                fromModerators: notification.kind == .warning || notification.kind == .report,
                url: notification.post.map { "/p/\($0.id)" } ?? "/@\(notification.actor.username)",
                imageURL: notification.post.map { links.media($0.image, .w96) ?? links.upload($0.image) },
                ago: RelativeTime.ago(Date().timeIntervalSince(notification.createdAt)),
                time: isoTime(notification.createdAt),
                new: !notification.read
            )
        }
        let content = NotificationsPage(
            items: Array(items),
            pager: Pager("/notifications", window, found, key: \.id, of: "notifications")
        )
        // Read after marking: the header's count says what is left.
        return render("notifications", title: "Notifications", content, viewer: try await viewer(request, context))
    }

    /// What happened, after the name of who did it.
    static func what(_ notification: KiwiNotification) -> String {
        let post = notification.post?.caption.map { "your post “\($0.prefix(60))”" } ?? "your post"
        switch notification.kind {
        case .like: return "liked \(post)"
        case .comment:
            // A warned comment's warning in its words' place: a notification has nothing to open.
            if let warning = notification.commentSpoiler { return "commented on \(post), with a spoiler warning: “\(warning)”" }
            return "commented on \(post)" + (notification.comment.map { ": “\($0.prefix(120))”" } ?? "")
        case .follow: return "followed you"
        case .warning, .report: return notification.note ?? ""
        }
    }
}
