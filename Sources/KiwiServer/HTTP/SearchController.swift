import Hummingbird
import KiwiWire

/// `GET /search?q=…&type=posts|books|members&limit=N&cursor=…` (our extension): an array of the
/// kind's wire items, best first, with a `Link` to the next page (a browser's request gets the
/// results page).
struct SearchController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker

    @Sendable func search(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let asked = try Search.Request(q: query.get("q"), type: query.get("type"), limit: query.get("limit"), cursor: query.get("cursor"))
        let links = links(request, context)
        let search = community.search
        let (body, found): (ByteBuffer, Int)
        switch asked.kind {
        case .posts:
            let posts = try await search.posts(asked, for: context.caller?.username)
            (body, found) = (KiwiJSON.body(posts.shown.map { KiwiWire.Post($0, links: links) }), posts.found)
        case .books:
            let books = try await search.books(asked)
            let covers = await community.books.covers.images(of: books.map(\.isbn13))
            var summaries: [KiwiWire.BookSummary] = []
            for book in books {
                let standing = try await community.books.postedAbout(book.isbn13) ?? KiwiBookStanding(book: book, reflections: 0, readers: 0)
                summaries.append(KiwiWire.BookSummary(standing, cover: covers[book.isbn13], links: links, withReaders: false))
            }
            (body, found) = (KiwiJSON.body(summaries), books.count)
        case .members:
            let members = try await search.members(asked, for: context.caller?.username)
            (body, found) = (KiwiJSON.body(members.shown.map { KiwiWire.User($0, links: links) }), members.found)
        }
        var headers = HTTPFields()
        if let next = asked.next(after: found) { headers[.link] = "<\(Self.url(links.base, request, cursor: next))>; rel=\"next\"" }
        return KiwiJSON.response(tagged: KiwiJSON.Tagged(body, headers: headers))
    }

    /// The request's search at another page.
    static func url(_ base: String, _ request: Request, cursor: String) -> String {
        let kept = (request.uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix("cursor=") }.map(String.init)
        return base + request.uri.path + "?" + (kept + ["cursor=\(cursor)"]).joined(separator: "&")
    }
}
