import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

/// A book's answer, its reflections and what the community reads (`GET /books/<isbn13>`,
/// `GET /books/<isbn13>/posts`, `GET /books/popular`), kept in memory and exact after every write.
@Suite struct KiwiBookPageTests {
    static let tempest = "9780141439600"
    static let folger = "9780743482837"

    @Test(arguments: StoreKind.available) func aBookHasItsReflectionsReadersAndStanding(kind: StoreKind) async throws {
        let library = try await OpenLibraryStub.start()
        try await withKiwi(kind, books: KiwiBookTests.books(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                let cy = try await client.member("cy")
                func book(_ isbn13: String) async throws -> KiwiWire.BookSummary? {
                    try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(isbn13)").1
                }
                func reflections(_ isbn13: String, _ query: String = "") async throws -> [String] {
                    try await client.wire([KiwiWire.Post].self, .get, "/books/\(isbn13)/posts\(query)").1?.map(\.id) ?? []
                }
                func popular(_ query: String = "", token: String? = nil) async throws -> [KiwiWire.BookSummary] {
                    try #require(try await client.wire([KiwiWire.BookSummary].self, .get, "/books/popular\(query)", token: token).1)
                }
                func post(_ isbn13: String?, by token: String) async throws -> String {
                    try await client.post("a line", book: isbn13, by: token)
                }

                // Before any post: the search's book, read by nobody; a book nobody knows is 404.
                #expect(
                    try await book(Self.tempest)
                        == KiwiWire.BookSummary(
                            isbn13: Self.tempest,
                            title: "The Tempest",
                            authors: ["William Shakespeare"],
                            reflections: 0,
                            readers: 0,
                            recentReaders: [],
                            coverURL: "http://localhost/books/\(Self.tempest)/cover.svg",
                            shelves: KiwiWire.ShelfCounts(want: 0, reading: 0, read: 0),
                            reviews: []
                        )
                )
                #expect(try await client.json(.get, "/books/9999999999999").0 == .notFound)
                #expect(try await client.json(.get, "/books/12345").0 == .badRequest)
                #expect(try await client.json(.get, "/books/12345/posts").0 == .badRequest)
                #expect(try await popular().isEmpty)

                // The pages are read (and kept) before each write, so each write must move them.
                #expect(try await reflections(Self.tempest).isEmpty)
                let first = try await post(Self.tempest, by: ada)
                #expect(try await reflections(Self.tempest) == [first], "a new post shows at once")
                _ = try await post(nil, by: ada)
                let second = try await post(Self.tempest, by: bob)
                let third = try await post(Self.tempest, by: ada)
                let other = try await post(Self.folger, by: cy)
                #expect(try await reflections(Self.tempest) == [third, second, first], "newest first, only this book's")
                #expect(try await reflections(Self.folger) == [other])
                let standing = try #require(try await book(Self.tempest))
                #expect((standing.reflections, standing.readers) == (3, 2))
                #expect(standing.recentReaders?.map(\.username) == ["ada", "bob"], "the latest reader first")

                // Cursor pages as the other lists: a Link to the older page.
                let (_, _, headers) = try await client.json(.get, "/books/\(Self.tempest)/posts?limit=2")
                let link = try #require(headers[.link])
                #expect(link.contains("/books/\(Self.tempest)/posts?") && link.contains("max_id=\(second)") && link.contains("rel=\"next\""))
                #expect(try await reflections(Self.tempest, "?max_id=\(second)") == [first])

                let ranked = try await popular()
                #expect(ranked.map(\.isbn13) == [Self.tempest, Self.folger])
                #expect(ranked.map(\.reflections) == [3, 1] && ranked.map(\.readers) == [2, 1])
                #expect(ranked.allSatisfy { $0.recentReaders == nil }, "a row names no readers")

                // Following: only the people one follows count, and it needs a login.
                #expect(try await client.json(.get, "/books/popular?following=true").0 == .forbidden, "as the API says not logged in")
                _ = try await client.json(.post, "/users/cy/follow", token: bob)
                #expect(try await popular("?following=true", token: bob).map(\.isbn13) == [Self.folger])
                for bad in ["?days=0", "?days=366", "?days=week", "?limit=101", "?following=maybe"] {
                    #expect(try await client.json(.get, "/books/popular\(bad)").0 == .badRequest, "\(bad)")
                }

                // A deleted post leaves the book's pages, its counts and the ranking at once.
                _ = try await client.json(.delete, "/posts/\(second)", token: bob)
                #expect(try await reflections(Self.tempest) == [third, first])
                #expect(try await book(Self.tempest).map { ($0.reflections, $0.readers) } ?? (0, 0) == (2, 1))
                _ = try await client.json(.delete, "/posts/\(third)", token: ada)
                _ = try await client.json(.delete, "/posts/\(first)", token: ada)
                #expect(try await popular().map(\.isbn13) == [Self.folger])
                #expect(try await book(Self.tempest)?.reflections == 0, "the search's book again")
            }
        }
        await library.stop()
    }

    /// The same path is the book's page for a browser: a guest sees the book, its readers and its
    /// reflections (without photos, as everywhere), and a form's search finds books by title.
    @Test(arguments: StoreKind.available) func aBooksPageAndTheFormsSearch(kind: StoreKind) async throws {
        let library = try await OpenLibraryStub.start()
        try await withKiwi(kind, books: KiwiBookTests.books(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                _ = try await client.upload(TestImages.png, caption: "Caliban's island", book: Self.tempest, token: ada)
                let page = try await client.page("/books/\(Self.tempest)")
                #expect(page.status == .ok && page.html.contains("<title>The Tempest · Kiwi</title>"))
                #expect(page.html.contains("by William Shakespeare") && page.html.contains("Caliban&#39;s island"))
                #expect(page.html.contains(#"href="/@ada""#) && page.html.contains("Log in to see the photo"))
                #expect(page.html.contains(#"href="/login?next=/new?book=\#(Self.tempest)""#), "a guest logs in to post about it")
                #expect(page.html.contains(#"<a href="/books/\#(Self.tempest)"><cite>"#), "the card links its book")
                #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
                #expect(try await client.page("/books/9999999999999").status == .notFound)
                let popular = try await client.page("/books")
                #expect(popular.html.contains(#"<a href="/books/\#(Self.tempest)"><cite>The Tempest</cite></a>"#))
                #expect(popular.html.contains("1 reflection · 1 reader"))

                let session = try await client.signUpPage("bob")
                let found = try await client.page("/new?q=the+tempest", session: session)
                #expect(found.html.contains(#"<a href="/new?book=\#(Self.tempest)">The Tempest by William Shakespeare</a>"#))
                #expect(
                    found.html.contains(#"<a href="/new?book=\#(Self.folger)">"#) && !found.html.contains("Tempest notes"),
                    "only books with an ISBN-13"
                )
                let chosen = try await client.page("/new?book=\(Self.folger)", session: session)
                #expect(chosen.html.contains(#"name="book" type="text" inputmode="numeric" pattern="[0-9]{13}" value="\#(Self.folger)""#))
            }
        }
        await library.stop()
    }

    /// What the community reads is the last N days': a kept answer stops being true when its
    /// oldest post leaves the window, with no write to say so.
    @Test func theRankingForgetsPostsThatLeaveItsWindow() async throws {
        let store = MemoryKiwiDatabase()
        try await store.createUser(KiwiUser(username: "ada", createdAt: Date()), passwordHash: "x", keeping: nil)
        let book = KiwiBook(title: "The Tempest", authors: ["William Shakespeare"], isbn13: Self.tempest)
        _ = try await store.createPost(NewPost(owner: "ada", image: .file("a.png"), book: book), keeping: nil)
        let books = KiwiCommunity.testing(store).books
        let now = Date()
        let first = try await books.popular(days: 1, limit: 20, following: nil, now: now)
        #expect(first.standings.map(\.book.isbn13) == [Self.tempest])
        #expect(try await books.popular(days: 1, limit: 20, following: nil, now: now) === first, "kept")
        let later = try await books.popular(days: 1, limit: 20, following: nil, now: now.addingTimeInterval(2 * 86_400))
        #expect(later.standings.isEmpty, "made again once its oldest post left the window")
    }

    /// Two servers of one PostgreSQL community: a post through one is on the other's book page and
    /// ranking at once, though the other kept both; a deleted one leaves them at once.
    @Test(.enabled(if: StoreKind.databaseURL != nil)) func aPostMovesTheOtherServersBookPagesAtOnce() async throws {
        let library = try await OpenLibraryStub.start()
        try await withTwoServers(books: KiwiBookTests.books(library.baseURL)) { a, b in
            let ada = try await a.member("ada")
            func onB() async throws -> (posts: [String], popular: [Int], book: Int?) {
                (
                    try await b.wire([KiwiWire.Post].self, .get, "/books/\(Self.tempest)/posts").1?.map(\.id) ?? [],
                    try await b.wire([KiwiWire.BookSummary].self, .get, "/books/popular").1?.map(\.reflections) ?? [],
                    try await b.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.tempest)").1?.reflections
                )
            }
            #expect(try await onB() == ([], [], 0))
            let id = try #require(try await a.upload(TestImages.png, book: Self.tempest, token: ada).1?["id"] as? String)
            #expect(try await eventually { try await onB() == ([id], [1], 1) }, "a new post")
            _ = try await a.json(.delete, "/posts/\(id)", token: ada)
            #expect(try await eventually { try await onB() == ([], [], 0) }, "a deleted post")
        }
        await library.stop()
    }
}
