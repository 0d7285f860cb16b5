import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

/// `GET /search` on every store: captions and comments, books and members, ranked, in cursor
/// pages; the index follows each write at once; and a search is never read as the database's own
/// syntax.
@Suite struct KiwiSearchTests {
    static func search<Item: Decodable>(
        _ client: some TestClientProtocol,
        _ query: String,
        type: String = "posts",
        as: Item.Type
    )
        async throws -> (status: HTTPResponse.Status, items: [Item], next: String?)
    {
        var components = URLComponents()
        components.path = "/search"
        components.queryItems = [URLQueryItem(name: "q", value: query), URLQueryItem(name: "type", value: type)]
        return try await page(client, components.string ?? "", as: Item.self)
    }

    static func page<Item: Decodable>(
        _ client: some TestClientProtocol,
        _ uri: String,
        as: Item.Type
    ) async throws
        -> (status: HTTPResponse.Status, items: [Item], next: String?)
    {
        try await client.execute(uri: uri, method: .get) { response in
            let items = (try? JSONDecoder().decode([Item].self, from: Data(buffer: response.body))) ?? []
            // `<http://host/search?…>; rel="next"`: the path and query, as the test client asks.
            let next = response.headers[.link].flatMap { field -> String? in
                guard let start = field.range(of: "/search?"), let end = field.firstIndex(of: ">") else { return nil }
                return String(field[start.lowerBound..<end])
            }
            return (response.status, items, next)
        }
    }

    static func captions(_ posts: [KiwiWire.Post]) -> [String] { posts.compactMap(\.caption) }

    @Test(arguments: StoreKind.available) func captionsCommentsBooksAndMembersAreFoundRankedAndFolded(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                _ = try await client.json(.put, "/users/bob", #"{"fullname":"Robert Brontë-Smith"}"#, token: bob)
                let storm = try #require(
                    try await client.upload(TestImages.png, caption: "The storm chapter undid me", token: ada).1?["id"] as? String
                )
                _ = try await client.upload(TestImages.png, caption: "A quiet morning with tea", token: bob)
                let commented = try await client.post("Page 42", by: bob)
                _ = try await client.form("operation=create&postid=\(commented)&text=What%20a%20storm%20of%20feeling", token: ada)
                _ = try await client.json(
                    .put,
                    "/users/me/books/9780141439556",
                    #"{"shelf":"want","book":{"title":"Wuthering Heights","authors":["Emily Brontë"]}}"#,
                    token: ada
                )

                let found = try await Self.search(client, "storm", as: KiwiWire.Post.self)
                #expect(found.status == .ok)
                #expect(found.items.map(\.id) == [storm, commented], "a caption ranks above a comment")
                #expect(
                    Self.captions(try await Self.search(client, "\"storm chapter\"", as: KiwiWire.Post.self).items) == ["The storm chapter undid me"]
                )
                #expect(Self.captions(try await Self.search(client, "storm -chapter", as: KiwiWire.Post.self).items) == ["Page 42"])
                #expect(Self.captions(try await Self.search(client, "tea or chapter", as: KiwiWire.Post.self).items).count == 2)
                // What FTS5 or tsquery would read as syntax is only words here.
                for odd in ["\"", "storm AND", "NOT storm", "*", "(storm", "st:orm", "'storm'", "-", "--storm", "🌧 storm"] {
                    let answer = try await Self.search(client, odd, as: KiwiWire.Post.self)
                    #expect(answer.status == .ok, "\(odd)")
                }
                #expect(try await Self.search(client, "", as: KiwiWire.Post.self).items.isEmpty)

                // Diacritics and case fold both ways.
                let books = try await Self.search(client, "BRONTE", type: "books", as: KiwiWire.BookSummary.self)
                #expect(books.items.map(\.title) == ["Wuthering Heights"])
                #expect(try await Self.search(client, "wuthering", type: "books", as: KiwiWire.BookSummary.self).items.count == 1)
                let members = try await Self.search(client, "brontë", type: "members", as: KiwiWire.User.self)
                #expect(members.items.map(\.username) == ["bob"])
                #expect(try await Self.search(client, "ada", type: "members", as: KiwiWire.User.self).items.map(\.username) == ["ada"])

