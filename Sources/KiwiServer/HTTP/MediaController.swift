import Foundation
import Hummingbird
import KiwiMedia
import KiwiWire
import PluginAPI

/// Photos: `GET|HEAD /uploads/<name>`, the original's URL, to logged-in members (the whole photo,
/// processed), and `GET|HEAD /media/<name>/<size>.<jpg|webp>`, each version at a URL signed for a
/// while (`MediaSigner`), which a CDN or shared cache in front may keep until it expires; books'
/// covers at the same URLs unsigned, as they are public.
struct MediaController: Sendable {
    let community: KiwiCommunity
    let signer: MediaSigner
    /// Answers with a redirect to the media store's presigned URL (`--media-redirect`).
    let redirects: Bool
    /// How long a redirect's presigned URL lives: long enough to follow, too short to pass on.
    static let redirectLife = 300

    /// `/uploads/`, behind the session middleware (members only).
    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.group("uploads/:file").get(use: upload).head(use: upload)
    }

    /// `/media/`, signed: it needs no session and answers no JSON, so it is added to the router
    /// itself, not through the groups with the middlewares that look for them.
    func addSignedRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.group("media/:name/:file").get(use: version).head(use: version)
    }

    @Sendable func upload(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let name = try context.parameters.require("file")
        if name == DefaultAvatar.name {
            // Nobody's data: public, and the same for everyone.
            return Response(
                status: .ok,
                headers: [.contentType: "image/png", .cacheControl: "public, max-age=86400"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: DefaultAvatar.png))
            )
        }
        _ = try context.requireCaller()
        // A name never changes meaning (a new photo gets a new name): the browser keeps it for good.
        return try await serve(request, name: name, size: .full, format: .jpeg, caching: "private, max-age=31536000, immutable")
    }

    /// Signed, so anyone holding the URL (a member's browser, the CDN in front) may have it until
    /// it expires, and no database is asked to tell.
    @Sendable func version(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let name = try context.parameters.require("name")
        let file = try context.parameters.require("file").split(separator: ".", maxSplits: 1).map(String.init)
        guard file.count == 2, let size = KiwiPhotoSize(rawValue: file[0]), let format = KiwiPhotoFormat(rawValue: file[1]) else {
            throw KiwiProblem.noSuchUpload
        }
        // A book's cover is public, as its page is: one URL for good (it is never replaced).
        if BookCover.isName(name) {
            return try await serve(request, name: name, size: size, format: format, caching: "public, max-age=604800")
        }
        let query = request.uri.queryParameters
        let now = Date()
        guard
            signer.verifies(
                name: name,
                expires: query.get("expires"),
                key: query.get("key"),
                signature: query.get("signature"),
                now: now
            )
        else { throw KiwiProblem.badMediaSignature }
        let expires = Int(query.get("expires") ?? "") ?? 0
        let life = max(0, expires - Int(now.timeIntervalSince1970))
        return try await serve(request, name: name, size: size, format: format, caching: "public, max-age=\(life), immutable")
    }

    /// One version, with what a cache wants: an `ETag` from its digest (a 304 reads none of its
    /// bytes), `Last-Modified`, HEAD, one `Range`.
    private func serve(
        _ request: Request,
        name: String,
        size: KiwiPhotoSize,
        format: KiwiPhotoFormat,
        caching: String
    ) async throws -> Response {
        let manifest = try await community.posts.versions(of: name)
        guard let (file, format, entry) = manifest.file(size, format) else { throw KiwiProblem.noSuchUpload }
        let tag = "\"\(entry.digest)\""
        var headers: HTTPFields = [
            .eTag: tag, .lastModified: HTTPDate.format(manifest.made), .cacheControl: caching,
            .acceptRanges: "bytes", .xContentTypeOptions: "nosniff", .contentType: format.mimeType,
        ]
        if KiwiETagMiddleware.holds(tag, request) { return Response(status: .notModified, headers: headers) }
        // The store answers the bytes itself (a Range too); the redirect is kept a little less than its URL lives.
        if redirects, let link = community.photos.media.link(name, file: file, for: Self.redirectLife) {
            return Response(status: .found, headers: [.location: link, .cacheControl: "private, max-age=\(Self.redirectLife - 60)"])
        }
        var status = HTTPResponse.Status.ok
        var range = 0..<entry.length
        // One range (a resumed download, a viewer's partial read); several are answered whole.
        switch ByteRange.asked(request.headers.single(.range), length: entry.length) {
        case .whole: break
        case .part(let part):
            status = .partialContent
            range = part.range
            headers[.contentRange] = "bytes \(part.range.lowerBound)-\(part.range.upperBound - 1)/\(entry.length)"
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(entry.length)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
        headers[.contentLength] = String(range.count)
        // HEAD: what a GET would answer, without reading the bytes.
        guard request.method != .head else { return Response(status: status, headers: headers) }
        // Gone since the manifest was read: the photo was deleted meanwhile.
        guard let bytes = try await community.photos.read(name, file: file), bytes.readableBytes == entry.length,
            let part = bytes.getSlice(at: bytes.readerIndex + range.lowerBound, length: range.count)
        else {
            throw KiwiProblem.noSuchUpload
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: part))
    }
}
