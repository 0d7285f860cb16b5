import Foundation
import Hummingbird
import KiwiWire
import PluginAPI

extension KiwiPages {
    /// A post's, a comment's or a profile's report form (a reader elsewhere's too).
    @Sendable func reportForm(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard context.caller != nil else { return logInFirst(request) }
        let subject = try reportSubject(context)
        return try await reportPage(subject, request, context, sent: nil, message: nil, comment: "", category: nil)
    }

    /// Fields `category` and `text` (the reporter's words): the report, then its thanks (a second report of the same
    /// thing is the first, thanked again).
    @Sendable func sendReport(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let caller = try member(request, context, form)
        let subject = try reportSubject(context)
        do {
            let report = try await community.report(
                subject,
                category: form.category ?? "",
                comment: form.text,
                posts: [],
                by: caller,
                from: context.clientAddress
            )
            return try await reportPage(subject, request, context, sent: report.id, message: nil, comment: "", category: nil)
        } catch let problem as KiwiProblem where problem.shownOnForm {
            return try await reportPage(
                subject,
                request,
                context,
                sent: nil,
                message: problem.sentence,
                comment: form.text ?? "",
                category: form.category
            )
        }
    }

    private func reportPage(
        _ subject: KiwiWire.ReportSubject,
        _ request: Request,
        _ context: KiwiRequestContext,
        sent: Int64?,
        message: String?,
        comment: String,
        category: String?
    ) async throws -> Response {
        let what: String
        var elsewhere: String?
        switch subject {
        case .post(let id): what = "this post by \(try await community.posts.post(Int64(id) ?? 0, viewer: context.caller?.username).owner.username)"
        case .comment: what = "this comment"
        case .account(let name):
            switch community.reader(named: name) {
            case .member(let name): what = "@\(try await community.accounts.member(name).username)"
            case .elsewhere(let handle, _): (what, elsewhere) = ("@\(handle)", handle.host)
            }
        }
        let content = ReportFormPage(
            what: what,
            categories: KiwiWire.ReportCategory.allCases.map {
                PageChoice(value: $0.rawValue, name: Self.title($0), selected: $0.rawValue == category)
            },
            message: message,
            comment: comment,
            elsewhere: elsewhere,
            sentNumber: sent,
            sent: sent != nil
        )
        return render(
            "report",
            title: "Report \(what)",
            content,
            viewer: try await viewer(request, context),
            status: message == nil ? .ok : .badRequest
        )
    }

    private func reportSubject(_ context: KiwiRequestContext) throws -> KiwiWire.ReportSubject {
        if let comment = context.parameters.get("comment", as: Int64.self) { return .comment(String(comment)) }
        if context.parameters.get("id") != nil { return .post(String(try context.postID())) }
        return .account(try context.username())
    }

    static func title(_ category: KiwiWire.ReportCategory) -> String {
        switch category {
        case .spam: "Spam"
        case .harassment: "Harassment or abuse"
        case .spoilers: "A spoiler without a warning"
        case .rules: "It breaks the community's rules"
        case .other: "Something else"
        }
    }

    /// `/moderation`: the open reports oldest first (`?all=1`: every report).
    @Sendable func moderationQueue(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let caller = context.caller else { return logInFirst(request) }
        let all = request.uri.queryParameters.get("all") != nil
        let reports = try await community.reports.queue(all: all, after: nil, limit: 100, by: caller)
        let rows = reports.map { report in
            ModerationQueuePage.Row(
                number: report.id,
                url: "/moderation/\(report.id)",
                about: Self.about(report),
                category: Self.title(report.category),
                reporter: report.reporter,
                age: RelativeTime.ago(Date().timeIntervalSince(report.createdAt)),
                time: isoTime(report.createdAt),
                status: report.outcome?.rawValue ?? "open",
                note: report.comment,
                open: report.outcome == nil
            )
        }
        return render(
            "moderation",
            title: "Moderation",
            ModerationQueuePage(
                reports: rows,
                showsAll: all,
                showsServers: community.federation == nil ? false : try await community.accounts.role(of: caller.username) == .admin
            ),
            viewer: try await viewer(request, context)
        )
    }

    /// `/moderation/<n>`.
    @Sendable func moderationReport(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard context.caller != nil else { return logInFirst(request) }
        return try await moderationReportPage(request, context, message: nil)
    }

    /// Fields `action` and `text` (the reason): the decision, then the queue.
    @Sendable func moderate(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let caller = try member(request, context, form)
        do {
            _ = try await community.reports.act(on: try context.reportID("report"), form.action ?? "", reason: form.text, by: caller)
            return redirect("/moderation")
        } catch let problem as KiwiProblem where problem.shownOnForm || Self.isClosed(problem) {
            return try await moderationReportPage(request, context, message: problem.sentence)
        }
    }

    private static func isClosed(_ problem: KiwiProblem) -> Bool {
        if case .reportClosed = problem { return true }
        return false
    }

