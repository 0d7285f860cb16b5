import Hummingbird

/// The `session` cookie a browser keeps: the API's token, out of scripts' reach, sent only
/// to this site's own pages and top-level links (SameSite=Lax), and only over HTTPS when the
/// public URL is HTTPS.
enum SessionCookie {
    static let name = "session"

    static func set(_ token: String, secure: Bool) -> String {
        Cookie(name: name, value: token, path: "/", secure: secure, httpOnly: true, sameSite: .lax).description
    }

    static let cleared = "\(name)=; Path=/; Max-Age=0"
}
