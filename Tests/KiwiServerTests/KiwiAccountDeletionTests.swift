import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import TestSupport
import Testing

@testable import KiwiServer

/// Deleting an account (`DELETE /users/me`, the settings page's "Delete account") on every store:
/// with the password asked again, everything of the member's goes (posts, photos and their
/// versions, comments, likes, follows, shelves, notifications, sessions), counts on others' posts
/// and on a book's page move at once, reports about the member stay without their content, and
/// nobody can take the name for 30 days. On PostgreSQL, another server finds nothing of them
/// within a second.
@Suite struct KiwiAccountDeletionTests {
    static let book = "9780141439600"

    func error(_ answer: (HTTPResponse.Status, Any?, HTTPFields)) -> String? {
        (answer.1 as? [String: Any])?["error"] as? String
    }

    func posts(_ client: some TestClientProtocol, _ uri: String, token: String? = nil) async throws -> [KiwiWire.Post] {
        try await client.wire([KiwiWire.Post].self, .get, uri, token: token).1 ?? []
    }

    /// A community where ada has done a bit of everything with bob, and bob has reported her post.
    struct Community {
        var ada, bob, mod: String
        var adas, bobs: String
        var report: String
        /// A signed URL of one of the versions of ada's photo, and her avatar's.
        var photo, avatar: String
    }

