import Foundation
import KiwiWire

/// `/search?q=…&type=…`: the results page, one kind at a time behind tabs, with a link to the
/// next page; it works without a script, as every page does.
struct SearchPage: Sendable {
    let q: String
    /// Posts, Books and Members: each a link (`value`) to the same search of its kind.
    let tabs: [PageChoice]
    let posts: [PageCard]
    let books: [PageBook]
    let members: [PageAuthor]
    let nextURL: String?
    /// What the page says when it lists nothing.
    let empty: String?
    /// Where a like on a result sends the reader back to.
    let here: String

    init(_ request: Search.Request, posts: [PageCard] = [], books: [PageBook] = [], members: [PageAuthor] = [], found: Int) {
        let q = request.query.text
        self.q = q
        func url(_ kind: Search.Kind, cursor: String? = nil) -> String {
            var items = [URLQueryItem(name: "q", value: q), URLQueryItem(name: "type", value: kind.rawValue)]
            if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
            var components = URLComponents()
            components.path = "/search"
            components.queryItems = items
            return components.string ?? "/search"
        }
        tabs = Search.Kind.allCases.map { PageChoice(value: url($0), name: $0.rawValue.capitalized, selected: $0 == request.kind) }
        (self.posts, self.books, self.members) = (posts, books, members)
        nextURL = request.next(after: found).map { url(request.kind, cursor: $0) }
        here = url(request.kind, cursor: request.offset == 0 ? nil : Search.Request.cursor(request.offset))
        empty =
            if request.query.isEmpty {
                "Search the community: words from a caption or a comment, a book's title or author, a member's name. "
                    + "Put a phrase in \"quotes\", and -word to leave one out."
            } else if found == 0 {
                request.offset == 0 ? "Nothing found for “\(q)”." : "No more results for “\(q)”."
            } else {
                nil
            }
    }
}
