import HTTPTypes
import Hummingbird
import KiwiWire

/// The way on through a list, by key: `next` past a page's last item and `prev` before its
/// first, in a `Link` header (RFC 8288) as Mastodon's API sends them, or as a page's pager.
struct ListLinks: Sendable {
    var next: ListWindow?
    var previous: ListWindow?

    /// Around a page shown in its list's order with these `keys`: `next` only when the page is
    /// full (a shorter one is the end), `prev` whenever there is a first item to be newer than.
    init(_ window: ListWindow, keys: [Int64], newestFirst: Bool = true) {
        next = keys.count >= window.limit ? window.next(after: keys, newestFirst: newestFirst) : nil
        previous = window.previous(before: keys, newestFirst: newestFirst)
    }

    /// The parameters a window is asked for by: `limit` and its key.
    static func parameters(_ window: ListWindow, limit: Bool = true) -> [String] {
        var items = limit ? ["limit=\(window.limit)"] : []
        if let below = window.below { items.append("max_id=\(below)") }
        if let above = window.above { items.append("\(window.oldestFirst ? "min_id" : "since_id")=\(above)") }
        return items
    }

    /// `path` asking for `window`, keeping the request's other parameters (`unread=true`).
    static func url(_ base: String, _ request: Request, _ window: ListWindow) -> String {
        let paging: Set<Substring> = ["page", "pageSize", "limit", "max_id", "since_id", "min_id"]
        let kept = (request.uri.query ?? "").split(separator: "&").filter { !paging.contains($0.prefix { $0 != "=" }) }.map(String.init)
        return base + request.uri.path + "?" + (kept + parameters(window)).joined(separator: "&")
    }

    /// The `Link` field for a page of the list `request` asked for.
    func field(_ request: Request, links: Links) -> HTTPFields {
        let relations = [("next", next), ("prev", previous)].compactMap { relation, window in
            window.map { "<\(Self.url(links.base, request, $0))>; rel=\"\(relation)\"" }
        }
        return relations.isEmpty ? [:] : [.link: relations.joined(separator: ", ")]
    }
}

extension HTTPField.Name {
    static let link = HTTPField.Name(KiwiHeader.link)!
}
