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
        Column("Caption", flexible: true) { $0.caption ?? "" },
    ]

    static func spoken(_ post: KiwiWire.Post) -> String {
        let caption = post.caption.map { " “\($0)”" } ?? " a photo"
        let age = post.created.map { ", \(RelativeTime.ago(Date().timeIntervalSince($0)))" } ?? ""
        return "\(post.author.shownName) posted\(caption), \(post.likes) \(post.likes == 1 ? "like" : "likes")\(age)."
    }

    static let commentColumns: [Column<KiwiWire.Comment>] = [
        Column("ID", rightAligned: true) { $0.id },
        Column("Author") { $0.author.username },
        Column("Age") { KiwiTime.age($0.createdAt.flatMap(KiwiTime.parse)) },
        Column("Comment", flexible: true) { $0.text },
    ]

    /// Posts as every post list shows them; with `images`, a thumbnail of each photo per row.
    static func list(_ posts: [KiwiWire.Post], empty: String, images: Bool = false, in context: CommandContext) async throws {
        let client = try context.resolve(KiwiClient.self)
        try await context.resolve(TerminalPictures.self).list(posts, columns: postColumns, plain: spoken, empty: empty, wanted: images) {
            $0.imageURL == nil ? nil : try await client.photo(of: $0)
        }
    }

    static let userColumns: [Column<KiwiWire.User>] = [
        Column("Username") { $0.username },
        Column("Name", flexible: true) { $0.displayName ?? "–" },
    ]

    /// `followers` and `following`: one reader's list of readers (yours by default).
    static func people(_ relation: String, of username: String?, empty: (String) -> String, in context: CommandContext) async throws {
        let client = try context.resolve(KiwiClient.self)
        let name = try username ?? client.session().user.username
        let users = try await client.people(relation, of: name)
        try context.output.list(users, columns: userColumns, plain: { $0.shownName }, empty: empty(name))
    }
}
