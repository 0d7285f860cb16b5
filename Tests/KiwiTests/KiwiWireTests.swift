import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import Logging
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

@Suite struct KiwiWireTests {
    static let author = KiwiUser(username: "ada", fullName: "Ada Lovelace", email: nil, avatar: nil, createdAt: Date())
    static let links = Links(base: "http://kiwi.test")

    /// What the server sends is the wire type's Codable form: it reads back as the same
    /// value, every key there (a missing value as null), URLs with their slashes as they are.
    func roundTrips<Value: Codable & Equatable>(_ value: Value, keys: Set<String>) throws {
        let body = try KiwiJSON.body(value)
        let text = String(buffer: body)
        #expect(try JSONDecoder().decode(Value.self, from: Data(text.utf8)) == value)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == keys, "\(text)")
        #expect(!text.contains("\\/"), "\(text)")
    }

    @Test func theServerWritesTheWireTypesWithEveryKey() throws {
        let postKeys: Set = ["id", "author", "imageURL", "caption", "likes", "createdAt", "commentCount", "likedByMe", "book"]
        let post = KiwiPost(id: 7, owner: Self.author, image: "a.png", caption: nil, createdAt: Date(), likes: 2, commentCount: 1, likedByMe: true)
        try roundTrips(KiwiWire.Post(post, links: Self.links), keys: postKeys)
        var anonymous = post
        anonymous.likedByMe = nil
        anonymous.caption = "The \"storm\" chapter\u{7} 📚"
        try roundTrips(KiwiWire.Post(anonymous, links: Self.links), keys: postKeys.subtracting(["likedByMe"]))
        var withBook = post
        withBook.book = KiwiBook(title: "The \"Tempest\"", authors: ["William Shakespeare"], isbn13: "9780141439600")
        try roundTrips(KiwiWire.Post(withBook, links: Self.links), keys: postKeys)
        try roundTrips(KiwiWire.Book(id: "OL1W", title: "Notes", authors: nil, isbn13: nil), keys: ["id", "title", "authors", "isbn13"])
        try roundTrips(KiwiWire.User(Self.author, links: Self.links), keys: ["id", "username", "displayName", "avatarURL"])
        let comment = KiwiComment(id: 3, owner: Self.author, postID: 7, text: "line\nbreak", createdAt: Date())
        try roundTrips(KiwiWire.Comment(comment, links: Self.links), keys: ["id", "author", "text", "createdAt"])
        try roundTrips(KiwiWire.Session(token: "t", user: KiwiWire.User(Self.author, links: Self.links)), keys: ["token", "user"])
        try roundTrips(KiwiWire.Status(), keys: ["status"])
        try roundTrips(KiwiWire.Likes(likes: 4), keys: ["likes"])
        try roundTrips(KiwiWire.Failure(message: "no such post", statusCode: 404, error: "post_not_found"), keys: ["message", "status_code", "error"])
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
