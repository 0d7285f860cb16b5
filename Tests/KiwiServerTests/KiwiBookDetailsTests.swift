import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import TestSupport
import Testing

@testable import KiwiServer

/// No post waits on Open Library: a post naming an ISBN-13 while the book search cannot answer
/// lands at once, its book under its ISBN with the generated cover, and the details come once the
/// search answers again (`BookDetails`), to every post, reading, page, search and list; one server
/// of a community asks, once.
@Suite struct KiwiBookDetailsTests {
    static let tempest = "9780141439600"
    static let unnamed = "ISBN 9780141439600"

    /// A port that refuses connections until `OpenLibraryStub.start(sharing:)` answers there, and the book search's address on it.
    static func awayPort() throws -> (TCPSocket, URL) {
        let held = try TCPSocket.sharedPort()
        return (held, try #require(URL(string: "http://127.0.0.1:\(try held.boundPort())")))
    }

    /// The book search on a port that refuses connections until `OpenLibraryStub.start(sharing:)` answers there.
    static func awaySearch() throws -> (TCPSocket, BookSearch) {
        let (held, url) = try awayPort()
        return (held, KiwiBookTests.books(url))
    }

    func title(_ client: some TestClientProtocol, post id: String) async throws -> String? {
        try await client.wire(KiwiWire.Post.self, .get, "/posts/\(id)").1?.book?.title
    }

    @Test(arguments: StoreKind.available)
    func aPostLandsWhileTheSearchIsAwayAndItsBookIsNamedWhenItAnswers(_ kind: StoreKind) async throws {
        let (held, url) = try Self.awayPort()
        // The test's own looks have a connection pool of their own: on a slow machine the server's
        // looks (every 10 s of the clock) may be trying the away port just as the search answers again.
        try await withOwnConnectionPool { web in
            try await withKiwi(kind, books: KiwiBookTests.books(url)) { kiwi in
                let details = BookDetails(search: BookSearch(baseURL: url, web: web), store: kiwi.database, changes: kiwi.database.changes)
                try await kiwi.application.test(.router) { client in
                    let ada = try await client.member("ada")
                    let id = try await client.post("The storm chapter", book: Self.tempest, by: ada)
                    #expect(try await title(client, post: id) == Self.unnamed)
                    // The book's answer names it by its ISBN, with the generated cover; so do the pages and the shelves.
                    let book = try #require(try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.tempest)").1)
                    #expect(book.title == Self.unnamed && book.coverURL == "http://localhost/books/\(Self.tempest)/cover.svg")
                    #expect(try await KiwiShelfTests.shelves(client, "ada").reading.first?.book.title == Self.unnamed)
                    #expect(try await client.page("/books/\(Self.tempest)").html.contains("<title>\(Self.unnamed) · Kiwi</title>"))
                    // A second post of the same book asks nobody; a wrong check digit is refused before anything is kept.
                    _ = try await client.post("Prospero", book: Self.tempest, by: ada)
                    let (refused, _) = try await client.upload(TestImages.png, caption: "typo", book: "9780141439601", token: ada)
                    #expect(refused == .badRequest)
                    #expect(try await client.wire([KiwiWire.Post].self, .get, "/posts").1?.count == 2)

                    // Still away: a look fails, and the book waits before the next. (The server's own
                    // looks run too, every 10 s of the clock: past any claim or wait of theirs, the
                    // test's looks are due.)
                    let soon = Date().addingTimeInterval(BookDetails.firstWait + 1)
                    await details.catchUp(now: soon)
                    #expect(try await kiwi.database.detailsDue(at: soon, limit: 10) == [], "postponed")
                    let later = Date().addingTimeInterval(2 * BookDetails.unknownWait)
                    #expect(try await kiwi.database.detailsDue(at: later, limit: 10) == [Self.tempest], "still owed")

                    // The search answers again: the next look names the book everywhere.
                    let library = try await OpenLibraryStub.start(sharing: held)
                    defer { Task { await library.stop() } }
                    await details.catchUp(now: later)
                    #expect(try await title(client, post: id) == "The Tempest")
                    let named = try #require(try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.tempest)").1)
                    #expect(named.title == "The Tempest" && named.authors == ["William Shakespeare"] && named.reflections == 2)
                    #expect(try await KiwiShelfTests.shelves(client, "ada").reading.first?.book.title == "The Tempest")
                    let (_, popular) = try await client.wire([KiwiWire.BookSummary].self, .get, "/books/popular")
                    #expect(popular?.first?.title == "The Tempest")
                    let (_, found) = try await client.wire([KiwiWire.BookSummary].self, .get, "/search?q=shakespeare&type=books")
                    #expect(found?.map(\.isbn13) == [Self.tempest], "the search finds it by its author now")
                    #expect(try await client.page("/books/\(Self.tempest)").html.contains("<title>The Tempest · Kiwi</title>"))

                    let asked = library.requestCount("/search.json")
                    await details.catchUp(now: later.addingTimeInterval(BookDetails.unknownWait * 4))
                    #expect(library.requestCount("/search.json") == asked, "nothing is owed any more")
                }
            }
        }
    }

    /// Two servers of one community: the book is asked about once, and both show its title at once.
    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func oneServerAsksAndBothShowTheTitle() async throws {
        let (held, search) = try Self.awaySearch()
        try await withTwoServers(books: search) { database, a, b in
            let ada = try await a.member("ada")
            let id = try await a.post("The storm chapter", book: Self.tempest, by: ada)
            #expect(try await title(b, post: id) == Self.unnamed)
            let library = try await OpenLibraryStub.start(sharing: held)
            defer { Task { await library.stop() } }
            // Past any claim or wait of the servers' own looks, every 10 s of the clock.
            let due = Date().addingTimeInterval(BookDetails.claimLife + BookDetails.longestWait + 1)
            let servers = [database, database].map { BookDetails(search: search, store: $0, changes: $0.changes) }
            await withTaskGroup(of: Void.self) { group in
                for server in servers { group.addTask { await server.catchUp(now: due) } }
            }
            #expect(library.requestCount("/search.json") == 1, "claimed by one server")
            #expect(try await eventually { try await title(b, post: id) == "The Tempest" })
            #expect(try await eventually { try await title(a, post: id) == "The Tempest" })
        }
    }
}
