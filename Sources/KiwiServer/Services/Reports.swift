import Foundation
import KiwiServerSettings
import KiwiWire

/// Reports and what moderators do with them. A member reports a post, a comment or an account
/// (never themselves) once: a second report of the same thing is the first, and costs nothing
/// (the store holds to it when two race). Moderators and admins read the open reports oldest first, with the content as it was when reported and the
/// account's record, and act on each; nobody acts on an admin but an admin. Every action is in
/// the audit log, and the reporter hears what came of their report, never from whom.
struct Reports: Sendable {
    typealias Store = ReportStore & AccountStore & PostStore
    let store: any Store
    let writes: Writes
    let posts: Posts
    let standings: Standings

    /// How many of an account's other reports and actions a report shows.
    static let historyShown = 20

    func report(
        _ subject: KiwiWire.ReportSubject,
        category: String,
        comment: String?,
        posts attached: [String],
        by caller: KiwiUser,
        from address: String?
    ) async throws -> KiwiReport {
        let (category, comment) = try Self.checked(category: category, comment: comment)
        guard attached.count <= KiwiLimits.reportedPosts else {
            throw KiwiProblem.invalid("a report points at \(KiwiLimits.reportedPosts) posts at most")
        }
        // Reported before: that report, and nothing spent or copied again.
        if let made = try await store.report(by: caller.username, of: subject) { return made }
        let (account, content) = try await reported(subject, attached)
        guard account != caller.username else { throw KiwiProblem.invalid("you cannot report yourself") }
        try await writes.limits.spend(.reports, account: caller.username, address: address)
        return try await file(subject, about: account, content, category: category, comment: comment, by: caller.username)
    }

    /// A member's report about a reader on another server (`handle`, `alice@host`), kept for the
    /// moderators here with nothing of theirs copied (nothing of theirs is kept here); `new` is
    /// false when the member reported them before, and nothing is spent again.
    func report(
        elsewhere handle: String,
        category: String,
        comment: String?,
        posts attached: [String],
        by caller: KiwiUser,
        from address: String?
    ) async throws -> (report: KiwiReport, new: Bool) {
        let (category, comment) = try Self.checked(category: category, comment: comment)
        guard attached.isEmpty else { throw KiwiProblem.invalid("\(handle)'s posts are on their server: a report here names none of them") }
        let subject = KiwiWire.ReportSubject.account(handle)
        if let made = try await store.report(by: caller.username, of: subject) { return (made, false) }
        try await writes.limits.spend(.reports, account: caller.username, address: address)
        return (try await file(subject, about: handle, KiwiReportedContent(), category: category, comment: comment, by: caller.username), true)
    }

