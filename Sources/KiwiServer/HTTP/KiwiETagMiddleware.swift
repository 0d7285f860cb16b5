import Foundation
import Hummingbird
import PluginAPI

/// An `ETag` (a digest of the body) on every JSON answer to a GET, and 304 without the body to
/// a reader who sends it back in `If-None-Match`: a client that kept the answer pays one small
/// round trip while nothing changed. The digest is of the bytes, so every server of a community
/// gives the same answer the same tag. The answers come tagged (`KiwiJSON`, which has their bytes
/// in hand; a body kept for many readers tagged once): this only compares.
struct KiwiETagMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        // Most requests send no `If-None-Match`: asked first, it spares them a look through the answer's fields.
        guard request.headers.contains(.ifNoneMatch), request.method == .get, response.status == .ok,
            let tag = response.headers.single(.eTag), Self.holds(tag, request)
        else { return response }
        return Response(status: .notModified, headers: [.eTag: tag])
    }

    /// Whether the reader's `If-None-Match` names `tag` (or `*`): what they kept is still true.
    static func holds(_ tag: String, _ request: Request) -> Bool {
        guard request.headers.contains(.ifNoneMatch) else { return false }
        return request.headers[values: .ifNoneMatch].contains { asked in
            asked.split(separator: ",").contains { $0.trimmed == tag || $0.trimmed == "*" }
        }
    }

    /// The tag of a body: its digest, so every server gives the same bytes the same tag.
    static func tag(of body: ByteBuffer) -> String {
        "\"\(body.withUnsafeReadableBytes { Digest.sha256($0) }.prefix(32))\""
    }
}