    func community(_ client: some TestClientProtocol, moderator: (String) async throws -> Void) async throws -> Community {
        let (ada, bob, mod) = (try await client.member("ada", password: "ada-pw"), try await client.member("bob"), try await client.member("mod"))
        try await moderator("mod")
        let adas = try await client.post("Ada's storm", book: Self.book, by: ada)
        _ = try await client.post("Ada's second storm", by: ada)
        let bobs = try await client.post("Bob's storm", book: Self.book, by: bob)
        let avatar = try #require(
            try await client.avatar(TestImages.multipart(TestImages.png, filename: "me.png"), of: "ada", token: ada).1?.avatarURL
        )
        for (token, post) in [(ada, bobs), (bob, adas)] {
            #expect(try await client.json(.post, "/posts/\(post)/like", token: token).0 == .ok)
            _ = try await client.form("operation=create&postid=\(post)&text=Lovely%20storm", token: token)
        }
        #expect(try await client.json(.post, "/users/bob/follow", token: ada).0 == .ok)
        #expect(try await client.json(.post, "/users/ada/follow", token: bob).0 == .ok)
        let shelved = try await client.json(.put, "/users/me/books/\(Self.book)", #"{"shelf":"read","rating":4,"review":"A storm"}"#, token: ada)
        #expect(shelved.0 == .ok, "\(shelved.1 ?? "")")
        let report = try #require(
            try await client.wire(KiwiWire.Report.self, .post, "/posts/\(adas)/report", #"{"category":"spoilers"}"#, token: bob).1
        )
        let post = try #require(try await client.wire(KiwiWire.Post.self, .get, "/posts/\(adas)", token: bob).1)
        let photo = try KiwiModerationTests.path(try #require(post.imageVersions?["640"]))
        #expect(try await client.execute(uri: photo, method: .get) { $0.status } == .ok)
        #expect(try await client.json(.get, try KiwiModerationTests.path(avatar), token: bob).0 == .ok)
        return Community(
            ada: ada,
            bob: bob,
            mod: mod,
            adas: adas,
            bobs: bobs,
            report: report.id,
            photo: photo,
            avatar: try KiwiModerationTests.path(avatar)
        )
    }

    @Test(arguments: StoreKind.available)
    func everythingOfTheMemberGoesAndTheirNameIsHeld(_ kind: StoreKind) async throws {
        let library = try await OpenLibraryStub.start()
        defer { Task { await library.stop() } }
        try await withKiwi(kind, books: KiwiBookTests.books(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let c = try await community(client) { _ = try await kiwi.database.setRole(.moderator, of: $0) }
                let before = try #require(try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.book)").1)
                #expect(before.reflections == 2 && before.readers == 2)

                // The wrong password, or none, deletes nothing.
                #expect(error(try await client.json(.delete, "/users/me", #"{"password":"guess"}"#, token: c.ada)) == "wrong_password")
                #expect(try await client.json(.delete, "/users/me", "{}", token: c.ada).0 == .badRequest)
                #expect(try await client.json(.delete, "/users/me", #"{"password":"ada-pw"}"#).0 == .forbidden, "nobody logged in")
                #expect(try await client.json(.get, "/users/ada").0 == .ok)

                let (status, _, headers) = try await client.json(.delete, "/users/me", #"{"password":"ada-pw"}"#, token: c.ada)
                #expect(status == .ok)
                #expect(headers[.setCookie]?.contains("Max-Age=0") == true, "the session's cookie is cleared")

                #expect(try await client.json(.get, "/users/ada").0 == .notFound)
                #expect(try await client.json(.get, "/users/me", token: c.ada).0 == .forbidden, "her session is gone")
                #expect(try await client.json(.get, "/posts/\(c.adas)", token: c.bob).0 == .notFound)
                #expect(try await client.execute(uri: c.photo, method: .get) { $0.status } == .notFound, "her photo's signed URL stops working")
                #expect(try await client.json(.get, c.avatar, token: c.bob).0 == .notFound, "her avatar is gone")
                #expect(try await posts(client, "/posts", token: c.bob).map(\.author.username) == ["bob"])
                let bobs = try #require(try await client.wire(KiwiWire.Post.self, .get, "/posts/\(c.bobs)", token: c.bob).1)
                #expect(bobs.likes == 0 && bobs.commentCount == 0, "her like and comment leave his post's counts")
                #expect(try await client.wire([KiwiWire.Comment].self, .get, "/posts/\(c.bobs)/comments").1?.isEmpty == true)
                let book = try #require(try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.book)").1)
                #expect(book.reflections == 1 && book.readers == 1, "the book's page counts her no more")
                #expect(book.reviews?.isEmpty ?? true)
                #expect(try await client.wire([KiwiWire.User].self, .get, "/users/bob/followers").1?.isEmpty == true)
                #expect(try await client.wire([KiwiWire.User].self, .get, "/users/bob/following").1?.isEmpty == true)
                let heard = try await client.wire([KiwiWire.Notification].self, .get, "/notifications", token: c.bob).1 ?? []
                #expect(heard.allSatisfy { $0.actor.username != "ada" }, "her like, comment and follow are no longer told")
                let found = try await client.json(.get, "/search?q=storm", token: c.bob).1 as? [String: Any]
                #expect(!"\(found ?? [:])".contains("ada"), "search finds nothing of hers")

                // The report stays, without her post; a deleted account's report can only be dismissed.
                let report = try #require(try await client.wire(KiwiWire.Report.self, .get, "/reports/\(c.report)", token: c.mod).1)
                #expect(report.account.username == "ada" && report.category == "spoilers" && report.content.posts.isEmpty)
                #expect(try await client.json(.get, "/reports/\(c.report)/photos/\(c.adas)", token: c.mod).0 == .notFound)
                let warned = try await client.json(.post, "/reports/\(c.report)/actions", #"{"action":"warn"}"#, token: c.mod)
                #expect(warned.0 == .badRequest)
                #expect(try await client.json(.post, "/reports/\(c.report)/actions", #"{"action":"dismiss"}"#, token: c.mod).0 == .ok)

                // The name is held, in any case; after 30 days it is free again.
                for name in ["ada", "ADA"] {
                    #expect(error(try await client.json(.post, "/users", #"{"username":"\#(name)","password":"pw"}"#)) == "username_conflict")
                }
                _ = try await client.member("cat")
                #expect(try await kiwi.database.deleteAccount("cat", holdingNameUntil: Date().addingTimeInterval(-1), keepingKey: false) == [])
                #expect(try await client.json(.post, "/users", #"{"username":"cat","password":"pw"}"#).0 == .created)
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func theLastAdminCannotLeaveTheCommunityWithoutOne(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let root = try await client.member("root", password: "root-pw")
                #expect(try await kiwi.database.setRole(.admin, of: "root"))
                #expect(error(try await client.json(.delete, "/users/me", #"{"password":"root-pw"}"#, token: root)) == "last_admin")
                _ = try await client.member("second")
                #expect(try await kiwi.database.setRole(.admin, of: "second"))
                #expect(try await client.json(.delete, "/users/me", #"{"password":"root-pw"}"#, token: root).0 == .ok)
            }
        }
    }

    /// Two servers of one community: what B kept of ada (her profile, the feed, a book's page,
    /// search, bob's notifications, her own live stream) is gone within a second of her deletion
    /// through A.
    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func aDeletionThroughOneServerLeavesNothingOnTheOtherWithinASecond() async throws {
        let library = try await OpenLibraryStub.start()
        defer { Task { await library.stop() } }
        try await withTwoServers(books: KiwiBookTests.books(library.baseURL), testing: .live) { database, a, b in
            let c = try await community(a) { _ = try await database.setRole(.moderator, of: $0) }
            // B reads everything once, so that it keeps it.
            #expect(Set(try await posts(b, "/posts").map(\.author.username)) == ["ada", "bob"])
            #expect(try await posts(b, "/books/\(Self.book)/posts").count == 2)
            #expect(try await b.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.book)").1?.reflections == 2)
            #expect(try await b.json(.get, "/users/ada").0 == .ok)
            // Each server signs its own media URLs.
            let post = try #require(try await b.wire(KiwiWire.Post.self, .get, "/posts/\(c.adas)", token: c.bob).1)
            let photo = try KiwiModerationTests.path(try #require(post.imageVersions?["640"]))
            #expect(try await b.execute(uri: photo, method: .get) { $0.status } == .ok)
            #expect(try await b.json(.get, c.avatar, token: c.bob).0 == .ok)
            let stream = try await LiveStreamReader.open("http://127.0.0.1:\(try #require(b.port))", token: c.ada)
            defer { Task { await stream.close() } }
            _ = try await stream.next("unread")

            #expect(try await a.json(.delete, "/users/me", #"{"password":"ada-pw"}"#, token: c.ada).0 == .ok)
            #expect(try await eventually(within: .seconds(1)) { try await b.json(.get, "/users/ada").0 == .notFound })
            #expect(try await eventually(within: .seconds(1)) { try await posts(b, "/posts").map(\.author.username) == ["bob"] })
            #expect(try await posts(b, "/books/\(Self.book)/posts").map(\.author.username) == ["bob"])
            #expect(try await b.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.book)").1?.reflections == 1)
            let bobs = try #require(try await b.wire(KiwiWire.Post.self, .get, "/posts/\(c.bobs)", token: c.bob).1)
            #expect(bobs.likes == 0 && bobs.commentCount == 0)
            #expect(try await b.json(.get, "/posts/\(c.adas)").0 == .notFound)
            #expect(try await b.execute(uri: photo, method: .get) { $0.status } == .notFound, "B's copy of her photo is gone")
            #expect(try await b.json(.get, c.avatar, token: c.bob).0 == .notFound, "and of her avatar")
            #expect(try await b.json(.get, "/users/me", token: c.ada).0 == .forbidden)
            let heard = try await b.wire([KiwiWire.Notification].self, .get, "/notifications", token: c.bob).1 ?? []
            #expect(heard.allSatisfy { $0.actor.username != "ada" })
            #expect(!"\(try await b.json(.get, "/search?q=storm", token: c.bob).1 ?? "")".contains("ada"))
            #expect(try await eventually(within: .seconds(1)) { await stream.ended }, "her live stream on B ends")
            #expect(error(try await b.json(.post, "/users", #"{"username":"ada","password":"pw"}"#)) == "username_conflict")
        }
    }
}
