import Foundation
import KiwiWire
import PluginAPI

/// How posts, comments and readers read, in every client command. What a spoiler warning covers
/// (a post's caption, photo and its description; a comment's text) is left out unless the reader
/// asks for it (`SpoilerOptions`); `--json` always carries both.
enum KiwiPresentation {
    static func postColumns(spoilers: Bool) -> [Column<KiwiWire.Post>] {
        [
            Column("ID", rightAligned: true) { $0.id },
            Column("Author") { $0.author.username },
            Column("Age") { KiwiTime.age($0.created) },
            Column("Likes", rightAligned: true) { "\($0.likes)" },
            // Marked when the logged-in reader likes it (servers of the base contract do not say).
            Column("♥") { $0.likedByMe == true ? "♥" : "" },
            Column("Comments", rightAligned: true) { $0.commentCount.map(String.init) ?? "–" },
            Column("Book", flexible: true) { $0.book?.title ?? "" },
            Column("Caption", flexible: true) { post in hidden(post.spoiler, unless: spoilers) ?? post.caption ?? "" },
        ]
    }

    /// What stands in for what a warning covers: nil when there is no warning, or it is lifted.
    static func hidden(_ spoiler: String?, unless shown: Bool) -> String? {
        guard let spoiler, !shown else { return nil }
        return "Spoiler: \(spoiler) (hidden; --spoilers shows it)"
    }

    /// A post read aloud: who posted what, what the photo shows (its description), the likes, when;
    /// behind a warning, the warning in their place.
    static func spoken(_ post: KiwiWire.Post, spoilers: Bool) -> String {
        let age = post.created.map { ", \(RelativeTime.ago(Date().timeIntervalSince($0)))" } ?? ""
        let likes = "\(post.likes) \(post.likes == 1 ? "like" : "likes")\(age)"
        let book = post.book.map { " on \($0.title)" } ?? ""
        if let warning = post.spoiler, !spoilers {
            return "\(post.author.shownName) posted\(book) behind a spoiler warning, “\(warning)”, \(likes). Its words and photo are hidden."
        }
        let caption = (post.caption.map { " “\($0)”" } ?? " a photo") + book
        let photo = post.imageAlt.map { " The photo shows: \($0.hasSuffix(".") ? String($0.dropLast()) : $0)." } ?? ""
        let warned = post.spoiler.map { " Spoiler warning: \($0)." } ?? ""
        return "\(post.author.shownName) posted\(caption), \(likes).\(warned)\(photo)"
    }

    static func commentColumns(spoilers: Bool) -> [Column<KiwiWire.Comment>] {
        [
            Column("ID", rightAligned: true) { $0.id },
            Column("Author") { $0.author.username },
            Column("Age") { KiwiTime.age($0.createdAt.flatMap(KiwiTime.parse)) },
            Column("Comment", flexible: true) { comment in hidden(comment.spoiler, unless: spoilers) ?? comment.text },
        ]
    }

    /// A comment read aloud; behind a warning, the warning in its place.
    static func spoken(_ comment: KiwiWire.Comment, spoilers: Bool) -> String {
        if let warning = comment.spoiler, !spoilers {
            return "\(comment.author.shownName) commented, with a spoiler warning: “\(warning)”. The comment is hidden."
        }
        return "\(comment.author.shownName) said: \(comment.text)" + (comment.spoiler.map { " (Spoiler warning: \($0).)" } ?? "")
    }

