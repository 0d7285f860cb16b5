import Foundation

/// What a member hears of: someone liked or commented on their post, or followed them; a
/// moderator warned them, or acted on their report (`note` says what, and the reader is its
/// actor: a moderator is never named). Kept
/// until read; an unlike, a deleted comment or an unfollow withdraws it, a deleted post takes
/// its notifications along. Nobody hears of their own actions.
struct KiwiNotification: Sendable, Equatable {
    enum Kind: String, Sendable, CaseIterable {
        case like, comment, follow, warning, report
    }

    var id: Int64
    var recipient: String
    var kind: Kind
    /// Who liked, commented or followed.
    var actor: KiwiUser
    /// The post liked or commented on (nil for a follow).
    var post: Subject?
    /// The comment's text, for a comment, and its spoiler warning.
    var comment: String?
    var commentSpoiler: String? = nil
    var commentID: Int64?
    var note: String? = nil
    var createdAt: Date
    var read: Bool

    /// What a notification shows of the post it is about.
    struct Subject: Sendable, Equatable {
        var id: Int64
        var image: String
        var caption: String?
    }
}

/// What a live stream tells its reader, as it happens: a notification, or a new post by someone they follow.
enum KiwiEvent: Sendable, Equatable {
    case notification(KiwiNotification)
    case post(KiwiPost)

    var createdAt: Date {
        switch self {
        case .notification(let notification): notification.createdAt
        case .post(let post): post.createdAt
        }
    }

    /// The event's name on the stream, unique among all events ("n12", "p40").
    var id: String {
        switch self {
        case .notification(let notification): "n\(notification.id)"
        case .post(let post): "p\(post.id)"
        }
    }
}
