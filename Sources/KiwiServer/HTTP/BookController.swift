import Hummingbird
import KiwiWire

/// Books as the community reads them: `GET /books/popular`, `GET /books/<isbn13>` and its generated
/// cover (its posts, `GET /books/<isbn13>/posts`, are a list of posts: `PostController`).
struct BookController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.get("books/popular", use: popular)
        router.get("books/:isbn13/cover.svg", use: generatedCover)
    }

    /// The cover a book has until one is fetched (the pages show it then), public as the book is.
    @Sendable func generatedCover(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let standing = try await community.books.standing(try context.isbn13())
        return Response(
            status: .ok,
            headers: [
                .contentType: "image/svg+xml", .cacheControl: "public, max-age=86400", .xContentTypeOptions: "nosniff",
                // Opened on its own, it still runs and loads nothing.
                .contentSecurityPolicy: "default-src 'none'",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: GeneratedCover.svg(standing.book)))
        )
    }

    /// The book's standing, its latest readers and reviews (a browser's request gets the book's page).
    @Sendable func book(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let isbn13 = try context.isbn13()
        let viewer = context.caller?.username
        let standings = try await community.standings.current()
        let standing = try await community.blocks.seen(try await community.books.standing(isbn13), by: viewer, standings: standings)
        let reviews = try await community.blocks.seen(try await community.shelves.reviews(of: isbn13), by: viewer, standings: standings)
        let cover = await community.books.covers.image(of: isbn13)
        let shelves = try await community.shelves.counts(of: isbn13)
        return KiwiJSON.response(
            KiwiWire.BookSummary(standing, cover: cover, links: links(request, context), withReaders: true, shelves: shelves, reviews: reviews)
        )
    }

    /// `days` (1–365, 30 unless given), `limit` (1–100, 20) and `following=true`, which counts only
    /// the posts of the members the caller follows (so it needs a login).
    @Sendable func popular(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        typealias Popular = KiwiWire.PopularBooks
        let days = try request.number("days", within: Popular.days) ?? Popular.defaultDays
        let limit = try request.number("limit", within: Popular.limits) ?? Popular.defaultLimit
        let reader = try request.flag("following") ? try context.requireCaller().username : nil
        let books = try await community.books.popular(days: days, limit: limit, following: reader)
        // Its rows name covers, at the address the request reached (and no reader's anything).
        let covers = community.books.covers
        let key = KiwiPopularBooks.AnswerKey(covers: covers.version, host: links.host(request))
        if let kept: EncodedPage = books.answer(for: key) { return KiwiJSON.response(tagged: kept.tagged) }
        let links = links(request, context)
        let images = await covers.images(of: books.standings.map(\.book.isbn13))
        let answer = EncodedPage(
            KiwiJSON.Tagged(
                KiwiJSON.body(books.standings.map { KiwiWire.BookSummary($0, cover: images[$0.book.isbn13], links: links, withReaders: false) })
            )
        )
        books.keep(answer, for: key)
        return KiwiJSON.response(tagged: answer.tagged)
    }
}
