import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiServerCommands
import KiwiServerSettings
import KiwiWire
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

/// Shelves (`GET /users/<u>/shelves`, `PUT|DELETE /users/me/books/<isbn13>`) on every store: the
/// rules of a reading, re-reads, a post's book, counts, exactly-once writes and what is refused.
@Suite struct KiwiShelfTests {
    static let tempest = "9780141439600"
    static let folger = "9780743482837"

    static func put(
        _ client: some TestClientProtocol,
        _ isbn13: String,
        _ body: String,
        token: String,
        key: String? = nil
    ) async throws
        -> (HTTPResponse.Status, KiwiWire.ShelfEntry?)
    {
        var headers: HTTPFields = [.contentType: "application/json", .authorization: "Bearer \(token)"]
        if let key { headers[.idempotencyKey] = key }
        return try await client.execute(uri: "/users/me/books/\(isbn13)", method: .put, headers: headers, body: ByteBuffer(string: body)) {
            ($0.status, try? JSONDecoder().decode(KiwiWire.ShelfEntry.self, from: Data(buffer: $0.body)))
        }
    }

    static func shelves(_ client: some TestClientProtocol, _ name: String) async throws -> KiwiWire.Shelves {
        try #require(try await client.wire(KiwiWire.Shelves.self, .get, "/users/\(name)/shelves").1)
    }

