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
