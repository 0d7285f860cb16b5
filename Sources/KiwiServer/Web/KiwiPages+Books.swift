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
        let standing = try await community.books.standing(isbn13)
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
        let content = BookPage(
            book: PageBook(standing, cover: await community.books.covers.image(of: isbn13), links: links, guest: guest),
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