    /// A report's category, and its comment trimmed (nil when blank), once both are within bounds.
    private static func checked(category: String, comment: String?) throws -> (KiwiWire.ReportCategory, String?) {
        guard let category = KiwiWire.ReportCategory(rawValue: category) else {
            throw KiwiProblem.invalid("category must be one of \(KiwiWire.ReportCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let comment = comment.flatMap { $0.trimmed.isEmpty ? nil : $0.trimmed }
        if let problem = comment.flatMap({ KiwiLimits.textProblem($0, field: "comment", limit: KiwiLimits.reportComment) }) {
            throw KiwiProblem.invalid(problem)
        }
        return (category, comment)
    }

    /// A report from another server (their moderators' `Flag`), by `reporter` (the handle of the
    /// actor who sent it), filed as a member's is: in the queue with what it names as it is now,
    /// and within the `reports` allowance, which the sending actor spends as a member would.
    /// Mastodon's says no category, and its comment is cut to the length a member may write.
    func flagged(_ subject: KiwiWire.ReportSubject, posts attached: [String], comment: String?, by reporter: String) async throws -> KiwiReport {
        if let made = try await store.report(by: reporter, of: subject) { return made }
        let (account, content) = try await reported(subject, Array(attached.prefix(KiwiLimits.reportedPosts)))
        try await writes.limits.spend(.reports, account: reporter, address: nil)
        let comment = comment.flatMap { $0.trimmed.isEmpty ? nil : String($0.trimmed.prefix(KiwiLimits.reportComment)) }
        return try await file(subject, about: account, content, category: .other, comment: comment, by: reporter)
    }

    /// Whose `subject` is, and what it and the `attached` posts of theirs are now.
    private func reported(_ subject: KiwiWire.ReportSubject, _ attached: [String]) async throws -> (String, KiwiReportedContent) {
        var content = KiwiReportedContent()
        let account: String
        switch subject {
        case .post(let id):
            let post = try await reported(Int64(id) ?? 0)
            account = post.owner.username
            content.posts.append(KiwiReportedContent.Post(post))
        case .comment(let id):
            guard let found = try await store.comment(Int64(id) ?? 0) else { throw KiwiProblem.noSuchComment }
            account = found.owner.username
            content.comment = KiwiReportedContent.Comment(
                id: found.id,
                postID: found.postID,
                text: found.text,
                spoiler: found.spoiler,
                createdAt: found.createdAt
            )
        case .account(let name):
            guard try await store.user(name) != nil else { throw KiwiProblem.noSuchUser }
            account = name
        }
        for id in attached where !content.posts.contains(where: { String($0.id) == id }) {
            guard let number = Int64(id), let post = try? await reported(number), post.owner.username == account else {
                throw KiwiProblem.invalid("post \(id) is not one of \(account)'s posts")
            }
            content.posts.append(KiwiReportedContent.Post(post))
        }
        return (account, content)
    }

    private func file(
        _ subject: KiwiWire.ReportSubject,
        about account: String,
        _ content: KiwiReportedContent,
        category: KiwiWire.ReportCategory,
        comment: String?,
        by reporter: String
    ) async throws -> KiwiReport {
        var content = content
        // A copy of each photo, kept with the report: what was reported stays as it was.
        var photos: [Int64: Data] = [:]
        for (index, post) in content.posts.enumerated() {
            guard let copy = try? await writes.photos.copy(of: post.image, in: store) else { continue }
            photos[post.id] = copy
            content.posts[index].photoKept = true
        }
        return try await store.fileReport(
            KiwiReport(
                id: 0,
                reporter: reporter,
                account: account,
                subject: subject,
                category: category,
                comment: comment,
                content: content,
                createdAt: Date()
            ),
            photos: photos
        )
    }

    /// The copy a report keeps of a post's photo: for moderators, and the reporter.
    func photo(of post: Int64, in id: Int64, by caller: KiwiUser) async throws -> Data {
        guard let report = try await store.report(id) else { throw KiwiProblem.noSuchReport }
        if report.reporter != caller.username { try await requireModerator(caller) }
        guard let photo = try await store.reportPhoto(report: id, post: post) else { throw KiwiProblem.noSuchUpload }
        return photo
    }

    /// Open reports (or all of them), oldest first.
    func queue(all: Bool, after: Int64?, limit: Int, by caller: KiwiUser) async throws -> [KiwiReport] {
        try await requireModerator(caller)
        return try await store.reports(all: all, after: after, limit: limit)
    }

    /// A report with its account's record: their other reports, the actions taken on them,
    /// whether they are silenced or suspended now. A reporter may read their own report, without
    /// the record.
    func report(_ id: Int64, by caller: KiwiUser) async throws -> (report: KiwiReport, record: KiwiRecord?) {
        guard let report = try await store.report(id) else { throw KiwiProblem.noSuchReport }
        if report.reporter == caller.username, try await !isModerator(caller) { return (report, nil) }
        try await requireModerator(caller)
        return (report, try await record(of: report.account, besides: id))
    }

    func record(of account: String, besides id: Int64? = nil) async throws -> KiwiRecord {
        let standings = try await standings.current()
        return KiwiRecord(
            reports: Array(try await store.reports(about: account, limit: Self.historyShown + 1).filter { $0.id != id }.prefix(Self.historyShown)),
            actions: try await store.audit(account: account, before: nil, limit: Self.historyShown),
            standing: standings.standing(of: account)
        )
    }

    /// Acts on an open report: the action's effect, the report closed, the audit line and the
    /// notifications in one decision. Removing a post takes its photo's versions off every server.
    func act(on id: Int64, _ action: String, reason: String?, by caller: KiwiUser) async throws -> KiwiReport {
        guard let action = KiwiModerationAction(rawValue: action), KiwiModerationAction.onReports.contains(action) else {
            throw KiwiProblem.invalid("action must be one of \(KiwiModerationAction.onReports.map(\.rawValue).joined(separator: ", "))")
        }
        let reason = try Self.checked(reason)
        guard let report = try await store.report(id) else { throw KiwiProblem.noSuchReport }
        try await requireModerator(caller, over: report.account)
        if let outcome = report.outcome {
            // The same decision again (a client sending it once more) is the decision made.
            guard outcome == action else { throw KiwiProblem.reportClosed(outcome.rawValue) }
            return report
        }
        // A reader elsewhere is theirs to act on (their server was sent the report); here, a block of
        // their server keeps them out.
        if action != .dismiss, report.isAboutAReaderElsewhere {
            throw KiwiProblem.invalid(
                "\(report.account) is a reader on another server, which was sent the report: dismiss it, or block their server"
            )
        }
        // A deleted account's report stays on record; nothing is left to act on but the report.
        if action != .dismiss, try await store.user(report.account) == nil {
            throw KiwiProblem.invalid("\(report.account) deleted their account: dismiss the report to close it")
        }
        var decision = ModerationDecision(report: id, account: report.account, action: action, moderator: caller.username, reason: reason)
        switch (action, report.subject) {
        case (.remove, .post(let post)): _ = try await posts.remove(Int64(post) ?? 0, of: report.account)
        case (.remove, .comment(let comment)): _ = try await posts.remove(comment: Int64(comment) ?? 0, of: report.account)
        case (.remove, .account): throw KiwiProblem.invalid("remove takes away a post or a comment: silence or suspend an account")
        case (.warn, _): decision.warning = Self.warning(about: report, reason: reason)
        case (.silence, _): decision.silenced = true
        case (.suspend, _): decision.suspended = true
        default: break
        }
        if try await store.user(report.reporter) != nil {
            decision.reporterNote = (report.reporter, "Your report of \(Self.what(report)) (\(report.category.rawValue)): \(action.outcome).")
        }
        try await decide(decision)
        return try await store.report(id) ?? report
    }

    /// Lifts a suspension or a silence. A lifted suspension ends the sessions it had stopped:
    /// the member logs in again.
    func lift(_ action: KiwiModerationAction, of account: String, reason: String?, by caller: KiwiUser) async throws {
        let reason = try Self.checked(reason)
        guard try await store.user(account) != nil else { throw KiwiProblem.noSuchUser }
        try await requireModerator(caller, over: account)
        let standings = try await standings.current()
        var decision = ModerationDecision(account: account, action: action, moderator: caller.username, reason: reason)
        switch action {
        case .unsuspend:
            guard standings.suspended.contains(account) else { throw KiwiProblem.notKeptAway("\(account) is not suspended") }
            decision.suspended = false
        default:
            guard standings.silenced.contains(account) else { throw KiwiProblem.notKeptAway("\(account) is not silenced") }
            decision.silenced = false
        }
        try await decide(decision)
        if action == .unsuspend {
            for hash in try await store.endSessions(of: account) { writes.changes.published(.sessionEnded(tokenHash: hash)) }
        }
    }

    /// Newest first.
    func audit(before: Int64?, limit: Int, by caller: KiwiUser) async throws -> [KiwiAuditEntry] {
        try await requireModerator(caller)
        return try await store.audit(account: nil, before: before, limit: limit)
    }

    /// Which of the report's posts are still up.
    func stillUp(_ report: KiwiReport) async throws -> Set<Int64> {
        var up: Set<Int64> = []
        for post in report.content.posts where try await store.post(post.id, viewer: nil) != nil { up.insert(post.id) }
        return up
    }

    func isModerator(_ member: KiwiUser) async throws -> Bool {
        try await store.role(of: member.username).map { $0 != .member } ?? false
    }

    // MARK: -

    private func decide(_ decision: ModerationDecision) async throws {
        guard let told = try await store.decide(decision) else { throw KiwiProblem.reportClosed("by another moderator") }
        for (recipient, notices) in told { writes.changes.published(notices, to: recipient) }
        if decision.silenced != nil || decision.suspended != nil { writes.changes.published(.member(decision.account)) }
    }

    /// A moderator or an admin (as the database says now), and an admin to act on an admin.
    private func requireModerator(_ caller: KiwiUser, over account: String? = nil) async throws {
        guard let role = try await store.role(of: caller.username), role != .member else { throw KiwiProblem.notModerator }
        if let account, role != .admin, try await store.role(of: account) == .admin { throw KiwiProblem.notAdmin }
    }

    /// A reported post, as anyone could read it then.
    private func reported(_ id: Int64) async throws -> KiwiPost {
        guard let post = try await store.post(id, viewer: nil) else { throw KiwiProblem.noSuchPost }
        return post
    }

    static func checked(_ reason: String?) throws -> String? {
        let reason = reason.flatMap { $0.trimmed.isEmpty ? nil : $0.trimmed }
        if let problem = reason.flatMap({ KiwiLimits.textProblem($0, field: "reason", limit: KiwiLimits.reportComment) }) {
            throw KiwiProblem.invalid(problem)
        }
        return reason
    }

    /// "@bob's post", "@bob's comment", "@bob".
    private static func what(_ report: KiwiReport) -> String {
        switch report.subject {
        case .post: "@\(report.account)'s post"
        case .comment: "@\(report.account)'s comment"
        case .account: "@\(report.account)"
        }
    }

    private static func warning(about report: KiwiReport, reason: String?) -> String {
        let what =
            switch report.subject {
            case .post: "one of your posts"
            case .comment: "one of your comments"
            case .account: "your account"
            }
        return "A moderator warned you about \(what) (\(report.category.rawValue))" + (reason.map { ": \($0)" } ?? ".")
    }
}

/// An account's record with the moderators.
struct KiwiRecord: Sendable {
    var reports: [KiwiReport]
    var actions: [KiwiAuditEntry]
    var standing: String?
}

extension KiwiReportedContent.Post {
    init(_ post: KiwiPost) {
        self.init(
            id: post.id,
            image: post.image,
            caption: post.caption,
            imageAlt: post.imageAlt,
            spoiler: post.spoiler,
            bookTitle: post.book?.title,
            isbn13: post.book?.isbn13,
            createdAt: post.createdAt
        )
    }
}
