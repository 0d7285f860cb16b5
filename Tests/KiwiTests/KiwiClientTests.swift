import Foundation
import KiwiWire
import PluginAPI
import TestSupport
import Testing

@testable import Kiwi

/// The typed client and the profile it assembles, against our server and against one
/// that speaks only the base contract; no command line.
@Suite struct KiwiClientTests {
    func client(_ server: URL) -> KiwiClient {
        KiwiClient(
            server: server,
            web: testWebClient(),
            dataFolder: Scratch.url("kiwi").path
        )
    }

    @Test func aProfileFromOurServerHasTheReadersPostsAndStreak() async throws {
        try await withOurServer { server in
            let ada = client(server)
            try await ada.signUp(KiwiWire.SignUp(username: "ada", password: "pw", fullname: "Ada Lovelace"))
            try await ada.signUp(KiwiWire.SignUp(username: "bob", password: "pw"))
            _ = try await ada.logIn(KiwiWire.Credentials(username: "ada", password: "pw"))
            let photo = Scratch.url("photo", ending: ".png")
            try TestImages.png.write(to: photo)
            for caption in ["one", "two"] { _ = try await ada.createPost(try KiwiPhoto(path: photo.path), .init(caption: caption), progress: nil) }
            try await ada.setFollowing("bob", true)
            let profile = try await ada.profile(of: "ada")
            #expect(profile.user.displayName == "Ada Lovelace")
            #expect(profile.posts.map(\.caption) == ["two", "one"])
            #expect(profile.streakDays == 1)
            #expect(profile.following == 1 && profile.followers == 0)
            #expect(try await ada.profile(of: "bob").posts.isEmpty)
        }
    }

    @Test func anAvatarIsSentAndTheSessionKnowsItsNewURL() async throws {
        try await withOurServer { server in
            let ada = client(server)
            try await ada.signUp(KiwiWire.SignUp(username: "ada", password: "pw"))
            _ = try await ada.logIn(KiwiWire.Credentials(username: "ada", password: "pw"))
            let photo = Scratch.url("avatar", ending: ".png")
            try TestImages.png(seed: 7).write(to: photo)
            defer { try? FileManager.default.removeItem(at: photo) }
            let user = try await ada.setAvatar(try KiwiPhoto(path: photo.path))
            let url = try #require(user.avatarURL)
            #expect(!url.hasSuffix("default-avatar.png"))
            #expect(try ada.session().user.avatarURL == url, "the kept session shows the new avatar")
            #expect(try await ada.user("ada").avatarURL == url, "the server names it too")
        }
    }

