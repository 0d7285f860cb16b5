import Foundation
import KiwiWire

/// The report form (`/p/<id>/report`, `/p/<id>/comments/<c>/report`, `/@<u>/report`) and, once
/// sent, its thanks.
struct ReportFormPage: Sendable {
    /// "this post by Bob", "this comment by Bob", "Bob".
    let what: String
    let categories: [PageChoice]
    let message: String?
    let comment: String
    /// A reader elsewhere's server, whose moderators are sent the report too (the form says so).
    let elsewhere: String?
    /// The report's number once it was sent; then the form is not shown again.
    let sentNumber: Int64?
    let sent: Bool
}

/// `/moderation`: the reports, oldest first.
struct ModerationQueuePage: Sendable {
    struct Row: Sendable {
        let number: Int64
        let url, about, category, reporter, age, time, status: String
        let note: String?
        let open: Bool
    }

    let reports: [Row]
    let showsAll: Bool
    /// Whether the tab of blocked servers shows: to admins, on a server that federates.
    let showsServers: Bool
}

/// `/moderation/<n>`: a report, what it is about as it was, the account's record, and what to do.
struct ModerationReportPage: Sendable {
    struct Post: Sendable {
        let number: Int64
        let imageURL: String?
        let caption, alt, warning, book: String?
        let kept: Bool
        let age: String
    }

    struct Line: Sendable {
        let words, age: String
    }

    let number: Int64
    let about, category, reporter, age, status: String
    let note: String?
    let open: Bool
    let accountURL, accountName: String
    let posts: [Post]
    let reportedComment: String?
    let standing: String
    let others: [Line]
    let actions: [Line]
    let hasOthers, hasActions: Bool
    let choices: [PageChoice]
    let message: String?
}

/// `/moderation/servers`: the servers an admin blocked, and the form that blocks one.
struct ServersPage: Sendable {
    struct Row: Sendable {
        let host, blockedBy, age, time, unblockURL: String
        let reason: String?
    }

    let servers: [Row]
    /// What was wrong with the form, and what was typed in it.
    let message: String?
    let host, reason: String
}

/// `/moderation/audit`: every action, newest first.
struct AuditPage: Sendable {
    let entries: [ModerationReportPage.Line]
}
