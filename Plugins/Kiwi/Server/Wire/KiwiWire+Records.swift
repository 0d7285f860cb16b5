import Foundation
import KiwiWire

/// "2025-09-25T01:00:00Z". By hand: a Foundation date formatter costs more than the rest of a feed page.
func isoTime(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
}

/// Where links in JSON point: `--public-url`, else the request's Host.
struct Links: Sendable {
    static let defaultAvatar = "default-avatar.png"
    let base: String

    func upload(_ file: String) -> String { "\(base)/uploads/\(file)" }
}

/// The stored records as the wire shows them.
extension KiwiWire.User {
    init(_ user: KiwiUser, links: Links) {
        self.init(
            id: user.username,
            username: user.username,
            displayName: (user.fullName?.isEmpty == false ? user.fullName : nil) ?? user.username,
            avatarURL: links.upload(user.avatar ?? Links.defaultAvatar)
        )
    }
}

extension KiwiWire.Post {
    init(_ post: KiwiPost, links: Links) {
        self.init(
            id: String(post.id),
            author: KiwiWire.User(post.owner, links: links),
            imageURL: links.upload(post.image),
            caption: post.caption,
            likes: post.likes,
            createdAt: isoTime(post.createdAt),
            commentCount: post.commentCount,
            likedByMe: post.likedByMe,
            book: post.book.map { KiwiWire.Book(title: $0.title, authors: $0.authors, isbn13: $0.isbn13) }
        )
    }
}

extension KiwiWire.Comment {
    init(_ comment: KiwiComment, links: Links) {
        self.init(
            id: String(comment.id),
            author: KiwiWire.User(comment.owner, links: links),
            text: comment.text,
            createdAt: isoTime(comment.createdAt)
        )
    }
}

extension KiwiWire.Notification {
    init(_ notification: KiwiNotification, links: Links) {
        self.init(
            id: String(notification.id),
            kind: notification.kind.rawValue,
            actor: KiwiWire.User(notification.actor, links: links),
            post: notification.post.map { KiwiWire.NotifiedPost(id: String($0.id), imageURL: links.upload($0.image), caption: $0.caption) },
            comment: notification.comment,
            createdAt: isoTime(notification.createdAt),
            read: notification.read
        )
    }
}
