import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import Logging
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

@Suite struct KiwiJSONEncoderTests {
    struct Odd: Encodable {
        var text = "\"quote\" slash \\ line\nbell \u{7} tab\t return\r unit \u{1f} emoji 📚\n"
        @Nullable var none: String?
        var count = -3
        var flag = false
        var list = [1, 2]
        var names = ["a", "b\"c"]
        var nested = [[String: Int]()]
        var infinite = Double.infinity
        var half = 0.5
        var versions: KiwiPhotoVersions = ["full": "f", "96": "s", "later": "l", "1280": "w", "an": "a"]
    }

    @Test func escapesNullsAndNestingAreValidJSON() throws {
        let text = String(buffer: KiwiJSONEncoder.encode(Odd()))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(decoded["text"] as? String == Odd().text)
        #expect(decoded["none"] is NSNull)
        #expect(decoded["count"] as? Int == -3)
        #expect(decoded["flag"] as? Bool == false)
        #expect(decoded["list"] as? [Int] == [1, 2])
        #expect(decoded["names"] as? [String] == ["a", "b\"c"])
        #expect(decoded["nested"] as? [[String: Int]] == [[:]])
        #expect(decoded["infinite"] is NSNull, "a number JSON cannot hold is null, as JavaScript writes it")
        #expect(decoded["half"] as? Double == 0.5)
        #expect(text.hasPrefix(#"{"text":"#), "members in the order declared")
        #expect(text.hasSuffix(#""versions":{"96":"s","1280":"w","full":"f","an":"a","later":"l"}}"#), "sizes smallest first, then others by name")
        #expect(String(buffer: KiwiJSONEncoder.encode([KiwiWire.Status]())) == "[]")
        #expect(String(buffer: KiwiJSONEncoder.encode(KiwiWire.ReadingProgress())) == "{}")
    }
}

@Suite struct KiwiWireTests {
    static let author = KiwiUser(username: "ada", fullName: "Ada Lovelace", email: nil, avatar: nil, createdAt: Date())
    static let links = Links(base: "http://kiwi.test")

    /// The server's encoder writes what Foundation's writes from the same declaration, and the
    /// client reads it back.
    func agrees<Value: Codable & Equatable>(_ value: Value) throws {
        let text = String(buffer: KiwiJSONEncoder.encode(value))
        #expect(try JSONDecoder().decode(Value.self, from: Data(text.utf8)) == value)
        let written = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSDictionary
        #expect(written == encoded, "the same keys, nulls included")
    }

    @Test func theServersEncoderWritesWhatFoundationWrites() throws {
        let post = KiwiPost(id: 7, owner: Self.author, image: "a.png", caption: nil, createdAt: Date(), likes: 2, commentCount: 1, likedByMe: true)
        try agrees(KiwiWire.Post(post, links: Self.links))
        var anonymous = post
        anonymous.likedByMe = nil
        anonymous.caption = "The \"storm\" chapter"
        try agrees(KiwiWire.Post(anonymous, links: Self.links))
        var withBook = post
        withBook.book = KiwiBook(title: "The \"Tempest\"", authors: ["William Shakespeare"], isbn13: "9780141439600")
        try agrees(KiwiWire.Post(withBook, links: Self.links))
        try agrees(KiwiWire.Book(id: "OL1W", title: "Notes", authors: nil, isbn13: nil))
        try agrees(KiwiWire.User(Self.author, links: Self.links))
        try agrees(KiwiWire.Comment(KiwiComment(id: 3, owner: Self.author, postID: 7, text: "line\nbreak", createdAt: Date()), links: Self.links))
        try agrees(KiwiWire.Session(token: "t", user: KiwiWire.User(Self.author, links: Self.links)))
        try agrees(KiwiWire.Status())
        try agrees(KiwiWire.Likes(likes: 4))
        try agrees(KiwiWire.Failure(message: "no such post", statusCode: 404, error: "post_not_found"))
        let tempest = KiwiBookStanding(
            book: KiwiBook(title: "The \"Tempest\"", authors: ["William Shakespeare"], isbn13: "9780141439600"),
            reflections: 3,
            readers: 2,
            recentReaders: [Self.author]
        )
        try agrees(KiwiWire.BookSummary(tempest, cover: "cover-9780141439600.jpg", links: Self.links, withReaders: true))
        try agrees(KiwiWire.BookSummary(tempest, cover: nil, links: Self.links, withReaders: false))
        var unknown = tempest
        unknown.book.authors = []
        try agrees(KiwiWire.BookSummary(unknown, cover: nil, links: Self.links, withReaders: false))
        let counts = KiwiWire.ShelfCounts(want: 1, reading: 2, read: 3)
        try agrees(KiwiWire.BookSummary(tempest, cover: nil, links: Self.links, withReaders: true, shelves: counts))
        let reading = KiwiReading(
            id: 9,
            reader: "ada",
            book: tempest.book,
            shelf: .reading,
            progress: KiwiWire.ReadingProgress(page: 120, pages: 350),
            started: "2026-01-02",
            updatedAt: Date()
        )
        var read = reading
        (read.id, read.shelf, read.progress, read.finished, read.rating) = (10, .read, KiwiWire.ReadingProgress(percent: 100), "2026-02-03", 5)
        let wanted = KiwiReading(reader: "ada", book: unknown.book, shelf: .want, updatedAt: Date())
        try agrees(KiwiWire.ShelfEntry(reading, cover: "cover-9780141439600.jpg", links: Self.links))
        try agrees(KiwiWire.Shelves([reading, read, wanted], covers: [:], links: Self.links))
        try agrees(KiwiWire.Shelves([], covers: [:], links: Self.links))
    }

    /// A logged-in reader's page spliced from each post's two encodings is byte for byte the page
    /// encoded for them: liked posts, unliked ones, an empty page.
    @Test func aSplicedPageIsThePageEncodedForItsReader() {
        let posts = (1...4).map { id in
            KiwiPost(
                id: Int64(id),
                owner: Self.author,
                image: "\(id).png",
                caption: id == 2 ? "a \"quoted\" line" : nil,
                createdAt: Date(),
                likes: id,
                commentCount: 0,
                likedByMe: nil
            )
        }
        let encoded = EncodedPosts(posts, links: Self.links)
        for liked: Set<Int64> in [[], [2], [1, 3, 4], [1, 2, 3, 4], [99]] {
            let seen = posts.map { post in
                var post = post
                post.likedByMe = liked.contains(post.id)
                return post
            }
            #expect(encoded.page(liked: liked) == KiwiJSON.body(seen.map { KiwiWire.Post($0, links: Self.links) }), "liked \(liked.sorted())")
        }
        #expect(EncodedPosts([], links: Self.links).page(liked: [1]) == KiwiJSON.body([KiwiWire.Post]()))
    }

    @Test func aBaseContractServersPostDecodesWithNumericIdsAndNoExtensions() throws {
        let json = #"{"id": 12, "author": {"id": "ada"}, "imageURL": "http://x/uploads/a.png", "likes": 3}"#
        let post = try JSONDecoder().decode(KiwiWire.Post.self, from: Data(json.utf8))
        #expect(post.id == "12")
        #expect(post.author.username == "ada", "the username falls back to the id")
        #expect(post.createdAt == nil && post.commentCount == nil && post.caption == nil)
        let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(post)) as? [String: Any])
        #expect(encoded["caption"] is NSNull && encoded["createdAt"] is NSNull, "missing values are written as null")
    }
}

/// Pages kept for readers who are not logged in are never older than the last write:
/// whoever wrote reads the change at once, while other readers load the same pages.
