import Foundation

/// A server an admin blocked: its activities are refused, follows with it end and nothing is sent
/// to it. A block of a domain covers the servers under it (`example.org` blocks `social.example.org`).
struct BlockedServer: Sendable, Equatable {
    var host: String
    var reason: String?
    var blockedBy: String
    var createdAt: Date

    /// The server a URL names: its host, lower-cased, without the port (a block covers every port).
    static func host(of url: String) -> String {
        URL(string: url)?.host?.lowercased() ?? ""
    }

    /// `host` and every domain above it, which a block of any of them covers.
    static func covering(_ host: String) -> [String] {
        let labels = host.split(separator: ".")
        guard labels.count > 1, Int(labels.last ?? "") == nil else { return [host] }
        return (0..<labels.count - 1).map { labels[$0...].joined(separator: ".") }
    }

    /// A server's name as an admin types it: `mastodon.example`, `https://mastodon.example/`, or an
    /// address; lower-cased, without scheme, path or port.
    static func named(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let host = trimmed.contains("://") ? Self.host(of: trimmed) : Self.host(of: "https://\(trimmed)")
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789.-:")
        guard !host.isEmpty, host.unicodeScalars.allSatisfy(allowed.contains), host.contains(".") || host.contains(":"),
            !host.hasPrefix("."), !host.hasSuffix(".")
        else {
            throw KiwiProblem.invalid("'\(text)' is not a server's name such as mastodon.example")
        }
        return host
    }
}
