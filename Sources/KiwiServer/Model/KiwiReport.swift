import Foundation
import KiwiWire

/// A member's report of a post, a comment or an account to the moderators: why (a category and
/// their own words), the posts it points at, and the reported content as it was when reported,
/// kept even if its author deletes it. A report is open until a moderator acts on it; the
/// reporter then hears what came of it.
struct KiwiReport: Sendable, Equatable {
    var id: Int64
    var reporter: String
    /// The member whose post, comment or account it is (or a reader elsewhere, `alice@host`).
    var account: String
    var subject: KiwiWire.ReportSubject
    var category: KiwiWire.ReportCategory
    var comment: String?
    var content: KiwiReportedContent
    var createdAt: Date
    /// About a reader on another server (`alice@host`), whom no member here is: their own server
    /// acts on them.
    var isAboutAReaderElsewhere: Bool { RemoteHandle(account) != nil }
    /// What a moderator did; nil while open.
    var outcome: KiwiModerationAction?
    var resolvedAt: Date?
}

/// The reported content as it was: the posts (the one reported, and those attached) and the
/// comment, as their author wrote them. Kept as JSON in the report's row, the same in every store.
struct KiwiReportedContent: Sendable, Equatable, Codable {
    struct Post: Sendable, Equatable, Codable {
        var id: Int64
        var image: String
        var caption: String?
        var imageAlt: String?
        var spoiler: String?
        var bookTitle: String?
        var isbn13: String?
        var createdAt: Date
        /// Whether the report keeps a copy of its photo (`ReportStore.reportPhoto`).
        var photoKept: Bool? = nil
    }

    struct Comment: Sendable, Equatable, Codable {
        var id: Int64
        var postID: Int64
        var text: String
        var spoiler: String?
        var createdAt: Date
    }

    var posts: [Post] = []
    var comment: Comment? = nil
}

/// What a moderator does: to a report (`dismiss` it, `remove` the post or comment, `warn` its
/// author, `silence` or `suspend` the account), or to an account alone (`unsuspend`, `unsilence`).
enum KiwiModerationAction: String, Sendable, CaseIterable, Codable {
    case dismiss, remove, warn, silence, suspend, unsuspend, unsilence
    /// An admin's block of a whole server, and its end; the log's account is the server's name.
    case blockServer = "block_server"
    case unblockServer = "unblock_server"

    /// The actions that answer a report.
    static let onReports: [KiwiModerationAction] = [.dismiss, .remove, .warn, .silence, .suspend]

    /// "dismissed the report on", "removed the post of": as the audit log says it.
    var pastTense: String {
        switch self {
        case .dismiss: "dismissed a report on"
        case .remove: "removed content of"
        case .warn: "warned"
        case .silence: "silenced"
        case .suspend: "suspended"
        case .unsuspend: "lifted the suspension of"
        case .unsilence: "lifted the silence of"
        case .blockServer: "blocked the server"
        case .unblockServer: "unblocked the server"
        }
    }

    /// What the reporter is told came of their report (never who did it).
    var outcome: String {
        switch self {
        case .dismiss: "a moderator looked at it and took no action"
        case .remove: "it was removed"
        case .warn: "its author was warned"
        case .silence: "the account was limited: its posts no longer reach the public lists"
        case .suspend: "the account was suspended"
        case .unsuspend: "the account's suspension was lifted"
        case .unsilence: "the account's limit was lifted"
        case .blockServer: "the server was blocked"
        case .unblockServer: "the server was unblocked"
        }
    }
}

/// One line of the audit log: who did what to whom, on which report, why and when. Written in
/// the action's transaction, read by moderators, edited by nobody (the databases refuse it).
struct KiwiAuditEntry: Sendable, Equatable {
    var id: Int64
    var moderator: String
    var action: KiwiModerationAction
    var account: String
    var report: Int64?
    var reason: String?
    var createdAt: Date
}

/// Members not in good standing: silenced ones (their posts reach their followers only) and
/// suspended ones (they cannot log in, and what they wrote leaves every list until lifted).
/// Few, and the same for every reader: kept in memory while true.
struct KiwiStandings: Sendable, Equatable {
    var silenced: Set<String> = []
    var suspended: Set<String> = []

    var isEmpty: Bool { silenced.isEmpty && suspended.isEmpty }

    /// `suspended`, `silenced`, or nil for good standing.
    func standing(of name: String) -> String? {
        suspended.contains(name) ? "suspended" : silenced.contains(name) ? "silenced" : nil
    }

    /// Whether what `name` writes stays off the public lists: the public feed, books, search.
    func keepsOffPublicLists(_ name: String) -> Bool { silenced.contains(name) || suspended.contains(name) }
}

extension KiwiReportedContent {
    /// As a report's row keeps it: JSON, with times in seconds since 1970.
    var stored: String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// What a row keeps; nothing for a row no server of this kind wrote.
    init(stored: String) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        self = (try? decoder.decode(Self.self, from: Data(stored.utf8))) ?? Self()
    }
}
