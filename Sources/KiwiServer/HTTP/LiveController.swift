import Foundation
import HTTPTypes
import Hummingbird
import KiwiWire
import NIOCore
import ServiceLifecycle

/// `GET /events`: a logged-in reader's live stream, as Server-Sent Events (toolbox's extension).
///
/// Events: `notification` (a notification's JSON), `withdrawn` (`{"id"}`), `unread` (`{"count"}`),
/// `post` (a new post by someone the reader follows) and `reading` (a shelf change of theirs, as
/// `GET /users/<u>/shelves` lists it; not resent to a returning stream). Notifications and posts carry an
/// `id:` that a returning stream sends back (`Last-Event-ID`, or `?lastEventId=`) to get what it
/// missed; a comment line every `heartbeat` keeps proxies from closing a quiet stream. Sent with
/// `X-Accel-Buffering: no`, so nginx passes each event on at once.
struct LiveController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker
    /// Whose count of live streams bounds them (see `ConnectionGuard`).
    let connections: ConnectionGuard
    static let lastEventID = HTTPField.Name(KiwiHeader.lastEventID)!

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.get("/events", use: events)
    }

    /// A stream's connection lives as long as its reader stays, and the task serving it keeps the
    /// memory its deepest call took (Swift's task allocator keeps its slabs until the task ends): so
    /// the handler holds little across its one wait, and the community is asked in a task of its own
    /// (detached: it copies none of the request's task-local values).
    @Sendable func events(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let reader = try context.requireCaller()
        guard connections.open.streams < connections.limits.streams else {
            throw KiwiHTTPError(.serviceUnavailable, "the server carries as many live streams as it can; try again shortly", retryAfter: 5)
        }
        let (live, tokenHash, channel) = (community.live, context.tokenHash ?? "", context.channel)
        let cursor = (request.headers[Self.lastEventID] ?? request.uri.queryParameters.get("lastEventId")).flatMap(LiveCursor.init)
        let links = links(request, context)
        let stream = try await Task.detached {
            try await live.connect(reader, tokenHash: tokenHash, resumeAfter: cursor) { channel.close(promise: nil) }
        }.value
        connections.carriesStream(channel)
        return Self.response(streaming: stream, links: links)
    }

    static func response(streaming stream: LiveEvents.Connection, links: Links) -> Response {
        let headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8",
            .cacheControl: "no-store",
            HTTPField.Name("X-Accel-Buffering")!: "no",
        ]
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody { writer in
                // A reconnect waits two seconds; the comment line makes the stream start at once.
                try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
                // Ends when the reader logs out or is dropped and when the server stops; a reader who
                // left is found at the next write (a heartbeat at the latest), which fails.
                defer { stream.end() }
                try await withGracefulShutdownHandler {
                    for await message in stream.messages { try await writer.write(Self.frame(message, links: links.renewed())) }
                } onGracefulShutdown: {
                    stream.end()
                }
                try await writer.finish(nil)
            }
        )
    }

    /// One message as the stream sends it.
    static func frame(_ message: LiveEvents.Message, links: Links) -> ByteBuffer {
        switch message {
        case .event(let event):
            let fields = "id: \(LiveCursor(event: event).text)\n"
            return switch event {
            case .notification(let notification): frame(fields + "event: notification\n", KiwiWire.Notification(notification, links: links))
            case .post(let post): frame(fields + "event: post\n", KiwiWire.Post(post, links: links))
            }
        case .withdrawn(let id): return frame("event: withdrawn\n", KiwiWire.Withdrawn(id: String(id)))
        case .reading(let reading): return frame("event: reading\n", KiwiWire.ShelfEntry(reading, cover: nil, links: links))
        case .unread(let count): return frame("event: unread\n", KiwiWire.Unread(count: count))
        case .heartbeat: return ByteBuffer(string: ": heartbeat\n\n")
        }
    }

    /// An event's fields, then its value as the `data` line: the JSON written once, copied once.
    private static func frame(_ fields: String, _ value: some Encodable) -> ByteBuffer {
        var data = KiwiJSON.body(value)
        var frame = ByteBufferAllocator().buffer(capacity: fields.utf8.count + 8 + data.readableBytes)
        frame.writeString(fields)
        frame.writeStaticString("data: ")
        frame.writeBuffer(&data)
        frame.writeStaticString("\n\n")
        return frame
    }
}