    private func moderationReportPage(_ request: Request, _ context: KiwiRequestContext, message: String?) async throws -> Response {
        let caller = try context.requireCaller()
        let (report, record) = try await community.reports.report(try context.reportID("report"), by: caller)
        guard let record else { throw KiwiProblem.notModerator }
        let links = links(request, context)
        let up = try await community.reports.stillUp(report)
        let now = Date()
        let others = record.reports.map {
            ModerationReportPage.Line(
                words: "Report \($0.id): \(Self.title($0.category)), \($0.outcome?.rawValue ?? "open")",
                age: RelativeTime.ago(now.timeIntervalSince($0.createdAt))
            )
        }
        let actions = record.actions.map { Self.line($0, now: now) }
        let content = ModerationReportPage(
            number: report.id,
            about: Self.about(report),
            category: Self.title(report.category),
            reporter: report.reporter,
            age: RelativeTime.ago(now.timeIntervalSince(report.createdAt)),
            status: report.outcome.map { "Closed: \($0.rawValue)" } ?? "Open",
            note: report.comment,
            open: report.outcome == nil,
            accountURL: "/@\(report.account)",
            accountName: report.account,
            posts: report.content.posts.map { post in
                ModerationReportPage.Post(
                    number: post.id,
                    imageURL: links.reported(post, of: report.id, up: up.contains(post.id)),
                    caption: post.caption,
                    alt: post.imageAlt,
                    warning: post.spoiler,
                    book: post.bookTitle,
                    kept: up.contains(post.id),
                    age: RelativeTime.ago(now.timeIntervalSince(post.createdAt))
                )
            },
            reportedComment: report.content.comment?.text,
            standing: record.standing.map { $0.capitalized } ?? "Good standing",
            others: others,
            actions: actions,
            hasOthers: !others.isEmpty,
            hasActions: !actions.isEmpty,
            choices: Self.actionChoices(for: report),
            message: message
        )
        return render(
            "reported",
            title: "Report \(report.id)",
            content,
            viewer: try await viewer(request, context),
            status: message == nil ? .ok : .conflict
        )
    }

    /// `/moderation/audit`: newest first.
    @Sendable func auditLog(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let caller = context.caller else { return logInFirst(request) }
        let now = Date()
        let entries = try await community.reports.audit(before: nil, limit: 100, by: caller).map { Self.line($0, now: now) }
        return render("audit", title: "Audit log", AuditPage(entries: entries), viewer: try await viewer(request, context))
    }

    /// The blocked servers, for admins (a server that does not federate has none: 404).
    @Sendable func blockedServers(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard context.caller != nil else { return logInFirst(request) }
        return try await serversPage(request, context, message: nil, host: "", reason: "")
    }

    @Sendable func blockServer(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let caller = try member(request, context, form)
        do {
            _ = try await serverBlocks().block(form.host ?? "", reason: form.text, by: caller)
            return redirect("/moderation/servers")
        } catch let problem as KiwiProblem where problem.shownOnForm {
            return try await serversPage(request, context, message: problem.sentence, host: form.host ?? "", reason: form.text ?? "")
        }
    }

    @Sendable func unblockServer(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        try await serverBlocks().unblock(try context.host(), reason: nil, by: try member(request, context, form))
        return redirect("/moderation/servers")
    }

    private func serverBlocks() throws -> ServerBlocks {
        guard let federation = community.federation else { throw KiwiHTTPError(.notFound, "This server does not speak to other servers.") }
        return federation.serverBlocks
    }

    private func serversPage(
        _ request: Request,
        _ context: KiwiRequestContext,
        message: String?,
        host: String,
        reason: String
    ) async throws
        -> Response
    {
        let now = Date()
        let rows = try await serverBlocks().list(by: try context.requireCaller()).map { block in
            ServersPage.Row(
                host: block.host,
                blockedBy: block.blockedBy,
                age: RelativeTime.ago(now.timeIntervalSince(block.createdAt)),
                time: isoTime(block.createdAt),
                unblockURL: "/moderation/servers/\(block.host)/unblock",
                reason: block.reason
            )
        }
        let page = ServersPage(servers: rows, message: message, host: host, reason: reason)
        return render(
            "servers",
            title: "Blocked servers",
            page,
            viewer: try await viewer(request, context),
            status: message == nil ? .ok : .badRequest
        )
    }

    /// A moderator lifts a suspension or a silence from a profile.
    @Sendable func unsuspend(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await lift(.unsuspend, request, context)
    }

    @Sendable func unsilence(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await lift(.unsilence, request, context)
    }

    private func lift(_ action: KiwiModerationAction, _ request: Request, _ context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let name = try context.username()
        try await community.reports.lift(action, of: name, reason: form.text, by: try member(request, context, form))
        return redirect("/@\(name)")
    }

    /// "Post 12 by @bob", "Comment 7 by @bob", "@bob".
    static func about(_ report: KiwiReport) -> String {
        switch report.subject {
        case .post(let id): "Post \(id) by @\(report.account)"
        case .comment(let id): "Comment \(id) by @\(report.account)"
        case .account: "@\(report.account)"
        }
    }

    /// What a moderator may do with the report: removing is for a post or a comment.
    static func actionChoices(for report: KiwiReport) -> [PageChoice] {
        let titles: [KiwiModerationAction: String] = [
            .dismiss: "Dismiss: nothing to do", .remove: "Remove it, for everyone", .warn: "Warn the author",
            .silence: "Silence the account: off the public lists", .suspend: "Suspend the account",
        ]
        return KiwiModerationAction.onReports.filter { $0 != .remove || report.subject.isContent }.map {
            PageChoice(value: $0.rawValue, name: titles[$0] ?? $0.rawValue, selected: $0 == .dismiss)
        }
    }

    static func line(_ entry: KiwiAuditEntry, now: Date) -> ModerationReportPage.Line {
        let report = entry.report.map { " (report \($0))" } ?? ""
        let reason = entry.reason.map { ": “\($0)”" } ?? ""
        // A server's name is not a handle.
        let whom = [.blockServer, .unblockServer].contains(entry.action) ? entry.account : "@\(entry.account)"
        return ModerationReportPage.Line(
            words: "@\(entry.moderator) \(entry.action.pastTense) \(whom)\(report)\(reason)",
            age: RelativeTime.ago(now.timeIntervalSince(entry.createdAt))
        )
    }
}
