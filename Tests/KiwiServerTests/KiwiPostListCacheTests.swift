import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import Logging
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

@Suite struct KiwiPostListCacheTests {
    @Test(arguments: StoreKind.available) func everyWriteIsSeenByTheNextReadUnderLoad(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                func page() async throws -> [[String: Any]] {
                    try #require(try await client.json(.get, "/posts?page=0&pageSize=20").1 as? [[String: Any]])
                }
                func first() async throws -> [String: Any] { try #require(try await page().first) }
                try await withThrowingTaskGroup(of: Void.self) { load in
                    // Readers who keep the page cache busy the whole time.
                    for _ in 0..<4 {
                        load.addTask {
                            while !Task.isCancelled { _ = try await client.json(.get, "/posts?page=0&pageSize=20") }
                        }
                    }
                    defer { load.cancelAll() }
                    #expect(try await page().isEmpty)
                    let (_, posted) = try await client.upload(TestImages.png, caption: "one", token: ada)
                    let id = try #require(posted?["id"] as? String)
                    #expect(try await first()["id"] as? String == id, "a new post")
                    _ = try await client.json(.post, "/posts/\(id)/like", token: bob)
                    #expect(try await first()["likes"] as? Int == 1, "a like")
                    _ = try await client.json(.delete, "/posts/\(id)/like", token: bob)
                    #expect(try await first()["likes"] as? Int == 0, "an unlike")
                    let form = "operation=create&postid=\(id)&text=Lovely"
                    _ = try await client.execute(
                        uri: "/comments",
                        method: .post,
                        headers: [.contentType: "application/x-www-form-urlencoded", .authorization: "Bearer \(bob)"],
                        body: ByteBuffer(string: form)
                    ) { _ in }
                    #expect(try await first()["commentCount"] as? Int == 1, "a comment")
                    _ = try await client.json(.put, "/users/ada", #"{"fullname":"Ada Lovelace"}"#, token: ada)
                    let author = try await first()["author"] as? [String: Any]
                    #expect(author?["displayName"] as? String == "Ada Lovelace", "a profile change")
                    #expect(try await client.json(.post, "/users/ada/follow", token: bob).0 == .ok)
                    let feed = try await client.json(.get, "/feed", token: bob).1 as? [[String: Any]]
                    #expect(feed?.first?["id"] as? String == id, "a follow")
                    let (_, second) = try await client.upload(TestImages.jpeg, caption: "two", token: bob)
                    #expect(try await first()["id"] as? String == second?["id"] as? String)
                    #expect(try await client.json(.get, "/users/ada/posts").1.map { ($0 as? [[String: Any]])?.count } == 1)
                    _ = try await client.json(.delete, "/posts/\(id)", token: ada)
                    #expect(try await page().map { $0["id"] as? String } == [second?["id"] as? String], "a delete")
                    #expect(try await client.json(.get, "/users/ada/posts").1.map { ($0 as? [[String: Any]])?.count } == 0)
                }
            }
        }
    }
}

extension KiwiPostListCacheTests {
    /// A logged-in reader's likes are kept with the page they read: every like and unlike, theirs
    /// or another's, on either list, is seen by their next read.
    @Test(arguments: StoreKind.available) func aReadersLikesKeptWithAPageFollowEveryLike(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                let first = try await client.post("one", by: ada)
                let second = try await client.post("two", by: ada)
                func liked(_ list: String) async throws -> [String: Bool] {
                    let page = try await client.wire([KiwiWire.Post].self, .get, list, token: bob).1 ?? []
                    return Dictionary(uniqueKeysWithValues: page.map { ($0.id, $0.likedByMe ?? false) })
                }
                for list in ["/posts?page=0&pageSize=20", "/users/ada/posts"] {
                    #expect(try await liked(list) == [first: false, second: false], "\(list)")
                    _ = try await client.json(.post, "/posts/\(first)/like", token: bob)
                    #expect(try await liked(list) == [first: true, second: false], "\(list): bob's like")
                    _ = try await client.json(.post, "/posts/\(second)/like", token: ada)
                    #expect(try await liked(list) == [first: true, second: false], "\(list): another's like is not bob's")
                    _ = try await client.json(.delete, "/posts/\(first)/like", token: bob)
                    _ = try await client.json(.delete, "/posts/\(second)/like", token: ada)
                    #expect(try await liked(list) == [first: false, second: false], "\(list): bob's unlike")
                }
            }
        }
    }

    /// The same across two servers: a like through one is on the reader's next page from the other.
    @Test(.enabled(if: StoreKind.databaseURL != nil)) func aLikeThroughOneServerIsOnTheReadersPageOnTheOther() async throws {
        try await withTwoServers { a, b in
            let ada = try await a.member("ada")
            let bob = try await a.member("bob")
            let id = try #require(try await a.upload(TestImages.png, caption: "one", token: ada).1?["id"] as? String)
            func likedOnB() async throws -> Bool? {
                try await b.wire([KiwiWire.Post].self, .get, "/posts?page=0&pageSize=20", token: bob).1?.first?.likedByMe
            }
            #expect(try await eventually { try await likedOnB() == false })
            _ = try await a.json(.post, "/posts/\(id)/like", token: bob)
            #expect(try await eventually { try await likedOnB() == true }, "the like, heard through the database")
            _ = try await a.json(.delete, "/posts/\(id)/like", token: bob)
            #expect(try await eventually { try await likedOnB() == false }, "the unlike")
        }
    }
}

extension KiwiPostListCacheTests {
    /// Pages are kept in memory only because one process serves a SQLite file: a second is refused.
    @Test func aSecondServerOnTheSameSQLiteFileIsRefused() throws {
        let path = Scratch.url("kiwi", ending: ".sqlite").path
        let first = try SQLiteKiwiDatabase(path: path)
        let error = #expect(throws: ToolboxError.self) { try SQLiteKiwiDatabase(path: path) }
        #expect(error?.kind == .conflict)
        #expect(error?.message.contains("another process is serving") == true)
        #expect(!first.changes.shared)
        _ = consume first
        #expect(throws: Never.self) { try SQLiteKiwiDatabase(path: path) }
    }
}