    @Test func aProfileFromABaseContractServerFiltersEveryonesPostsWithoutAProbe() async throws {
        let stub = try await StubServer.start()
        let ada = #"{"id":"ada","username":"ada","displayName":"Ada","avatarURL":"http://x/a.png"}"#
        let bob = #"{"id":"bob","username":"bob","displayName":"Bob","avatarURL":"http://x/b.png"}"#
        stub.route("/users/ada", .json(Data(ada.utf8)))
        stub.route("/users/ada/followers", .json(Data("[\(bob)]".utf8)))
        stub.route("/users/ada/following", .json(Data("[]".utf8)))
        stub.route("/users/ada/posts", .json(Data(#"{"message":"no such route"}"#.utf8), status: 404))
        stub.route("/posts", .json(Data(#"[{"id":2,"author":\#(bob),"likes":0},{"id":1,"author":\#(ada),"likes":3}]"#.utf8)))
        let profile = try await client(stub.baseURL).profile(of: "ada")
        #expect(profile.posts.map(\.id) == ["1"])
        #expect(profile.followers == 1)
        #expect(profile.streakDays == nil, "the server gives no dates")
        #expect(stub.requestCount("/users/ada/posts") == 1, "one try, no separate probe")
        await stub.stop()
    }

    @Test func aPhotoElsewhereNeverGetsTheSessionToken() async throws {
        let server = try await StubServer.start()
        let elsewhere = try await StubServer.start()
        let image = StubServer.Reply.respond(status: 200, body: TestImages.png, headers: ["Content-Type": "image/png"], delay: .zero)
        server.route("/uploads/here.png", image)
        elsewhere.route("/uploads/there.png", image)
        server.route("/sessions", .json(Data(#"{"token":"kiwi-token-5150","user":{"id":"ada","username":"ada"}}"#.utf8)))
        let ada = client(server.baseURL)
        _ = try await ada.logIn(KiwiWire.Credentials(username: "ada", password: "pw"))
        let author = KiwiWire.User(id: "ada", username: "ada", displayName: nil, avatarURL: nil)
        func post(_ url: URL) -> KiwiWire.Post {
            KiwiWire.Post(
                id: "1",
                author: author,
                imageURL: url.absoluteString,
                caption: nil,
                likes: 0,
                createdAt: nil,
                commentCount: nil,
                likedByMe: nil,
                book: nil
            )
        }
        #expect(try await ada.photo(of: post(server.baseURL.appendingPathComponent("uploads/here.png")), filling: nil) == TestImages.png)
        #expect(try await ada.photo(of: post(elsewhere.baseURL.appendingPathComponent("uploads/there.png")), filling: nil) == TestImages.png)
        // With versions (a CDN's signed URLs), the smallest that fills the picture; the whole one without a width.
        for size in ["96", "320", "full"] { elsewhere.route("/media/p.jpg/\(size).jpg", image) }
        var sized = post(server.baseURL.appendingPathComponent("uploads/p.jpg"))
        sized.imageVersions = Dictionary(
            uniqueKeysWithValues: ["96", "320", "full"].map {
                ($0, elsewhere.baseURL.appendingPathComponent("media/p.jpg/\($0).jpg").absoluteString + "?signature=s")
            }
        )
        _ = try await ada.photo(of: sized, filling: 200)
        _ = try await ada.photo(of: sized, filling: nil)
        #expect(elsewhere.requests.suffix(2).map(\.path) == ["/media/p.jpg/320.jpg", "/media/p.jpg/full.jpg"])
        #expect(server.requests.last?.headers["authorization"] == "Bearer kiwi-token-5150", "the server's own uploads need the login")
        #expect(elsewhere.requests.allSatisfy { $0.headers["authorization"] == nil }, "another host never sees the token")
        await server.stop()
        await elsewhere.stop()
    }

    @Test func failuresCarryTheServersWordsAndTheirExitCodes() async throws {
        let stub = try await StubServer.start()
        stub.route("/posts/9", .json(Data(#"{"message":"no such post","status_code":404,"error":"post_not_found"}"#.utf8), status: 404))
        stub.route(
            "/posts/9/comments",
            .json(Data(#"{"message":"the database is down","status_code":503,"error":"server_error"}"#.utf8), status: 500)
        )
        let kiwi = client(stub.baseURL)
        let missing = try await #require(throws: ToolboxError.self) { try await kiwi.post("9") }
        #expect(missing.kind == .notFound && missing.message == "no post 9")
        let broken = try await #require(throws: ToolboxError.self) { try await kiwi.comments(on: "9") }
        #expect(broken.kind == .unavailable, "5xx is retried, then unavailable")
        let notLoggedIn = try await #require(throws: ToolboxError.self) { try await kiwi.deletePost("9") }
        #expect(notLoggedIn.kind == .authentication && notLoggedIn.hint.contains("toolbox kiwi login"))
        await stub.stop()
        let down = try await #require(throws: ToolboxError.self) {
            try await client(URL(string: "http://127.0.0.1:9")!).posts(.everyone, page: 1, pageSize: 5)
        }
        #expect(down.kind == .unavailable && down.hint.contains("toolbox kiwi serve"))
    }
}
