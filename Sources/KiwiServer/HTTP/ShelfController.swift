import Foundation
import Hummingbird
import KiwiWire

/// Members' shelves (our extension): `GET /users/<u>/shelves`, and the caller's own books,
/// `PUT|DELETE /users/me/books/<isbn13>`.
struct ShelfController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker
    /// Each member's shelves as answered, by the address the answer names and the year it counts:
    /// kept until the member's shelves or any cover change (a library of hundreds is 75 KB of JSON).
    let answers: KiwiCache<AnswerKey, EncodedPage>

    struct AnswerKey: Hashable, Sendable {
        var member: String
        var host: String?
        var year: Substring
    }

    init(community: KiwiCommunity, links: LinkMaker) {
        self.community = community
        self.links = links
        answers = KiwiCache(changes: community.shelves.writes.changes, capacity: 10_000) { change in
            switch change {
            case .reading(_, _, let reader, _): .matching { key, _ in key.member == reader }
            case .cover: .all
            default: nil
            }
        }
    }

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.get("users/:username/shelves", use: shelves)
        router.group("users/me/books/:isbn13").put(use: shelve).delete(use: unshelve)
    }

    /// Public, as a profile is.
    @Sendable func shelves(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let name = try context.username()
        let now = Date()
        let key = AnswerKey(member: name, host: links.host(request), year: KiwiWire.Day.today(now).prefix(4))
        let answer = try await answers.value(for: key) { () async throws -> EncodedPage in
            let readings = try await community.shelves.readings(of: name)
            let covers = await community.books.covers.images(of: Array(Set(readings.map(\.isbn13))))
            return EncodedPage(KiwiJSON.Tagged(KiwiJSON.body(KiwiWire.Shelves(readings, covers: covers, links: links(request, context), now: now))))
        }
        return KiwiJSON.response(tagged: answer.tagged)
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
