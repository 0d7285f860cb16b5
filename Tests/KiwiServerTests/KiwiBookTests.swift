import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

/// `GET /books/search` from a real search (a stub Open Library over HTTP), and a post's book.
@Suite struct KiwiBookTests {
    static func books(_ server: URL) -> BookSearch { BookSearch(baseURL: server, web: testWebClient()) }

    @Test func theSearchAnswersInTheOriginalsShapeUnderBothPaths() async throws {
        let library = try await OpenLibraryStub.start()
        try await withKiwi(.memory, books: Self.books(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (status, books) = try await client.wire([KiwiWire.Book].self, .get, "/books/search?q=the%20tempest")
                #expect(status == .ok)
                #expect(
                    books?.first == KiwiWire.Book(id: "OL362427W", title: "The Tempest", authors: ["William Shakespeare"], isbn13: "9780141439600")
                )
                #expect(books?.last?.authors == nil && books?.last?.isbn13 == nil, "missing values are null")
                #expect(try await client.wire([KiwiWire.Book].self, .get, "/api/books/search?q=the%20tempest").1 == books)
                #expect(try await client.wire([KiwiWire.Book].self, .get, "/books/search?q=").1 == [], "an empty query asks nobody")
                #expect(library.requestCount("/search.json") == 1, "the second search came from the cache")
            }
        }
        await library.stop()
    }

    @Test func anUnreachableSearchIs502() async throws {
        try await withKiwi(.memory, books: Self.books(URL(string: "http://127.0.0.1:9")!)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (status, failure) = try await client.wire(KiwiWire.Failure.self, .get, "/books/search?q=anything")
                #expect(status == .badGateway && failure?.error == "bad_gateway" && failure?.statusCode == 502)
            }
        }
    }

    @Test(arguments: StoreKind.available) func aPostNamesItsBookAndABadISBNStoresNothing(kind: StoreKind) async throws {
        let library = try await OpenLibraryStub.start()
        try await withKiwi(kind, books: Self.books(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                func post(book: String) async throws -> (HTTPResponse.Status, [String: Any]?) {
                    let (body, contentType) = TestImages.multipart(TestImages.png, caption: "with a book", fields: ["book": book])
                    return try await client.execute(
                        uri: "/posts",
                        method: .post,
                        headers: [.contentType: contentType, .authorization: "Bearer \(ada)"],
                        body: ByteBuffer(bytes: body)
                    ) { ($0.status, try? JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any]) }
                }
                let (status, created) = try await post(book: "9780141439600")
                #expect(status == .created)
                let id = try #require(created?["id"] as? String)
                let stored = try #require(try await client.wire(KiwiWire.Post.self, .get, "/posts/\(id)").1)
                #expect(stored.book == KiwiWire.Book(title: "The Tempest", authors: ["William Shakespeare"], isbn13: "9780141439600"))
                #expect(try await post(book: "12345").0 == .badRequest)
                #expect(try await post(book: "9999999999999").0 == .badRequest, "no such book")
                #expect(kiwi.uploadedFiles.count == 1, "a refused post stores no image")
                #expect(try await client.wire([KiwiWire.Post].self, .get, "/posts").1?.count == 1)
            }
        }
        await library.stop()
    }
}