    /// Posts as every post list shows them; with `images`, a thumbnail of each photo per row
    /// (none behind a warning). A book's own list leaves out the `Book` column, which would say
    /// its title on every row.
    static func list(
        _ posts: [KiwiWire.Post],
        empty: String,
        images: Bool = false,
        ofOneBook: Bool = false,
        spoilers: Bool,
        in context: CommandContext
    ) async throws {
        let client = try context.resolve(KiwiClient.self)
        let all = postColumns(spoilers: spoilers)
        let columns = ofOneBook ? all.filter { $0.title != "Book" } : all
        let pictures = try context.resolve(TerminalPictures.self)
        let plain: (KiwiWire.Post) -> String = { spoken($0, spoilers: spoilers) }
        try await pictures.list(posts, columns: columns, plain: plain, empty: empty, wanted: images) {
            // A thumbnail of a row: the smallest version.
            $0.imageURL == nil || ($0.spoiler != nil && !spoilers) ? nil : try await client.photo(of: $0, filling: KiwiPhotoSize.w96.width)
        }
    }

    static func notificationColumns(spoilers: Bool) -> [Column<KiwiWire.Notification>] {
        [
            Column("Age") { KiwiTime.age(KiwiTime.parse($0.createdAt)) },
            Column("Who") { $0.isFromModerators ? "moderators" : $0.actor.username },
            Column("What", flexible: true) { what($0, spoilers: spoilers) },
            Column("") { $0.read ? "" : "new" },
        ]
    }

    /// What happened, after the name of who did it: "liked your post “The storm chapter”".
    static func what(_ notification: KiwiWire.Notification, spoilers: Bool) -> String {
        let post = notification.post?.caption.map { "your post “\($0)”" } ?? "your post"
        switch notification.kind {
        case "like": return "liked \(post)"
        case "comment":
            if let warning = notification.commentSpoiler, !spoilers { return "commented on \(post), with a spoiler warning: “\(warning)”" }
            return "commented on \(post)" + (notification.comment.map { ": “\($0)”" } ?? "")
        case "follow": return "followed you"
        // A moderator's word to the reader: said as it is, by nobody in particular.
        case "warning", "report": return notification.note ?? notification.kind
        default: return notification.kind
        }
    }

    /// A notification said aloud: "Ada Lovelace liked your post “The storm chapter”, 5 minutes ago."
    static func spoken(_ notification: KiwiWire.Notification, spoilers: Bool) -> String {
        let age = KiwiTime.parse(notification.createdAt).map { ", \(RelativeTime.ago(Date().timeIntervalSince($0)))" } ?? ""
        if notification.isFromModerators { return "The moderators: \(what(notification, spoilers: spoilers))\(age)" }
        return "\(notification.actor.shownName) \(what(notification, spoilers: spoilers))\(age)."
    }

    static let keptAwayColumns: [Column<KiwiWire.KeptAway>] = [
        Column("Username") { $0.user.username },
        Column("Name", flexible: true) { $0.user.displayName ?? "–" },
        Column("Since") { KiwiTime.age(KiwiTime.parse($0.since)) },
        Column("Until") { $0.until.flatMap(KiwiTime.parse).map { remaining($0.timeIntervalSinceNow) } ?? "–" },
    ]

    /// "in 45 min", "in 30 h", "in 7 days": when a mute ends.
    static func remaining(_ seconds: Double) -> String {
        seconds >= 2 * 86_400 ? "in \(Int((seconds / 86_400).rounded())) days" : "in \(RelativeTime.duration(seconds))"
    }

    /// "bob, since 2 days ago, ending in 5 days."
    static func spoken(_ kept: KiwiWire.KeptAway) -> String {
        let since = KiwiTime.parse(kept.since).map { ", since \(RelativeTime.ago(Date().timeIntervalSince($0)))" } ?? ""
        let until = kept.until.flatMap(KiwiTime.parse).map { ", ending \(remaining($0.timeIntervalSinceNow))" } ?? ""
        return "\(kept.user.shownName)\(since)\(until)."
    }

    static let userColumns: [Column<KiwiWire.User>] = [
        Column("Username") { $0.username },
        Column("Name", flexible: true) { $0.displayName ?? "–" },
    ]

}

extension KiwiWire.RemoteReader {
    /// A reader elsewhere in a list of readers: a member named by their handle.
    var asUser: KiwiWire.User { KiwiWire.User(id: nil, username: handle, displayName: nil, avatarURL: nil) }
}