                for bad in [
                    "/search?q=x&type=everything", "/search?q=x&limit=0", "/search?q=x&cursor=nonsense",
                    "/search?q=" + String(repeating: "a", count: 201),
                ] {
                    #expect(try await client.json(.get, bad).0 == .badRequest, "\(bad)")
                }
            }
        }
    }

    @Test(arguments: StoreKind.available) func aPostIsFoundOnceWrittenAndGoneOnceDeletedAndANameAtOnce(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let id = try await client.post("Marginalia everywhere", by: ada)
                #expect(try await Self.search(client, "marginalia", as: KiwiWire.Post.self).items.map(\.id) == [id], "found once acknowledged")
                _ = try await client.form("operation=create&postid=\(id)&text=Zeugma%20alert", token: ada)
                #expect(try await Self.search(client, "zeugma", as: KiwiWire.Post.self).items.map(\.id) == [id])
                #expect(try await client.json(.delete, "/posts/\(id)", token: ada).0 == .ok)
                #expect(try await Self.search(client, "marginalia", as: KiwiWire.Post.self).items.isEmpty, "gone once deleted")
                #expect(try await Self.search(client, "zeugma", as: KiwiWire.Post.self).items.isEmpty, "its comments too")
                _ = try await client.json(.put, "/users/ada", #"{"fullname":"Augusta Lovelace"}"#, token: ada)
                #expect(try await Self.search(client, "lovelace", type: "members", as: KiwiWire.User.self).items.map(\.username) == ["ada"])
                _ = try await client.json(.put, "/users/ada", #"{"fullname":"Ada King"}"#, token: ada)
                #expect(try await Self.search(client, "lovelace", type: "members", as: KiwiWire.User.self).items.isEmpty, "the old name is not")
                // A book leaves the search with the last shelf or post that names it.
                let named = #"{"shelf":"want","book":{"title":"Villette","authors":["Charlotte Brontë"]}}"#
                _ = try await client.json(.put, "/users/me/books/9780141439884", named, token: ada)
                #expect(try await Self.search(client, "villette", type: "books", as: KiwiWire.BookSummary.self).items.count == 1)
                _ = try await client.json(.delete, "/users/me/books/9780141439884", token: ada)
                #expect(try await Self.search(client, "villette", type: "books", as: KiwiWire.BookSummary.self).items.isEmpty)
            }
        }
    }

    @Test(arguments: StoreKind.available) func resultsComeInCursorPagesEachOnce(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                for index in 1...25 { _ = try await client.upload(TestImages.png, caption: "Lighthouse note \(index)", token: ada) }
                var seen: [String] = []
                var uri: String? = "/search?q=lighthouse&limit=10"
                var pages = 0
                while let next = uri {
                    let page = try await Self.page(client, next, as: KiwiWire.Post.self)
                    #expect(page.status == .ok)
                    seen += page.items.map(\.id)
                    uri = page.next
                    pages += 1
                }
                #expect(pages == 3 && seen.count == 25 && Set(seen).count == 25, "three pages, every post once")
            }
        }
    }

    /// Two servers on one PostgreSQL database: a post made through one is found through the other
    /// as soon as its write is acknowledged, and not once it is deleted.
    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func aSecondServerFindsAPostAtOnceAndNotOnceDeleted() async throws {
        try await withTwoServers { a, b in
            let ada = try await a.member("ada")
            let id = try #require(try await a.upload(TestImages.png, caption: "Palimpsest evening", token: ada).1?["id"] as? String)
            #expect(try await Self.search(b, "palimpsest", as: KiwiWire.Post.self).items.map(\.id) == [id])
            #expect(try await a.json(.delete, "/posts/\(id)", token: ada).0 == .ok)
            #expect(try await Self.search(b, "palimpsest", as: KiwiWire.Post.self).items.isEmpty)
        }
    }

    @Test func theQueryIsReadAsWebSearchSyntax() {
        let query = KiwiSearchQuery(#"storm "the end" -rain or Brontë"#)
        #expect(query.alternatives.count == 2)
        #expect(query.fts5 == #"("storm" AND "the end") NOT "rain" OR ("brontë")"#)
        #expect(KiwiSearchQuery("-rain").isEmpty, "exclusions alone find nothing")
        #expect(KiwiSearchQuery(#"NOT "*" ( )"#).fts5 == #"("not")"#, "operators are words")
        #expect(KiwiSearchQuery("bronte").matches(["Emily Brontë"]))
    }
}
