import Foundation
import KiwiWire
import PluginAPI

/// How posts, comments and readers read, in every client command.
enum KiwiPresentation {
    static let postColumns: [Column<KiwiWire.Post>] = [
        Column("ID", rightAligned: true) { $0.id },
        Column("Author") { $0.author.username },
        Column("Age") { KiwiTime.age($0.created) },
        Column("Likes", rightAligned: true) { "\($0.likes)" },
        // Marked when the logged-in reader likes it (servers of the base contract do not say).
        Column("♥") { $0.likedByMe == true ? "♥" : "" },
        Column("Comments", rightAligned: true) { $0.commentCount.map(String.init) ?? "–" },
        Column("Book", flexible: true) { $0.book?.title ?? "" },
        Column("Caption", flexible: true) { $0.caption ?? "" },
    ]

    /// A post read aloud: who posted what, what the photo shows (its description), the likes, when.
    static func spoken(_ post: KiwiWire.Post) -> String {
        let caption = (post.caption.map { " “\($0)”" } ?? " a photo") + (post.book.map { " on \($0.title)" } ?? "")
        let photo = post.imageAlt.map { " The photo shows: \($0.hasSuffix(".") ? String($0.dropLast()) : $0)." } ?? ""
        let age = post.created.map { ", \(RelativeTime.ago(Date().timeIntervalSince($0)))" } ?? ""
        return "\(post.author.shownName) posted\(caption), \(post.likes) \(post.likes == 1 ? "like" : "likes")\(age).\(photo)"
    }

    static let commentColumns: [Column<KiwiWire.Comment>] = [
        Column("ID", rightAligned: true) { $0.id },
        Column("Author") { $0.author.username },
        Column("Age") { KiwiTime.age($0.createdAt.flatMap(KiwiTime.parse)) },
        Column("Comment", flexible: true) { $0.text },
    ]

    /// Posts as every post list shows them; with `images`, a thumbnail of each photo per row. A
    /// book's own list leaves out the `Book` column, which would say its title on every row.
    static func list(_ posts: [KiwiWire.Post], empty: String, images: Bool = false, ofOneBook: Bool = false, in context: CommandContext) async throws
    {
        let client = try context.resolve(KiwiClient.self)
        let columns = ofOneBook ? postColumns.filter { $0.title != "Book" } : postColumns
        try await context.resolve(TerminalPictures.self).list(posts, columns: columns, plain: spoken, empty: empty, wanted: images) {
            // A thumbnail of a row: the smallest version.
            $0.imageURL == nil ? nil : try await client.photo(of: $0, filling: KiwiPhotoSize.w96.width)
        }
    }

    static let notificationColumns: [Column<KiwiWire.Notification>] = [
        Column("Age") { KiwiTime.age(KiwiTime.parse($0.createdAt)) },
        Column("Who") { $0.actor.username },
        Column("What", flexible: true) { what($0) },
        Column("") { $0.read ? "" : "new" },
    ]

    /// What happened, after the name of who did it: "liked your post “The storm chapter”".
    static func what(_ notification: KiwiWire.Notification) -> String {
        let post = notification.post?.caption.map { "your post “\($0)”" } ?? "your post"
        switch notification.kind {
        case "like": return "liked \(post)"
        case "comment": return "commented on \(post)" + (notification.comment.map { ": “\($0)”" } ?? "")
        case "follow": return "followed you"
        default: return notification.kind
        }
    }

    /// A notification said aloud: "Ada Lovelace liked your post “The storm chapter”, 5 minutes ago."
    static func spoken(_ notification: KiwiWire.Notification) -> String {
        let age = KiwiTime.parse(notification.createdAt).map { ", \(RelativeTime.ago(Date().timeIntervalSince($0)))" } ?? ""
        return "\(notification.actor.shownName) \(what(notification))\(age)."
    }

    static let userColumns: [Column<KiwiWire.User>] = [
        Column("Username") { $0.username },
        Column("Name", flexible: true) { $0.displayName ?? "–" },
    ]

}
