import Foundation
import Hummingbird
import KiwiWire

extension KiwiPages {
    /// `/books/<isbn13>`: the book, who reads it, "Post about this book", and its reflections, newest first.
    @Sendable func book(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let viewer = try await viewer(request, context)
        let isbn13 = try context.isbn13()
        let selection = KiwiPostList.book(isbn13: isbn13)
        let window = try listWindow(request, size: Self.pageSize)
        let standings = try await community.standings.current()
        let standing = try await community.blocks.seen(try await community.books.standing(isbn13), by: viewer?.username, standings: standings)
        let reviews = try await community.blocks.seen(try await community.shelves.reviews(of: isbn13), by: viewer?.username, standings: standings)
        let posts =
            if let viewer {
                try await community.posts.page(selection, window, for: viewer.username)
            } else {
                try await community.posts.sharedPage(selection, window).posts
            }
        let links = links(request, context)
        let guest = viewer == nil
        let path = PageBook.url(isbn13)
        var here = window
        here.limit -= 1
        var current: KiwiReading?
        if let viewer { current = try await community.shelves.current(isbn13, of: viewer.username) }
        let content = BookPage(
            book: PageBook(standing, cover: await community.books.covers.image(of: isbn13), links: links, guest: guest),
            shelves: try await community.shelves.counts(of: isbn13),
            shelf: viewer.map { _ in PageShelfForm(isbn13: isbn13, current: current) },
            reviews: reviews.map(PageReview.init),
            posts: window.shown(posts).map { PageCard($0, links: links, guest: guest) },
            pager: Pager(path, window, posts, key: \.id, of: "reflections"),
            here: Self.listURL(path, nil, here.byKey ? here : nil)
        )
        return render("book", title: standing.book.title, content, viewer: viewer)
    }

    /// `/books`: what the community has read most in the last 30 days.
    @Sendable func books(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let viewer = try await viewer(request, context)
        let days = KiwiWire.PopularBooks.defaultDays
        let standings = try await community.books.popular(days: days, limit: KiwiWire.PopularBooks.defaultLimit, following: nil).standings
        let links = links(request, context)
        let covers = await community.books.covers.images(of: standings.map(\.book.isbn13))
        let content = PopularPage(
            books: standings.map { PageBook($0, cover: covers[$0.book.isbn13], links: links, guest: viewer == nil) },
            days: days
        )
        return render("books", title: "What Kiwi is reading", content, viewer: viewer)
    }
}

extension KiwiPages {
    /// `/search?q=…&type=posts|books|members`: the results page (see `SearchPage`).
    @Sendable func search(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let viewer = try await viewer(request, context)
        // As a form sends it (a space as `+`), which the URI's own parameters do not read.
        let query = (try? URLEncodedFormDecoder().decode(SearchQuery.self, from: request.uri.query ?? "")) ?? SearchQuery()
        let asked = try Search.Request(q: query.q, type: query.type, limit: nil, cursor: query.cursor)
        let links = links(request, context)
        let guest = viewer == nil
        let search = community.search
        let content: SearchPage
        switch asked.kind {
        case .posts:
            let posts = try await search.posts(asked, for: viewer?.username)
            content = SearchPage(asked, posts: posts.shown.map { PageCard($0, links: links, guest: guest) }, found: posts.found)
        case .books:
            let books = try await search.books(asked)
            let covers = await community.books.covers.images(of: books.map(\.isbn13))
            var shown: [PageBook] = []
            for book in books {
                let standing = try await community.books.postedAbout(book.isbn13) ?? KiwiBookStanding(book: book, reflections: 0, readers: 0)
                shown.append(PageBook(standing, cover: covers[book.isbn13], links: links, guest: guest))
            }
            content = SearchPage(asked, books: shown, found: books.count)
        case .members:
            let members = try await search.members(asked, for: viewer?.username)
            content = SearchPage(asked, members: members.shown.map { PageAuthor($0, links: links, guest: guest) }, found: members.found)
        }
        return render("search", title: asked.query.isEmpty ? "Search" : "“\(asked.query.text)”", content, viewer: viewer)
    }

    struct SearchQuery: Decodable {
        var q, type, cursor: String?
    }
}