    @Test(arguments: StoreKind.available) func aBookGoesFromWantToReadingToReadAndARereadKeepsTheFirst(kind: StoreKind) async throws {
        let library = try await OpenLibraryStub.start()
        try await withKiwi(kind, books: KiwiBookTests.books(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let want = try await Self.put(client, Self.tempest, #"{"shelf":"want"}"#, token: ada)
                #expect(want.0 == .ok && want.1?.shelf == .want && want.1?.book.title == "The Tempest" && want.1?.started == nil)

                let started = try await Self.put(client, Self.tempest, #"{"shelf":"reading","progress":{"page":120,"pages":350}}"#, token: ada)
                #expect(started.1?.id == want.1?.id, "the same reading moved on")
                #expect(started.1?.progress == KiwiWire.ReadingProgress(page: 120, pages: 350))
                #expect(started.1?.started == nil, "the server invents no day: the client sends it")
                // A percent keeps the page count known; a page alone keeps it too.
                let percent = try await Self.put(client, Self.tempest, #"{"shelf":"reading","progress":{"percent":50}}"#, token: ada)
                #expect(percent.1?.progress == KiwiWire.ReadingProgress(pages: 350, percent: 50) && percent.1?.progress?.fraction == 0.5)

                let read = try await Self.put(
                    client,
                    Self.tempest,
                    #"{"shelf":"read","started":"2026-01-02","finished":"2026-02-03","rating":4}"#,
                    token: ada
                )
                #expect(read.1?.shelf == .read && read.1?.started == "2026-01-02" && read.1?.finished == "2026-02-03" && read.1?.rating == 4)
                #expect(read.1?.progress == KiwiWire.ReadingProgress(page: 350, pages: 350), "a book read was read to its last page")

                // Read again: a second reading; the first stays on "read".
                let again = try await Self.put(client, Self.tempest, #"{"shelf":"reading","started":"2026-03-01"}"#, token: ada)
                #expect(again.1?.id != read.1?.id && again.1?.started == "2026-03-01" && again.1?.progress?.page == nil)
                #expect(again.1?.rating == nil && again.1?.progress?.pages == nil, "a new reading starts afresh")
                var shelves = try await Self.shelves(client, "ada")
                #expect(shelves.reading.map(\.id) == [again.1?.id].compactMap { $0 } && shelves.read.map(\.id) == [read.1?.id].compactMap { $0 })
                _ = try await Self.put(client, Self.tempest, #"{"shelf":"read","finished":"2026-03-09"}"#, token: ada)
                shelves = try await Self.shelves(client, "ada")
                #expect(shelves.read.map(\.finished) == ["2026-03-09", "2026-02-03"], "both readings, the latest first")
                #expect(shelves.want.isEmpty && shelves.reading.isEmpty)
                #expect(shelves.readThisYear == (KiwiWire.Day.today().hasPrefix("2026") ? 2 : 0))

                // Taken off: every reading of it.
                #expect(try await client.json(.delete, "/users/me/books/\(Self.tempest)", token: ada).0 == .ok)
                #expect(try await Self.shelves(client, "ada").read.isEmpty)
                let (status, failure, _) = try await client.json(.delete, "/users/me/books/\(Self.tempest)", token: ada)
                #expect(status == .notFound && (failure as? [String: Any])?["error"] as? String == "not_on_shelves")
            }
        }
        await library.stop()
    }

    @Test(arguments: StoreKind.available) func aPostAboutAnUnshelvedBookStartsItAndTheBookCountsEachShelf(kind: StoreKind) async throws {
        let library = try await OpenLibraryStub.start()
        try await withKiwi(kind, books: KiwiBookTests.books(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, bob, cy) = (try await client.member("ada"), try await client.member("bob"), try await client.member("cy"))
                #expect(try await client.upload(TestImages.png, caption: "Act one", book: Self.tempest, token: ada).0 == .created)
                let shelved = try await Self.shelves(client, "ada").reading
                #expect(shelved.map(\.book.isbn13) == [Self.tempest] && shelved.first?.started == KiwiWire.Day.today())
                // On a shelf already, a post moves nothing.
                _ = try await Self.put(client, Self.folger, #"{"shelf":"want"}"#, token: bob)
                #expect(try await client.upload(TestImages.png, caption: "Soon", book: Self.folger, token: bob).0 == .created)
                #expect(try await Self.shelves(client, "bob").want.map(\.book.isbn13) == [Self.folger])

                _ = try await Self.put(client, Self.tempest, #"{"shelf":"want"}"#, token: bob)
                _ = try await Self.put(client, Self.tempest, #"{"shelf":"read","finished":"2025-05-05"}"#, token: cy)
                _ = try await Self.put(client, Self.tempest, #"{"shelf":"reading"}"#, token: cy)
                let book = try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.tempest)").1
                #expect(book?.shelves == KiwiWire.ShelfCounts(want: 1, reading: 2, read: 0), "cy rereads: counted where she is now")
                _ = try await Self.put(client, Self.tempest, #"{"shelf":"read"}"#, token: ada)
                let after = try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.tempest)").1
                #expect(after?.shelves == KiwiWire.ShelfCounts(want: 1, reading: 1, read: 1), "a shelf change is counted at once")
            }
        }
        await library.stop()
    }

    /// A book on shelves alone (an import names it: no post, and the book search cannot be asked)
    /// has its page, its counts and its generated cover, named as the shelf names it.
    @Test(arguments: StoreKind.available) func aBookOnShelvesAloneHasItsPageWhenTheBookSearchCannotAnswer(kind: StoreKind) async throws {
        let janeEyre = "9780141441146"
        let nobody = try #require(URL(string: "http://127.0.0.1:\(try FreePort.pick())"))
        try await withKiwi(kind, books: KiwiBookTests.books(nobody)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let imported = #"{"shelf":"read","finished":"2026-09-12","book":{"title":"Jane Eyre","authors":["Charlotte Brontë"]}}"#
                #expect(try await Self.put(client, janeEyre, imported, token: ada).0 == .ok)
                let summary = try #require(try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(janeEyre)").1)
                #expect(summary.title == "Jane Eyre" && summary.authors == ["Charlotte Brontë"] && summary.reflections == 0)
                #expect(summary.shelves == KiwiWire.ShelfCounts(want: 0, reading: 0, read: 1))
                try await client.execute(uri: "/books/\(janeEyre)/cover.svg", method: .get) { response in
                    #expect(response.status == .ok && String(buffer: response.body).contains(">Jane Eyre</tspan>"))
                }
                let page = try await client.page("/books/\(janeEyre)")
                #expect(page.status == .ok && page.html.contains("Jane Eyre"))
                // In no post and on nobody's shelves, a book is the book search's to name, and it cannot answer.
                #expect(try await client.json(.get, "/books/\(Self.tempest)").0 == .badGateway)
            }
        }
    }

    @Test(arguments: StoreKind.available) func aRepeatedKeyMakesOneReadingAndBadChangesAreRefused(kind: StoreKind) async throws {
        // No book search: a book nobody here knows is named by the member (an import).
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let named = #""book":{"title":"Middlemarch","authors":["George Eliot"]}"#
                #expect(try await Self.put(client, "9780141439549", #"{"shelf":"read",\#(named)}"#, token: ada).1?.book.title == "Middlemarch")
                #expect(try await Self.put(client, "9780141439556", #"{"shelf":"read"}"#, token: ada).0 != .ok, "a book nobody knows, unnamed")
                let first = try await Self.put(client, "9780141439549", #"{"shelf":"reading",\#(named)}"#, token: ada, key: "again-1")
                let second = try await Self.put(client, "9780141439549", #"{"shelf":"reading",\#(named)}"#, token: ada, key: "again-1")
                #expect(first.0 == .ok && first.1 == second.1, "the same answer")
                let third = try await Self.put(client, "9780141439549", #"{"shelf":"want",\#(named)}"#, token: ada, key: "again-1")
                #expect(third.0 == .unprocessableContent, "a key reused for another change")
                let shelves = try await Self.shelves(client, "ada")
                #expect(shelves.read.count == 1 && shelves.reading.count == 1, "one reread, not two")

                for (body, why) in [
                    (#"{"shelf":"want","progress":{"page":3}}"#, "a page is for reading"),
                    (#"{"shelf":"reading","progress":{"page":400,"pages":350}}"#, "past the last page"),
                    (#"{"shelf":"reading","progress":{"percent":101}}"#, "over 100%"),
                    (#"{"shelf":"reading","progress":{"page":3,"percent":5}}"#, "both"),
                    (#"{"shelf":"read","finished":"2026-02-30"}"#, "no such day"),
                    (#"{"shelf":"read","finished":"2999-01-01"}"#, "in the future"),
                    (#"{"shelf":"read","started":"2026-03-01","finished":"2026-02-01"}"#, "finished before started"),
                    (#"{"shelf":"reading","finished":"2026-02-01"}"#, "finished is for read"),
                    (#"{"shelf":"shelved"}"#, "no such shelf"),
                    (#"{"shelf":"read","rating":6}"#, "six stars"),
                ] {
                    #expect(try await Self.put(client, "9780141439549", body, token: ada).0 == .badRequest, "\(why)")
                }
                #expect(try await Self.put(client, "12345", #"{"shelf":"want"}"#, token: ada).0 == .badRequest)
                #expect(try await Self.put(client, "9780141439549", #"{"shelf":"want"}"#, token: "nobody").0 == .forbidden)
                #expect(try await Self.shelves(client, "ada") == shelves, "nothing refused changed anything")
                #expect(try await client.json(.get, "/users/nobody/shelves").0 == .notFound)
            }
        }
    }

    /// Two servers on one PostgreSQL database: what one shelves, the other's kept answers (a
    /// member's shelves, a book's counts) show as soon as the write is acknowledged.
    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func aSecondServerShowsAShelfChangeAtOnce() async throws {
        try await withTwoServers { a, b in
            let ada = try await a.member("ada")
            let named = #""book":{"title":"Villette","authors":["Charlotte Brontë"]}"#
            _ = try await Self.put(a, "9780141439884", #"{"shelf":"want",\#(named)}"#, token: ada)
            #expect(try await Self.shelves(b, "ada").want.map(\.book.title) == ["Villette"], "kept by B from here on")
            _ = try await Self.put(a, "9780141439884", #"{"shelf":"reading","progress":{"percent":10},\#(named)}"#, token: ada)
            let eventually = try await eventually(within: .seconds(5)) { try await Self.shelves(b, "ada").reading.first?.progress?.percent == 10 }
            #expect(eventually, "B's kept answer gave way to the change made through A")
            #expect(try await Self.shelves(b, "ada").want.isEmpty)
        }
    }

    @Test func shelvesSurviveARestartOfTheServer() async throws {
        let path = Scratch.url("kiwi-shelves").appendingPathExtension("sqlite").path
        let named = #""book":{"title":"Persuasion","authors":["Jane Austen"]}"#
        let token = try await application(try SQLiteKiwiDatabase(path: path)).test(.router) { client in
            let ada = try await client.member("ada", password: "ada-password")
            _ = try await Self.put(client, "9780141439686", #"{"shelf":"reading","progress":{"page":80,"pages":256},\#(named)}"#, token: ada)
            _ = try await Self.put(client, "9780141439518", #"{"shelf":"read","finished":"2026-01-09","book":{"title":"Emma"}}"#, token: ada)
            return ada
        }
        try await application(try SQLiteKiwiDatabase(path: path)).test(.router) { client in
            let shelves = try await Self.shelves(client, "ada")
            #expect(shelves.reading.first?.progress == KiwiWire.ReadingProgress(page: 80, pages: 256))
            #expect(shelves.read.first?.book.title == "Emma" && shelves.read.first?.finished == "2026-01-09")
            #expect(try await client.json(.get, "/users/me", token: token).0 == .ok)
        }
    }

    func application(_ store: any KiwiStorage) throws -> some ApplicationProtocol {
        buildApplication(storage: store, uploads: nil, arguments: try ServeCommand.testing(), logger: KiwiMigrationTests.quiet)
    }

    /// What followers are told live: today's news (a day ahead too, for a reader east of UTC), and
    /// progress whenever the book was started; not a day long past, nor no day (an import).
    @Test func historyWrittenDownIsNotNews() {
        let now = Date(timeIntervalSince1970: 1_796_000_000)
        func day(_ offset: Double) -> String { KiwiWire.Day.today(now.addingTimeInterval(offset * 86_400)) }
        func reading(_ shelf: KiwiWire.Shelf, started: String? = nil, finished: String? = nil, percent: Int? = nil) -> KiwiReading {
            KiwiReading(
                reader: "ada",
                book: KiwiBook(title: "The Tempest", authors: [], isbn13: Self.tempest),
                shelf: shelf,
                progress: percent.map { KiwiWire.ReadingProgress(percent: $0) },
                started: started,
                finished: finished,
                updatedAt: now
            )
        }
        #expect(reading(.read, finished: day(0)).isNews && reading(.read, finished: day(1)).isNews && reading(.read, finished: day(-1)).isNews)
        #expect(!reading(.read, finished: day(-2)).isNews && !reading(.read, finished: "2019-03-14").isNews && !reading(.read).isNews)
        #expect(reading(.reading, started: day(0)).isNews && !reading(.reading, started: day(-30)).isNews && !reading(.reading).isNews)
        #expect(reading(.reading, started: day(-30), percent: 40).isNews)
        #expect(reading(.want).isNews)
    }

    @Test(arguments: StoreKind.available) func aFollowerHearsAShelfChangeLive(kind: StoreKind) async throws {
        try await withKiwi(kind, heartbeat: 0.2) { kiwi in
            try await kiwi.application.test(.live) { client in
                let base = "http://127.0.0.1:\(try #require(client.port))"
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                _ = try await client.json(.post, "/users/ada/follow", token: bob)
                let stream = try await LiveStreamReader.open(base, token: bob)
                defer { Task { await stream.close() } }
                _ = try await stream.next("unread")
                let named = #""book":{"title":"The Tempest","authors":["William Shakespeare"]}"#
                // History written down (as an import sends it) is not news: a day long past, or no day.
                let folger = #""book":{"title":"The Tempest (Folger)","authors":["William Shakespeare"]}"#
                _ = try await Self.put(client, Self.folger, #"{"shelf":"read","finished":"2019-03-14",\#(folger)}"#, token: ada)
                _ = try await Self.put(client, Self.folger, #"{"shelf":"reading","started":"2019-05-01"}"#, token: ada)
                _ = try await Self.put(client, Self.folger, #"{"shelf":"read"}"#, token: ada)
                let today = KiwiWire.Day.today()
                _ = try await Self.put(client, Self.tempest, #"{"shelf":"read","finished":"\#(today)",\#(named)}"#, token: ada)
                let told = try await stream.next("reading")
                let entry = try told.event.decoded(KiwiWire.ShelfEntry.self)
                #expect(entry.news == "ada finished The Tempest" && entry.book.isbn13 == Self.tempest, "the first told is today's")
                // Progress is news, whenever the book was started.
                _ = try await Self.put(client, Self.folger, #"{"shelf":"reading","started":"2019-06-01","progress":{"percent":40}}"#, token: ada)
                let progress = try await stream.next("reading", after: told.index + 1).event.decoded(KiwiWire.ShelfEntry.self)
                #expect(progress.news == "ada is 40% through The Tempest (Folger)", "\(progress)")
            }
        }
    }
}
