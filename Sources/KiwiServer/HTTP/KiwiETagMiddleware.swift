import Foundation
import Hummingbird
import PluginAPI
import Synchronization

/// An `ETag` (a digest of the body) on every JSON answer to a GET, and 304 without the body to
/// a reader who sends it back in `If-None-Match`: a client that kept the answer pays one small
/// round trip while nothing changed. The digest is of the bytes, so every server of a community
/// gives the same answer the same tag.
struct KiwiETagMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard request.method == .get, response.status == .ok, response.headers[.contentType] == "application/json" else { return response }
        // A body kept for many readers comes tagged once (`KiwiJSON.Tagged`); any other is tagged here.
        let tag: String
        if let made = response.headers[.eTag] {
            tag = made
        } else {
            let body = try await Self.bytes(of: response.body)
            tag = Self.tag(of: body)
            response.headers[.eTag] = tag
            response.body = ResponseBody(byteBuffer: body)
        }
        if let asked = request.headers[.ifNoneMatch], asked.split(separator: ",").contains(where: { $0.trimmed == tag || $0.trimmed == "*" }) {
            return Response(status: .notModified, headers: [.eTag: tag])
        }
        return response
    }

    /// The tag of a body: its digest, so every server gives the same bytes the same tag.
    static func tag(of body: ByteBuffer) -> String {
        "\"\(Digest.sha256(Data(buffer: body)).prefix(32))\""
    }

    /// A body's bytes (the JSON answers are one buffer, kept as it is).
    static func bytes(of body: ResponseBody) async throws -> ByteBuffer {
        let collected = Collected()
        try await body.write(Collector(into: collected))
        return collected.buffer.withLock { $0 }
    }

    final class Collected: Sendable {
        let buffer = Mutex(ByteBuffer())
    }

    struct Collector: ResponseBodyWriter {
        let into: Collected

        mutating func write(_ buffer: ByteBuffer) async throws {
            into.buffer.withLock { kept in
                if kept.readableBytes == 0 { kept = buffer } else { kept.writeImmutableBuffer(buffer) }
            }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
