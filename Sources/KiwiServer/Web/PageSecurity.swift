import Foundation
import Hummingbird
import PluginAPI

/// What keeps the pages' forms and answers safe in a browser.
enum PageSecurity {
    /// The CSRF token of a session: derived from its secret token, so it needs no storage, ends
    /// with the session, and cannot be made by a site that does not know the token.
    static func csrf(for token: String) -> String {
        String(Digest.sha256("kiwi-csrf\n" + token).prefix(32))
    }

    /// Compares in time that does not depend on where the texts differ.
    static func matches(_ sent: String, _ expected: String) -> Bool {
        let sent = Array(sent.utf8)
        let expected = Array(expected.utf8)
        guard sent.count == expected.count else { return false }
        return zip(sent, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A browser names the page a form came from in `Origin`: one from another site is refused
    /// (this covers the log-in and sign-up forms, which have no session to bind a token to).
    static func requireSameOrigin(_ request: Request, links: Links) throws {
        guard let origin = request.headers.single(.origin) else { return }
        var own: Set<String> = [links.base.lowercased()]
        if let authority = request.head.authority?.lowercased() { own.formUnion(["http://\(authority)", "https://\(authority)"]) }
        guard own.contains(origin.lowercased()) else {
            throw KiwiHTTPError(.forbidden, "This form did not come from this site.")
        }
    }

    /// Every page's headers: HTML; no copies kept of a logged-in reader's pages; nothing loaded
    /// from anywhere but this server, and photos from the CDN in front (`--media-url`) when there is one.
    static func headers(loggedIn: Bool, type: String = "text/html; charset=utf-8", mediaURL: String? = nil) -> HTTPFields {
        let images = (["'self'"] + [mediaURL.flatMap(origin)].compactMap { $0 }).joined(separator: " ")
        return [
            .contentType: type,
            .cacheControl: loggedIn ? "no-store" : "no-cache",
            .contentSecurityPolicy:
                "default-src 'none'; img-src \(images); style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            .xContentTypeOptions: "nosniff",
        ]
    }

    /// "https://cdn.example.org:8443" of a URL: what a Content-Security-Policy names.
    static func origin(_ url: String) -> String? {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme, let host = parts.host, !host.isEmpty else { return nil }
        return "\(scheme)://\(host)\(parts.port.map { ":\($0)" } ?? "")"
    }
}
