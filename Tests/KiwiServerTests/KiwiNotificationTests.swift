import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import Logging
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

/// Notifications, on every store: who hears of what, what takes it back, reading them.
@Suite struct KiwiNotificationTests {
    /// The reader's notifications as the client reads them.
    static func notifications(_ client: some TestClientProtocol, _ token: String, _ query: String = "") async throws -> [KiwiWire.Notification] {
        let (status, list) = try await client.wire([KiwiWire.Notification].self, .get, "/notifications\(query)", token: token)
        #expect(status == .ok)
        return list ?? []
    }

    static func unread(_ client: some TestClientProtocol, _ token: String) async throws -> Int? {
        try await client.wire(KiwiWire.Unread.self, .get, "/notifications/unread", token: token).1?.count
    }

    static func comment(_ client: some TestClientProtocol, on post: String, _ text: String, token: String) async throws {
        let (status, _) = try await client.form("operation=create&postid=\(post)&text=\(text)", token: token)
        #expect(status == .ok)
    }

    @Test(arguments: StoreKind.available) func aLikeACommentAndAFollowTellTheAuthorButNobodyHearsOfTheirOwn(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                let post = try await client.post("The storm chapter", by: ada)
                // Ada's own doings tell nobody.
                _ = try await client.json(.post, "/posts/\(post)/like", token: ada)
                try await Self.comment(client, on: post, "mine", token: ada)
                #expect(try await Self.notifications(client, ada).isEmpty)

                _ = try await client.json(.post, "/posts/\(post)/like", token: bob)
                _ = try await client.json(.post, "/posts/\(post)/like", token: bob)
                try await Self.comment(client, on: post, "Lovely", token: bob)
                _ = try await client.json(.post, "/users/ada/follow", token: bob)
                _ = try await client.json(.post, "/users/ada/follow", token: bob)
                let heard = try await Self.notifications(client, ada)
                #expect(heard.map(\.kind) == ["follow", "comment", "like"], "newest first, liking or following twice tells once")
                #expect(heard.allSatisfy { $0.actor.username == "bob" && !$0.read })
                #expect(
                    heard[2].post?.id == post && heard[2].post?.caption == "The storm chapter"
                        && heard[2].post?.imageURL.contains("/uploads/") == true
                )
                #expect(heard[1].comment == "Lovely" && heard[1].post?.id == post)
                #expect(heard[0].post == nil && heard[0].comment == nil)
                #expect(try await Self.unread(client, ada) == 3)
                #expect(try await Self.notifications(client, bob).isEmpty, "bob did it all: he hears of none")
                #expect(try await client.json(.get, "/notifications").0 == .forbidden, "not logged in")
                #expect(try await client.json(.get, "/notifications/unread").0 == .forbidden)
            }
        }
    }

    @Test(arguments: StoreKind.available) func anUnlikeADeletedCommentAnUnfollowAndADeletedPostTakeTheirsBack(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                let first = try await client.post("one", by: ada)
                let second = try await client.post("two", by: ada)
                for post in [first, second] {
                    _ = try await client.json(.post, "/posts/\(post)/like", token: bob)
                    try await Self.comment(client, on: post, "Lovely", token: bob)
                }
                _ = try await client.json(.post, "/users/ada/follow", token: bob)
                #expect(try await Self.notifications(client, ada).count == 5)

                _ = try await client.json(.delete, "/posts/\(first)/like", token: bob)
                let comment = try #require(try await kiwi.database.comments(on: Int64(first) ?? 0, window: .everything).first?.id)
                #expect(try await client.form("operation=delete&commentid=\(comment)", token: bob).0 == .ok)
                _ = try await client.json(.delete, "/users/ada/follow", token: bob)
                let left = try await Self.notifications(client, ada)
                #expect(left.map(\.kind).sorted() == ["comment", "like"] && left.allSatisfy { $0.post?.id == second }, "\(left)")

                _ = try await client.json(.delete, "/posts/\(second)", token: ada)
                #expect(try await Self.notifications(client, ada).isEmpty, "the deleted post's went with it")
                #expect(try await Self.unread(client, ada) == 0)
            }
        }
    }

    @Test(arguments: StoreKind.available) func theyPageLikePostsAndAreMarkedReadAllOrUpToOne(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                var posts: [String] = []
                for index in 0..<5 {
                    let post = try await client.post("post \(index)", by: ada)
                    _ = try await client.json(.post, "/posts/\(post)/like", token: bob)
                    posts.append(post)
                }
                let all = try await Self.notifications(client, ada, "?pageSize=100")
                #expect(all.map { $0.post?.id } == posts.reversed().map(Optional.some), "newest first")
                let pages =
                    try await Self.notifications(client, ada, "?page=0&pageSize=2") + Self.notifications(client, ada, "?page=1&pageSize=2")
                    + Self.notifications(client, ada, "?page=2&pageSize=2")
                #expect(pages.map(\.id) == all.map(\.id), "pages never repeat or skip one")
                #expect(try await client.json(.get, "/notifications?pageSize=0", token: ada).0 == .badRequest)
                #expect(try await client.json(.get, "/notifications?unread=maybe", token: ada).0 == .badRequest)

                // Up to the third newest: it and the two older are read.
                let (status, left) = try await client.wire(
                    KiwiWire.Unread.self,
                    .post,
                    "/notifications/read",
                    #"{"upTo":"\#(all[2].id)"}"#,
                    token: ada
                )
                #expect(status == .ok && left?.count == 2)
                #expect(try await Self.notifications(client, ada, "?unread=true").map(\.id) == Array(all.prefix(2)).map(\.id))
                #expect(try await Self.notifications(client, ada).filter(\.read).map(\.id) == Array(all.suffix(3)).map(\.id))
                #expect(try await client.json(.post, "/notifications/read", #"{"upTo":"twelve"}"#, token: ada).0 == .badRequest)
                #expect(try await client.json(.post, "/notifications/read", "[", token: ada).0 == .badRequest)
                #expect(try await client.json(.post, "/notifications/read").0 == .forbidden)
                let everything = try await client.execute(uri: "/notifications/read", method: .post, headers: [.authorization: "Bearer \(ada)"]) {
                    try JSONDecoder().decode(KiwiWire.Unread.self, from: Data(buffer: $0.body))
                }
                #expect(everything.count == 0, "no body: all of them")
                #expect(try await Self.unread(client, ada) == 0)
            }
        }
    }
}
