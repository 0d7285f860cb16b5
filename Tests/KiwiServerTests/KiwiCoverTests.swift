import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiMedia
import KiwiWire
import Logging
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

/// Books' covers: fetched once from a stub Open Library's covers service over HTTP, whoever asks
/// and through whichever server; kept and served as photos are; and, while there is none, the
/// generated one, whatever the covers service does.
@Suite struct KiwiCoverTests {
    static let tempest = KiwiBookPageTests.tempest
    static let folger = KiwiBookPageTests.folger

    static func covers(_ server: URL, timeout: Duration = .seconds(10), maxBytes: Int = 5 * 1024 * 1024) -> CoverSource {
        CoverSource(baseURL: server, web: testWebClient(), timeout: timeout, maxBytes: maxBytes)
    }

    /// A URL an answer names, as the test client asks for it (its path and query).
    static func local(_ address: String) throws -> String {
        let parts = try #require(URLComponents(string: address))
        return parts.percentEncodedPath + (parts.percentEncodedQuery.map { "?\($0)" } ?? "")
    }

    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func aCoverIsFetchedOnceHoweverManyReadersAndServersAsk() async throws {
        let library = try await OpenLibraryStub.start()
        // Slow enough that every reader asks while the one fetch is under way.
        library.route(
            OpenLibraryStub.coverPath(Self.tempest),
            .respond(status: 200, body: try OpenLibraryStub.cover, headers: ["Content-Type": "image/jpeg"], delay: .milliseconds(500))
        )
        try await withTwoServers(books: KiwiBookTests.books(library.baseURL), covers: Self.covers(library.baseURL)) { a, b in
            try await withThrowingTaskGroup(of: KiwiWire.BookSummary?.self) { group in
                for reader in 0..<50 {
                    let server = reader.isMultiple(of: 2) ? a : b
                    group.addTask { try await server.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.tempest)").1 }
                }
                for try await answer in group {
                    #expect(answer?.title == "The Tempest" && answer?.coverColor?.hasPrefix("#") == true, "every reader has the book at once")
                }
            }
            for server in [a, b] {
                var summary: KiwiWire.BookSummary?
                #expect(
                    try await eventually(within: .seconds(20)) {
                        summary = try await server.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.tempest)").1
                        return summary?.cover != nil
                    },
                    "both servers name the kept cover"
                )
                let cover = try #require(summary?.cover)
                #expect(Set(cover.keys) == Set(KiwiPhotoSize.allCases.map(\.rawValue)))
                // Public and unsigned, at the server's own media URLs; each server makes its own versions.
                let small = try #require(cover[KiwiPhotoSize.w320.rawValue])
                #expect(small.contains("/media/cover-\(Self.tempest).jpg/320.jpg") && !small.contains("signature="))
                #expect(summary?.coverURL == small, "once fetched, the cover's one address is its 320 px version")
                try await server.execute(uri: try Self.local(small), method: .get) { response in
                    #expect(response.status == .ok && response.headers[.contentType] == "image/jpeg")
                    #expect(response.headers[.cacheControl]?.hasPrefix("public") == true)
                    let bytes = Data(buffer: response.body)
                    #expect(PhotoProcessor.isBareJPEG(bytes), "processed as a photo is: nothing but the image")
                    let size = ImageSize.declared(in: bytes)
                    #expect(
                        size.map { $0.width == 320 && (483...484).contains($0.height) } == true,
                        "320 wide, in its shape: \(String(describing: size))"
                    )
                }
                try await server.execute(uri: try Self.local(small).replacingOccurrences(of: "/320.jpg", with: "/320.webp"), method: .get) {
                    response in
                    #expect(response.status == .ok && response.headers[.contentType].map { ["image/webp", "image/jpeg"].contains($0) } == true)
                }
            }
            #expect(library.requestCount(OpenLibraryStub.coverPath(Self.tempest)) == 1, "one fetch for 50 readers on 2 servers")
            #expect(library.requests.first { $0.path == OpenLibraryStub.coverPath(Self.tempest) }?.query["default"] == "false")
        }
        await library.stop()
    }

    @Test(arguments: StoreKind.available) func aBookWithoutACoverShowsTheGeneratedOne(kind: StoreKind) async throws {
        let library = try await OpenLibraryStub.start()
        try await withKiwi(kind, books: KiwiBookTests.books(library.baseURL), covers: Self.covers(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                // Open Library has no cover of this edition (404): the post is made all the same.
                let (status, _) = try await client.upload(TestImages.png, caption: "Folger's notes", book: Self.folger, token: ada)
                #expect(status == .created)
                #expect(
                    try await eventually(within: .seconds(15)) { library.requestCount(OpenLibraryStub.coverPath(Self.folger)) == 1 },
                    "the post asked for its book's cover"
                )
                let summary = try #require(try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.folger)").1)
                #expect(summary.cover == nil && summary.reflections == 1)
                #expect(summary.coverColor == BookCover.colour(isbn13: Self.folger).hex)
                #expect(summary.coverColor == "#7a2e5b", "the same colour for the book on every server and every run")
                // Its cover's one address is the generated one's, which answers.
                let generated = try #require(summary.coverURL)
                #expect(generated.hasSuffix("/books/\(Self.folger)/cover.svg"), "\(generated)")
                let (_, shelves) = try await client.wire(KiwiWire.Shelves.self, .get, "/users/ada/shelves")
                #expect(shelves?.reading.first?.coverURL == generated, "her shelf names the same")
                try await client.execute(uri: String(generated.trimmingPrefix(/https?:\/\/[^\/]+/)), method: .get) { response in
                    #expect(response.status == .ok && response.headers[.contentType] == "image/svg+xml")
                    let svg = String(buffer: response.body)
                    #expect(svg.contains("fill=\"\(BookCover.colour(isbn13: Self.folger).hex)\""))
                    #expect(svg.contains(">The Tempest</tspan>") && svg.contains("(Folger"), "the title, in lines")
                    #expect(svg.contains(">William Shakespeare</tspan>"), "and its first author")
                }
                let page = try await client.page("/books/\(Self.folger)")
                #expect(page.status == .ok && page.html.contains("src=\"/books/\(Self.folger)/cover.svg\""))
                // Asked again at once: the wait after a 404 holds (a week), so nobody asks again.
                _ = try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.folger)")
                #expect(library.requestCount(OpenLibraryStub.coverPath(Self.folger)) == 1)
                #expect(try await client.json(.get, "/books/9999999999999/cover.svg").0 == .notFound)
            }
        }
        await library.stop()
    }

    @Test func aPostDoesNotWaitForItsBooksCover() async throws {
        let library = try await OpenLibraryStub.start()
        library.route(
            OpenLibraryStub.coverPath(Self.tempest),
            .respond(status: 200, body: try OpenLibraryStub.cover, headers: ["Content-Type": "image/jpeg"], delay: .seconds(5))
        )
        try await withKiwi(.sqlite, books: KiwiBookTests.books(library.baseURL), covers: Self.covers(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                #expect(try await client.upload(TestImages.png, caption: "act one", book: Self.tempest, token: ada).0 == .created)
                // Answered while the cover was still on its way.
                #expect(try await kiwi.database.cover(Self.tempest)?.image == nil)
                #expect(try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.tempest)").1?.cover == nil)
                #expect(
                    try await eventually(within: .seconds(20)) {
                        try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.tempest)").1?.cover != nil
                    },
                    "then the cover is kept"
                )
                let popular = try #require(try await client.wire([KiwiWire.BookSummary].self, .get, "/books/popular").1)
                #expect(popular.first?.cover?[KiwiPhotoSize.w96.rawValue]?.contains("/media/cover-\(Self.tempest).jpg/96.jpg") == true)
            }
        }
        await library.stop()
    }

    /// What the covers service may do instead of sending a cover.
    enum Trouble: String, CaseIterable, CustomTestStringConvertible {
        case slow, oversized, notAnImage, placeholder, serverError, refused
        var testDescription: String { rawValue }
    }

    @Test(arguments: Trouble.allCases) func aCoverThatCannotBeHadWaitsAndIsTriedAgainLater(trouble: Trouble) async throws {
        let library = try await OpenLibraryStub.start()
        let isbn13 = Self.tempest
        let path = OpenLibraryStub.coverPath(isbn13)
        let jpeg: [String: String] = ["Content-Type": "image/jpeg"]
        switch trouble {
        case .slow: library.route(path, .respond(status: 200, body: try OpenLibraryStub.cover, headers: jpeg, delay: .seconds(120)))
        case .oversized:
            library.route(path, .respond(status: 200, body: Data(count: 200_000) + (try OpenLibraryStub.cover), headers: jpeg, delay: .zero))
        case .notAnImage: library.route(path, .text("<html>Service Unavailable</html>", headers: ["Content-Type": "text/html"]))
        // What Open Library sends for a book it has no cover of, unless told `default=false`.
        case .placeholder: library.route(path, .respond(status: 200, body: TestImages.gif1x1, headers: ["Content-Type": "image/gif"], delay: .zero))
        case .serverError: library.route(path, .status(503))
        case .refused: break
        }
        let base = trouble == .refused ? URL(string: "http://127.0.0.1:9")! : library.baseURL
        let store = MemoryKiwiDatabase()
        let covers = Covers(
            // The slow cover is given up after a second (whether or not a loaded machine has sent
            // the request by then); the others have all the time such a machine may need.
            source: Self.covers(base, timeout: trouble == .slow ? .seconds(1) : .seconds(60), maxBytes: 100_000),
            store: store,
            photos: PhotoIntake(
                uploads: nil,
                media: MediaFolder.scratch(),
                processor: PhotoProcessor(),
                maxBytes: 10_000_000,
                measures: false,
                logger: Logger(label: "kiwi-cover-test") { _ in SwiftLogNoOpLogHandler() }
            ),
            changes: store.changes
        )
        let start = Date()
        await covers.fetch(isbn13, now: start)
        let first = try #require(try await store.cover(isbn13))
        #expect(first.image == nil && covers.source != nil)
        #expect(await covers.image(of: isbn13, now: start) == nil, "the generated cover stands in")
        if trouble == .placeholder {
            #expect(first.failures == 0 && first.due.timeIntervalSince(start) > 6 * 86_400, "no cover: asked again in a week")
        } else {
            #expect(first.failures == 1 && abs(first.due.timeIntervalSince(start) - Covers.firstWait) < 5, "a minute's wait, \(first)")
        }
        // Not again before its time; then again, waiting twice as long after another failure.
        let asked = library.requestCount(path)
        await covers.fetch(isbn13, now: start.addingTimeInterval(1))
        #expect(library.requestCount(path) == asked)
        guard trouble != .placeholder else { return await library.stop() }
        await covers.fetch(isbn13, now: first.due.addingTimeInterval(1))
        let second = try #require(try await store.cover(isbn13))
        #expect(second.failures == 2 && second.image == nil)
        #expect(second.due.timeIntervalSince(first.due) > Covers.firstWait * 2 - 5, "the wait doubles")
        if trouble != .refused && trouble != .slow {
            #expect(try await eventually(within: .seconds(10)) { library.requestCount(path) == asked + 1 }, "asked once more")
        }
        await library.stop()
    }
}
