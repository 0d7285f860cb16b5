import Foundation
import Hummingbird
import KiwiWire

/// A member's notifications (toolbox's extension): `GET /notifications`, `GET /notifications/unread`,
/// `POST /notifications/read`.
struct NotificationController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker

    /// `GET /notifications` is added beside the page of the same path (`buildRouter`).
    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.group("notifications").get("unread", use: unread).post("read", use: markRead)
    }

    /// Newest first, paged like `/posts`; `unread=true` for the unread ones only.
    @Sendable func list(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let reader = try context.requireCaller()
        let window = try request.window()
        let unreadOnly: Bool
        switch request.uri.queryParameters.get("unread") {
        case nil, "false": unreadOnly = false
        case "true": unreadOnly = true
        default: throw KiwiHTTPError.badRequest("unread must be true or false")
        }
        let links = links(request, context)
        let found = try await community.notifications.list(for: reader, window, unreadOnly: unreadOnly)
        return KiwiJSON.response(
            found.map { KiwiWire.Notification($0, links: links) },
            headers: ListLinks(window, keys: found.map(\.id)).field(request, links: links)
        )
    }

    @Sendable func unread(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        KiwiJSON.response(KiwiWire.Unread(count: try await community.notifications.unreadCount(for: try context.requireCaller())))
    }

    /// JSON `{"upTo": "<id>"}` marks those up to that one read; no body (or no `upTo`), all of them.
    @Sendable func markRead(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let reader = try context.requireCaller()
        var request = request
        let body = try await request.collectBody(upTo: KiwiLimits.formBody)
        var upTo: Int64?
        if body.readableBytes > 0 {
            guard let asked = try? JSONDecoder().decode(KiwiWire.MarkRead.self, from: Data(buffer: body)) else {
                throw KiwiHTTPError.badRequest("the body is not the JSON this route takes")
            }
            if let text = asked.upTo {
                guard let id = Int64(text) else { throw KiwiHTTPError.badRequest("upTo must be a notification's id") }
                upTo = id
            }
        }
        return KiwiJSON.response(KiwiWire.Unread(count: try await community.notifications.markRead(for: reader, upTo: upTo)))
    }
}
