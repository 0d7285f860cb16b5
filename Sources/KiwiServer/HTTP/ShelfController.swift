import Hummingbird
import KiwiWire

/// Members' shelves (our extension): `GET /users/<u>/shelves`, and the caller's own books,
/// `PUT|DELETE /users/me/books/<isbn13>`.
struct ShelfController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker

    func addRoutes(to router: Router<KiwiRequestContext>) {
        router.get("users/:username/shelves", use: shelves)
        router.group("users/me/books/:isbn13").put(use: shelve).delete(use: unshelve)
    }

    /// Public, as a profile is.
    @Sendable func shelves(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let readings = try await community.shelves.readings(of: try context.username())
        let covers = await community.books.covers.images(of: Array(Set(readings.map(\.isbn13))))
        return KiwiJSON.response(KiwiWire.Shelves(readings, covers: covers, links: links(request, context)))
    }

    /// A `ShelfChange`; exactly once with an `Idempotency-Key`. Answers the reading as it is now.
    @Sendable func shelve(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let isbn13 = try context.isbn13()
        let key = try request.idempotencyKey()
        let change = try await request.decodeJSON(KiwiWire.ShelfChange.self)
        let links = links(request, context)
        // Asked first (the answer is made in the write): a book shelved for the first time starts its fetch.
        let cover = await community.books.covers.image(of: isbn13)
        return KiwiJSON.response(
            try await community.shelves.shelve(isbn13, change, by: caller, key: key, from: context.clientAddress) { reading in
                KiwiJSON.kept(KiwiWire.ShelfEntry(reading, cover: cover, links: links))
            }
        )
    }

    @Sendable func unshelve(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await community.shelves.unshelve(try context.isbn13(), by: try context.requireCaller(), from: context.clientAddress)
        return KiwiJSON.response(KiwiWire.Status())
    }
}
