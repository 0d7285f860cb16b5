import Foundation

/// A reader on another server as people write them: `alice@bookwyrm.example`, or
/// `@alice@bookwyrm.example` as Mastodon shows them. Kept lower-cased: the fediverse's usernames
/// and host names are read without regard to case.
struct RemoteHandle: Sendable, Hashable, CustomStringConvertible {
    let username: String
    /// The host, with its port if it names one.
    let host: String

    /// Nil for anything else: a local username, a URL, a name with characters no server uses.
    init?(_ text: String) {
        let bare = text.hasPrefix("@") ? text.lowercased().dropFirst() : Substring(text.lowercased())
        let parts = bare.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let (username, host) = (parts[0], parts[1])
        guard !username.isEmpty, username.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }),
            !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:".contains($0)) }),
            host.first?.isLetter == true || host.first?.isNumber == true
        else { return nil }
        (self.username, self.host) = (String(username), String(host))
    }

    var description: String { "\(username)@\(host)" }

    /// How a list shows a follower elsewhere kept before handles were (v29): the id's last
    /// segment at its host, as Mastodon's and BookWyrm's ids end in the username.
    static func named(by actor: String) -> String {
        guard let url = URL(string: actor), let host = url.host else { return actor }
        return "\(url.lastPathComponent)@\(url.port.map { "\(host):\($0)" } ?? host)"
    }
}
