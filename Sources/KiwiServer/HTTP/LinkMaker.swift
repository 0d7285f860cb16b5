import Hummingbird
import KiwiMedia

/// Where links point: `--public-url`, else the request's Host.
struct LinkMaker: Sendable {
    let publicURL: String?
    /// `--media-url`: a CDN or cache in front, where photos' signed URLs point.
    var mediaURL: String? = nil
    var signer: MediaSigner? = nil

    /// Links for one request: photos' signed URLs only for a logged-in member, as photos are
    /// members'; books' covers for everyone, as book pages are.
    func callAsFunction(_ request: Request, _ context: KiwiRequestContext) -> Links {
        let base = plain(request).base
        let mediaBase = mediaURL.map(Self.trimmed) ?? base
        guard context.caller != nil else { return Links(base: base, covers: mediaBase) }
        return Links(base: base, media: signer.map { MediaLinks(base: mediaBase, signer: $0) }, covers: mediaBase)
    }

    /// Links without photos' URLs (where nothing is shown, only checked).
    func plain(_ request: Request) -> Links {
        Links(base: publicURL.map(Self.trimmed) ?? "http://\(request.head.authority ?? "127.0.0.1")")
    }

    /// The request's Host when links are made from it (no `--public-url` or `--media-url` fixes
    /// them): what a kept answer naming covers is kept by, without making its links.
    func host(_ request: Request) -> String? {
        publicURL == nil && mediaURL == nil ? request.head.authority : nil
    }

    private static func trimmed(_ url: String) -> String { url.hasSuffix("/") ? String(url.dropLast()) : url }

    /// Whether the session cookie may travel only over HTTPS: when the public URL says so.
    var secure: Bool { publicURL?.lowercased().hasPrefix("https://") == true }
}
