import Foundation
import Hummingbird
import KiwiServerSettings
import KiwiWire

/// Reports and moderation (our extension): `POST /posts/<id>/report`, `POST /comments/<id>/report`,
/// `POST /users/<u>/report`; for moderators `GET /reports`, `GET /reports/<id>`,
/// `POST /reports/<id>/actions`, `GET /reports/<id>/photos/<post>`, `DELETE /users/<u>/suspension|silence` and `GET /audit`.
struct ReportController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.post("posts/:id/report") { request, context in
            try await report(.post(String(try context.postID())), request, context)
        }
        router.post("comments/:id/report") { request, context in
            guard let id = context.parameters.get("id", as: Int64.self), id > 0 else { throw KiwiProblem.noSuchComment }
            return try await report(.comment(String(id)), request, context)
        }
        router.post("users/:username/report") { request, context in
            try await report(.account(try context.username()), request, context)
        }
        router.get("reports", use: queue).get("reports/:id", use: show).post("reports/:id/actions", use: act)
            .get("reports/:id/photos/:post", use: photo)
        router.delete("users/:username/suspension") { request, context in try await lift(.unsuspend, request, context) }
        router.delete("users/:username/silence") { request, context in try await lift(.unsilence, request, context) }
        router.get("audit", use: audit)
    }

    /// `{"category", "comment"?, "posts"?}`: the report, the first one when the caller reported
    /// the same thing before. A reader may be one elsewhere, named by their handle.
    func report(_ subject: KiwiWire.ReportSubject, _ request: Request, _ context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let body = try await request.decodeJSON(KiwiWire.ReportRequest.self)
        let report = try await community.report(
            subject,
            category: body.category,
            comment: body.comment,
            posts: body.posts ?? [],
            by: caller,
            from: context.clientAddress
        )
        return KiwiJSON.response(try await wire(report, record: nil, moderator: false, request, context))
    }

    /// Open reports oldest first (`all=true`: closed ones too), `limit` (1–100, 20) after `after`.
    @Sendable func queue(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let reports = try await community.reports.queue(
            all: try request.flag("all"),
            after: try request.number("after", within: 0...Int64.max),
            limit: try request.number("limit", within: KiwiLimits.pageSize) ?? KiwiLimits.defaultReportPage,
            by: caller
        )
        var answer: [KiwiWire.Report] = []
        for report in reports { answer.append(try await wire(report, record: nil, moderator: true, request, context)) }
        return KiwiJSON.response(answer)
    }

    @Sendable func show(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let (report, record) = try await community.reports.report(try context.reportID(), by: try context.requireCaller())
        return KiwiJSON.response(try await wire(report, record: record, moderator: record != nil, request, context))
    }

    /// The copy a report keeps of a post's photo, as it was when reported: a JPEG.
    @Sendable func photo(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let post = context.parameters.get("post", as: Int64.self) else { throw KiwiProblem.noSuchUpload }
        let bytes = try await community.reports.photo(of: post, in: try context.reportID(), by: try context.requireCaller())
        return Response(
            status: .ok,
            headers: [.contentType: "image/jpeg", .cacheControl: "private, max-age=3600", .xContentTypeOptions: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(data: bytes))
        )
    }

    /// `{"action": "dismiss" | "remove" | "warn" | "silence" | "suspend", "reason"?}`: the report, closed.
    @Sendable func act(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let body = try await request.decodeJSON(KiwiWire.ModerationRequest.self)
        let report = try await community.reports.act(on: try context.reportID(), body.action, reason: body.reason, by: caller)
        return KiwiJSON.response(try await wire(report, record: nil, moderator: true, request, context))
    }

    /// `{"reason"?}` (or no body).
    func lift(_ action: KiwiModerationAction, _ request: Request, _ context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let body = try await request.decodeJSON(KiwiWire.Lifting.self, ifEmpty: KiwiWire.Lifting())
        try await community.reports.lift(action, of: try context.username(), reason: body.reason, by: caller)
        return KiwiJSON.response(KiwiWire.Status())
    }

    /// Newest first, `limit` (1–100, 20) before `before`.
    @Sendable func audit(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let entries = try await community.reports.audit(
            before: try request.number("before", within: 0...Int64.max),
            limit: try request.number("limit", within: KiwiLimits.pageSize) ?? KiwiLimits.defaultReportPage,
            by: try context.requireCaller()
        )
        return KiwiJSON.response(entries.map(KiwiWire.AuditEntry.init))
    }

    /// A report as its reporter (`moderator` false: without who reported) or a moderator reads it.
    private func wire(
        _ report: KiwiReport,
        record: KiwiRecord?,
        moderator: Bool,
        _ request: Request,
        _ context: KiwiRequestContext
    ) async throws -> KiwiWire.Report {
        let links = links(request, context)
        let kept = try await community.reports.stillUp(report)
        return KiwiWire.Report(
            report,
            account: KiwiWire.User(try await community.accounts.member(report.account, orFormerSince: report.createdAt), links: links),
            kept: kept,
            moderator: moderator,
            record: record,
            links: links
        )
    }
}
