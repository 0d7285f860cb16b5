import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import TestSupport
import Testing

@testable import KiwiServer

/// A reading's review and its spoiler warning on every store: kept with the reading, changed and
/// taken away, not carried to a book read again; on the book's answer and page for those who may
/// read them, behind the warning.
@Suite struct KiwiReviewTests {
    static let janeEyre = "9780141441146"
    static let named = #""book":{"title":"Jane Eyre","authors":["Charlotte Brontë"]}"#
    static let review = "Reader, I married him.\n\nThe fire at Thornfield."

    func put(_ client: some TestClientProtocol, _ body: String, token: String) async throws -> (HTTPResponse.Status, KiwiWire.ShelfEntry?) {
        try await KiwiShelfTests.put(client, Self.janeEyre, body, token: token)
    }

    func reviews(_ client: some TestClientProtocol, token: String?) async throws -> [String]? {
        try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.janeEyre)", token: token).1?.reviews?.map(\.reader)
    }

    @Test(arguments: StoreKind.available)
    func aReviewStaysWithItsReadingBehindItsWarning(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let body =
                    #"{"shelf":"read","finished":"2024-03-15","review":" \#(Self.review.replacingOccurrences(of: "\n", with: "\\n")) ","spoiler":"  the ending ",\#(Self.named)}"#
                let (status, entry) = try await put(client, body, token: ada)
                #expect(status == .ok && entry?.review == Self.review && entry?.spoiler == "the ending", "trimmed as kept")
                let shelves = try await KiwiShelfTests.shelves(client, "ada")
                #expect(shelves.read.first?.review == Self.review && shelves.read.first?.spoiler == "the ending")
                let (_, book) = try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.janeEyre)")
                #expect(book?.reviews?.map(\.review) == [Self.review] && book?.reviews?.first?.spoiler == "the ending")

                // The page shows the warning, the review closed behind it.
                let page = try await client.page("/books/\(Self.janeEyre)")
                let warned = try #require(page.html.range(of: #"<details class="spoiler"><summary><span class="warning">Spoiler</span> the ending"#))
                let text = try #require(page.html.range(of: "Reader, I married him."))
                #expect(warned.upperBound < text.lowerBound && page.html[warned.upperBound..<text.lowerBound].contains("</summary>"))

                // A change without a review keeps it; a warning alone changes the warning; an empty review takes both away.
                #expect(try await put(client, #"{"shelf":"read","rating":5}"#, token: ada).1?.review == Self.review)
                let plain = try await put(client, #"{"shelf":"read","spoiler":""}"#, token: ada).1
                #expect(plain?.review == Self.review && plain?.spoiler == nil)
                #expect(!(try await client.page("/books/\(Self.janeEyre)").html.contains(#"<details class="spoiler">"#)))
                let gone = try await put(client, #"{"shelf":"read","review":"","spoiler":"the ending"}"#, token: ada).1
                #expect(gone?.review == nil && gone?.spoiler == nil)
                #expect(try await reviews(client, token: nil) == [], "the book's answer moves at once")

                // A book read again is a new reading, without the last one's review.
                _ = try await put(client, #"{"shelf":"read","review":"First time."}"#, token: ada)
                let again = try await put(client, #"{"shelf":"reading","started":"2026-01-02"}"#, token: ada).1
                #expect(again?.review == nil)
                #expect(try await KiwiShelfTests.shelves(client, "ada").read.first?.review == "First time.")

                let before = try await KiwiShelfTests.shelves(client, "ada")
                for (body, why) in [
                    (#"{"shelf":"reading","review":"\#(String(repeating: "x", count: 20_001))"}"#, "review must be at most 20000 characters"),
                    (
                        #"{"shelf":"reading","review":"ok","spoiler":"\#(String(repeating: "y", count: 201))"}"#,
                        "spoiler must be at most 200 characters"
                    ),
                ] {
                    let (status, _, _) = try await client.json(.put, "/users/me/books/\(Self.janeEyre)", body, token: ada)
                    #expect(status == .badRequest, "\(why)")
                }
                #expect(try await KiwiShelfTests.shelves(client, "ada") == before, "nothing refused changed anything")
            }
        }
    }

    /// Nobody reads a review a block stands between, one they mute, or a silenced member's.
    @Test(arguments: StoreKind.available)
    func aBookShowsTheReviewsItsViewerMayRead(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, bob, cat, mod) = (
                    try await client.member("ada"), try await client.member("bob"), try await client.member("cat"), try await client.member("mod")
                )
                #expect(try await kiwi.database.setRole(.moderator, of: "mod"))
                _ = try await put(client, #"{"shelf":"read","review":"Ada wrote this.",\#(Self.named)}"#, token: ada)
                _ = try await put(client, #"{"shelf":"read","review":"Bob wrote this.",\#(Self.named)}"#, token: bob)
                #expect(try await reviews(client, token: nil) == ["bob", "ada"], "the latest first")

                #expect(try await client.json(.post, "/users/bob/block", token: ada).0 == .ok)
                #expect(try await reviews(client, token: ada) == ["ada"])
                #expect(try await reviews(client, token: bob) == ["bob"], "a block works both ways")
                #expect(try await client.json(.post, "/users/ada/mute", token: cat).0 == .ok)
                #expect(try await reviews(client, token: cat) == ["bob"])
                #expect(!(try await client.page("/books/\(Self.janeEyre)", session: cat).html.contains("Ada wrote this.")))

                let report = try #require(
                    try await client.wire(KiwiWire.Report.self, .post, "/users/bob/report", #"{"category":"spam"}"#, token: cat).1
                )
                let (acted, _, _) = try await client.json(
                    .post,
                    "/reports/\(report.id)/actions",
                    #"{"action":"silence","reason":"spam"}"#,
                    token: mod
                )
                #expect(acted == .ok)
                #expect(try await reviews(client, token: nil) == ["ada"], "a silenced member's review leaves the book")
            }
        }
    }
}
