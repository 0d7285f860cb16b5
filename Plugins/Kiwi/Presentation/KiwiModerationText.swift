import Foundation
import KiwiWire
import PluginAPI

/// Reports and the audit log as the terminal shows them.
enum KiwiModerationText {
    static let reportColumns: [Column<KiwiWire.Report>] = [
        Column("ID", rightAligned: true) { $0.id },
        Column("Age") { KiwiTime.age(KiwiTime.parse($0.createdAt)) },
        Column("About") { about($0) },
        Column("Category") { $0.category },
        Column("By") { $0.reporter ?? "–" },
        Column("Status") { $0.status },
        Column("Comment", flexible: true) { $0.comment ?? "–" },
    ]

    /// "post 12 by @bob", "comment 7 by @bob", "@bob".
    static func about(_ report: KiwiWire.Report) -> String {
        report.kind == "account" ? "@\(report.account.username)" : "\(report.kind) \(report.subject) by @\(report.account.username)"
    }

    /// "Report 3 of post 12 by @bob (spam), 2 hours ago: open."
    static func spoken(_ report: KiwiWire.Report) -> String {
        let age = KiwiTime.parse(report.createdAt).map { ", \(RelativeTime.ago(Date().timeIntervalSince($0)))" } ?? ""
        let by = report.reporter.map { ", by @\($0)" } ?? ""
        let comment = report.comment.map { " “\($0)”" } ?? ""
        return "Report \(report.id) of \(about(report)) (\(report.category))\(by)\(age)\(comment): \(status(report))."
    }

    /// "open", or what came of it.
    static func status(_ report: KiwiWire.Report) -> String {
        report.status == "open" ? "open" : "closed (\(report.status))"
    }

    /// A report in full: what was reported as it was, and the account's record.
    static func fields(_ report: KiwiWire.Report) -> [(label: String, value: String)] {
        var fields: [(label: String, value: String)] = [
            ("Report", report.id), ("About", about(report)), ("Category", report.category), ("Reported by", report.reporter ?? "you"),
            ("When", KiwiTime.age(KiwiTime.parse(report.createdAt))), ("Comment", report.comment ?? "–"), ("Status", status(report)),
        ]
        for post in report.content.posts {
            var words = [post.caption.map { "“\($0)”" } ?? "a photo"]
            if let book = post.bookTitle { words.append("on \(book)") }
            if let warning = post.spoiler { words.append("(spoiler warning: \(warning))") }
            words.append(post.kept ? "– still up" : "– gone")
            fields.append(("Post \(post.id)", words.joined(separator: " ")))
        }
        if let comment = report.content.comment {
            fields.append(("Comment \(comment.id)", "“\(comment.text)” on post \(comment.postID)"))
        }
        if let history = report.history {
            fields.append(("Standing", history.standing ?? "good"))
            let others = history.reports.map { "\($0.id) (\($0.kind), \($0.category), \($0.status))" }
            fields.append(("Other reports", others.isEmpty ? "none" : others.joined(separator: ", ")))
            let actions = history.actions.map { "\($0.action) \(KiwiTime.age(KiwiTime.parse($0.createdAt)))" + ($0.reason.map { ": \($0)" } ?? "") }
            fields.append(("Actions", actions.isEmpty ? "none" : actions.joined(separator: "; ")))
        }
        return fields
    }

    static let auditColumns: [Column<KiwiWire.AuditEntry>] = [
        Column("Age") { KiwiTime.age(KiwiTime.parse($0.createdAt)) },
        Column("Moderator") { $0.moderator },
        Column("Action") { $0.action },
        Column("Account") { whom($0) },
        Column("Report", rightAligned: true) { $0.report ?? "–" },
        Column("Reason", flexible: true) { $0.reason ?? "–" },
    ]

    static func spoken(_ entry: KiwiWire.AuditEntry) -> String {
        let age = KiwiTime.parse(entry.createdAt).map { ", \(RelativeTime.ago(Date().timeIntervalSince($0)))" } ?? ""
        let report = entry.report.map { " on report \($0)" } ?? ""
        return "\(entry.moderator): \(entry.action) \(whom(entry))\(report)\(age)" + (entry.reason.map { ", because “\($0)”" } ?? "") + "."
    }

    /// `@bob`, or a server's name as it is (a block of a whole server).
    static func whom(_ entry: KiwiWire.AuditEntry) -> String {
        entry.action.hasSuffix("_server") ? entry.account : "@\(entry.account)"
    }

    static let domainBlockColumns: [Column<KiwiWire.DomainBlock>] = [
        Column("Server") { $0.host },
        Column("Blocked by") { $0.blockedBy },
        Column("Since") { KiwiTime.age(KiwiTime.parse($0.createdAt)) },
        Column("Reason", flexible: true) { $0.reason ?? "–" },
    ]

    /// "spam.example, blocked by ada 2 days ago, because “floods of spam”."
    static func spoken(_ block: KiwiWire.DomainBlock) -> String {
        let age = KiwiTime.parse(block.createdAt).map { " \(RelativeTime.ago(Date().timeIntervalSince($0)))" } ?? ""
        return "\(block.host), blocked by \(block.blockedBy)\(age)" + (block.reason.map { ", because “\($0)”" } ?? "") + "."
    }
}
