import Foundation
import KiwiWire
import PluginAPI

/// A change a reader asks of the server, as the outbox keeps it until it lands.
enum KiwiWrite: Codable, Sendable, Equatable {
    /// The photo is kept beside the entry (`KiwiOutbox`); an entry kept before descriptions or
    /// spoiler warnings existed reads without them.
    case post(caption: String?, book: String?, imageAlt: String? = nil, spoiler: String? = nil)
    case comment(postID: String, text: String, spoiler: String? = nil)
    case like(postID: String, liked: Bool)
    case follow(username: String, following: Bool)
    /// Ends that member's follow of the reader.
    case removeFollower(username: String)
    case block(username: String, blocking: Bool)
    /// A mute for `seconds` from when it lands, or (nil) until unmuted; or an unmute.
    case mute(username: String, muting: Bool, seconds: Int? = nil)
    case deletePost(postID: String)
    case uncomment(commentID: String)
    /// A report to the moderators of `subject`, pointing at `posts`.
    case report(subject: KiwiWire.ReportSubject, category: String, comment: String?, posts: [String])
    /// A moderator's action on a report.
    case moderate(reportID: String, action: String, reason: String?)
    /// A moderator lifts a suspension or a silence (`what`: `suspension` or `silence`).
    case lift(username: String, what: String, reason: String?)
    /// A book put on a shelf; `title` says which in lists (nil: named by its ISBN alone).
    case shelve(isbn13: String, change: KiwiWire.ShelfChange, title: String? = nil)
    case unshelve(isbn13: String)

    /// One word for lists: "post", "unlike", "unfollow"…
    var kind: String {
        switch self {
        case .post: "post"
        case .comment: "comment"
        case .like(_, let liked): liked ? "like" : "unlike"
        case .follow(_, let following): following ? "follow" : "unfollow"
        case .removeFollower: "remove follower"
        case .block(_, let blocking): blocking ? "block" : "unblock"
        case .mute(_, let muting, _): muting ? "mute" : "unmute"
        case .deletePost: "delete"
        case .uncomment: "uncomment"
        case .shelve(_, let change, _):
            switch change.shelf {
            case .want: "want"
            case .reading: change.progress?.page != nil || change.progress?.percent != nil ? "progress" : "start"
            case .read: "finish"
            }
        case .unshelve: "unshelve"
        case .report: "report"
        case .moderate(_, let action, _): action
        case .lift(_, let what, _): what == "silence" ? "unsilence" : "unsuspend"
        }
    }

    /// What it is about: "post 12", "@ada", "“The storm chapter”".
    var target: String {
        switch self {
        case .post(let caption, _, _, _): caption.map { "“\(DisplayWidth.truncate($0, to: 40))”" } ?? "a photo"
        case .comment(let post, let text, _): "on post \(post): “\(DisplayWidth.truncate(text, to: 30))”"
        case .like(let post, _), .deletePost(let post): "post \(post)"
        case .follow(let username, _), .removeFollower(let username), .block(let username, _), .mute(let username, _, _): "@\(username)"
        case .uncomment(let comment): "comment \(comment)"
        case .shelve(let isbn13, _, let title): title.map { "“\(DisplayWidth.truncate($0, to: 40))”" } ?? "book \(isbn13)"
        case .unshelve(let isbn13): "book \(isbn13)"
        case .report(.post(let id), _, _, _): "post \(id)"
        case .report(.comment(let id), _, _, _): "comment \(id)"
        case .report(.account(let name), _, _, _): "@\(name)"
        case .moderate(let report, _, _): "report \(report)"
        case .lift(let username, _, _): "@\(username)"
        }
    }

    /// A write that removes something: sent again after it landed, its 404 says it is done.
    var removes: Bool {
        switch self {
        case .deletePost, .uncomment, .unshelve, .removeFollower, .lift: true
        default: false
        }
    }
}

/// What the server answered a write.
enum KiwiWriteAnswer: Sendable {
    case post(KiwiWire.Post)
    case likes(KiwiWire.Likes)
    /// A book's reading as the shelf change left it.
    case shelved(KiwiWire.ShelfEntry)
    /// A report as filed, or as a moderator's action left it.
    case report(KiwiWire.Report)
    /// Done; a new comment's id when the server names it.
    case done(id: String?)
}

/// A write in the outbox: what it is, for which server and account, with the `Idempotency-Key`
/// every sending of it carries, and how its sendings went.
struct KeptWrite: Codable, Sendable, Equatable {
    /// Short, for `kiwi outbox drop ID`: the start of the key.
    var id: String
    var key, server, account: String
    var write: KiwiWrite
    var createdAt: Date
    /// Its place in the outbox: writes are sent in this order (two kept within one clock tick included).
    var sequence = 0
    var tries: Int
    var lastError: String?

    init(write: KiwiWrite, server: String, account: String, key: String = UUID().uuidString.lowercased(), now: Date = Date()) {
        self.id = String(key.prefix(8))
        self.key = key
        self.server = server
        self.account = account
        self.write = write
        self.createdAt = now
        self.tries = 0
    }
}
