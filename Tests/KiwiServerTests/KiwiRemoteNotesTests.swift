import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import TestSupport
import Testing

@testable import KiwiServer

/// What readers on other servers do with notes, delivered to a Kiwi server over real sockets by a
/// stub that answers as Mastodon does (`KiwiInboxTests.Alice`): her photo note reaches the feed of
/// the member who follows her, through Kiwi's own photo pipeline; her reply and her like of a
/// member's post count and tell the member; her `Undo` and `Delete` take them back.
@Suite struct KiwiRemoteNotesTests {
    typealias Inbox = KiwiInboxTests

    /// Alice's `Create` of a note with `fields`, delivered to ada's inbox signed by her.
    static func create(_ note: [String: Any], by alice: Inbox.Alice, port: Int) async throws -> (Int, String) {
        let activity: [String: Any] = [
            "@context": "https://www.w3.org/ns/activitystreams", "id": "\(note["id"] ?? "")/activity", "type": "Create",
            "actor": alice.id, "object": note,
        ]
        return try await Inbox.post(activity, to: "/users/ada/inbox", port: port, keyID: alice.keyID, key: alice.key)
    }

    /// An activity of alice's about `object`, delivered to the shared inbox signed by her.
    static func send(_ type: String, _ object: Any, id: String, by alice: Inbox.Alice, port: Int) async throws -> (Int, String) {
        let activity: [String: Any] = ["id": "\(alice.id)#\(id)", "type": type, "actor": alice.id, "object": object]
        return try await Inbox.post(activity, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key)
    }

    /// A note of alice's, as Mastodon writes one: its content HTML, addressed to the public.
    static func note(_ number: Int, by alice: Inbox.Alice, content: String, extra: [String: Any] = [:]) -> [String: Any] {
        [
            "id": "\(alice.id)/statuses/\(number)", "type": "Note", "attributedTo": alice.id, "content": content,
            "published": "2026-11-30T18:04:11Z", "to": ["https://www.w3.org/ns/activitystreams#Public"],
        ].merging(extra) { _, new in new }
    }

    /// Ada follows alice, and alice's server accepts.
    static func adaFollows(_ alice: Inbox.Alice, port: Int, token: String) async throws {
        #expect(try await Inbox.follow(alice.handle, port: port, token: token).status == 200)
        #expect(try await eventually(within: Inbox.delivery) { alice.delivered.contains { $0["type"] as? String == "Follow" } })
        let follow = try #require(alice.delivered.first { $0["type"] as? String == "Follow" })
        let accept: [String: Any] = ["id": "\(alice.id)#accepts/1", "type": "Accept", "actor": alice.id, "object": follow]
        #expect(try await Inbox.post(accept, to: "/users/ada/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
    }

    static func posts(_ client: some TestClientProtocol, _ path: String, token: String?) async throws -> [[String: Any]] {
        try #require(try await client.json(.get, path, token: token).1 as? [[String: Any]], "\(path) answered a list")
    }

    /// Alice posts a phone's photo (4032 × 3024, stored on its side with EXIF orientation 6):
    /// before ada follows her it is taken and left (her server is asked for nothing); once ada
    /// follows her, it is on ada's feed and her open live stream, with alice's name, its
    /// description and its warning, its photo served by Kiwi, upright and without its metadata;
    /// not on the community's list, nor on bob's feed, nor in what NodeInfo counts. Her `Update`
    /// rewords it; delivered again, it stays one post; her `Delete` takes it away; nobody logs in
    /// as her.
    @Test(arguments: StoreKind.available) func aPhotoNoteFromSomeoneAMemberFollowsReachesHerFeedOnly(kind: StoreKind) async throws {
        let photo = try await KiwiMediaStoreTests.phonePhoto(seed: 7)
        try await Self.withAliceAndAda(kind) { alice, _, client, ada, port in
            alice.server.route("/media/IMG_0412.jpg", .json(photo, headers: ["Content-Type": "image/jpeg"]))
            let bob = try await client.member("bob")
            let attachment: [String: Any] = [
                "type": "Document", "mediaType": "image/jpeg", "url": "\(alice.server.baseURL.absoluteString)/media/IMG_0412.jpg",
                "name": "Middlemarch on a bench, in the rain",
            ]
            let first = Self.note(
                1,
                by: alice,
                content: "<p>Dorothea &amp; Casaubon, again.<br>Chapter 20 <a href=\"https://x.example/tags/books\">#<span>books</span></a></p>",
                extra: ["attachment": [attachment], "summary": "the will", "sensitive": true]
            )
            #expect(try await Self.create(first, by: alice, port: port).0 == 202)
            #expect(try await Self.posts(client, "/feed", token: ada).isEmpty, "nobody here follows her yet")
            #expect(!alice.server.requests.contains { $0.path.hasPrefix("/media/") }, "her photo was not fetched")

            try await Self.adaFollows(alice, port: port, token: ada)
            let stream = try await LiveStreamReader.open("http://127.0.0.1:\(port)", token: ada)
            defer { Task { await stream.close() } }
            _ = try await stream.next("unread")
            let second = Self.note(
                2,
                by: alice,
                content: first["content"] as! String,
                extra: ["attachment": [attachment], "summary": "the will", "sensitive": true]
            )
            #expect(try await Self.create(second, by: alice, port: port).0 == 202)
            let feed = try await Self.posts(client, "/feed", token: ada)
            try #require(feed.count == 1, "\(feed)")
            let post = feed[0]
            let news = try await stream.next("post").event.decoded(KiwiWire.Post.self)
            #expect(news.id == post["id"] as? String && news.author.username == alice.handle, "her open stream hears of it as it comes")
            #expect((post["author"] as? [String: Any])?["username"] as? String == alice.handle)
            #expect((post["author"] as? [String: Any])?["displayName"] as? String == "Alice <Liddell>")
            #expect(post["caption"] as? String == "Dorothea & Casaubon, again.\nChapter 20 #books")
            #expect(post["imageAlt"] as? String == "Middlemarch on a bench, in the rain")
            #expect(post["spoiler"] as? String == "the will")
            #expect(post["createdAt"] as? String == "2026-11-30T18:04:11Z")
            let imageURL = try #require(post["imageURL"] as? String)
            #expect(!imageURL.contains(alice.server.baseURL.host!), "served by Kiwi, not by her server: \(imageURL)")
            let path = try #require(URLComponents(string: imageURL)).path
            let (status, served) = try await client.execute(uri: path, method: .get, headers: [.authorization: "Bearer \(ada)"]) {
                ($0.status, Data(buffer: $0.body))
            }
            #expect(
                status == .ok && served.starts(with: [0xFF, 0xD8]),
                "\(imageURL): \(status) \(String(decoding: served.prefix(200), as: UTF8.self))"
            )
            let size = try #require(Self.jpegSize(served))
            #expect(size.height > size.width, "upright, as its EXIF says: \(size)")
            #expect(served.range(of: Data("Exif".utf8)) == nil, "without its metadata")
            let fetch = try #require(alice.server.requests.first { $0.path == "/media/IMG_0412.jpg" })
            #expect(fetch.headers.contains { $0.key.lowercased() == "signature" }, "fetched signed, as her server may ask")

            #expect(try await Self.posts(client, "/posts", token: ada).isEmpty, "the community's list is its members'")
            #expect(try await Self.posts(client, "/feed", token: bob).isEmpty, "bob follows nobody")
            let usage = try await client.json(.get, "/nodeinfo/2.1").1 as? [String: Any]
            #expect((usage?["usage"] as? [String: Any])?["localPosts"] as? Int == 0)
            #expect(((usage?["usage"] as? [String: Any])?["users"] as? [String: Any])?["total"] as? Int == 2, "ada and bob")
            // Nobody logs in as her: answered as for a name nobody has.
            let (login, said, _) = try await client.json(.post, "/sessions", #"{"username":"\#(alice.handle)","password":""}"#)
            let (nobody, nobodySaid, _) = try await client.json(.post, "/sessions", #"{"username":"nobody","password":""}"#)
            #expect(login == nobody && (said as? [String: Any])?["error"] as? String == (nobodySaid as? [String: Any])?["error"] as? String)
            #expect(login == .forbidden, "\(login)")

            // Ada's like and reply reach alice's server, in reply to her note; her unlike too.
            let postID = try #require(post["id"] as? String)
            #expect(try await client.json(.post, "/posts/\(postID)/like", token: ada).0 == .ok)
            #expect(try await client.form("operation=create&postid=\(postID)&text=Which+edition+is+that%3F", token: ada).0 == .ok)
            #expect(try await client.json(.delete, "/posts/\(postID)/like", token: ada).0 == .ok)
            func delivered(_ type: String) -> [[String: Any]] { alice.delivered.filter { $0["type"] as? String == type } }
            #expect(
                try await eventually(within: Inbox.delivery) {
                    delivered("Like").count == 1 && delivered("Create").count == 1 && delivered("Undo").count == 1
                }
            )
            let like = try #require(delivered("Like").first)
            #expect(like["actor"] as? String == "https://kiwi.test/users/ada" && like["object"] as? String == second["id"] as? String)
            #expect(like["@context"] as? String == "https://www.w3.org/ns/activitystreams", "read as JSON-LD, it needs its context")
            let undone = try #require(delivered("Undo").first?["object"] as? [String: Any])
            #expect(undone["type"] as? String == "Like" && undone["object"] as? String == second["id"] as? String)
            let replyNote = try #require(delivered("Create").first?["object"] as? [String: Any])
            #expect(replyNote["inReplyTo"] as? String == second["id"] as? String && (replyNote["cc"] as? [String])?.contains(alice.id) == true)
            #expect((replyNote["content"] as? String)?.contains("Which edition is that?") == true)
            let sent = try #require(alice.server.requests.first { $0.method == "POST" && $0.body.contains(Data("\"Like\"".utf8)) })
            #expect(try Inbox.verifies(sent, publicKeyPEM: try await Inbox.actorKey(client, "/users/ada")))

            // Her Update of the post: its caption and warning as she wrote them anew, its photo the same.
            var edited = second
            edited["content"] = "<p>Dorothea &amp; Will, at last.</p>"
            edited["summary"] = nil
            #expect(try await Self.send("Update", edited, id: "update/2", by: alice, port: port).0 == 202)
            let rewritten = try #require(try await Self.posts(client, "/feed", token: ada).first)
            #expect(rewritten["caption"] as? String == "Dorothea & Will, at last." && rewritten["spoiler"] == nil, "\(rewritten)")
            #expect(rewritten["imageURL"] as? String == imageURL && rewritten["imageAlt"] as? String == post["imageAlt"] as? String)
            #expect(try await Self.posts(client, "/search?q=will", token: ada).count == 1)
            #expect(try await Self.posts(client, "/search?q=casaubon", token: ada).isEmpty)

            // Delivered again (her server retried): one post.
            #expect(try await Self.create(second, by: alice, port: port).0 == 202)
            #expect(try await Self.posts(client, "/feed", token: ada).count == 1)
            // A note without a photo is taken and left.
            #expect(try await Self.create(Self.note(3, by: alice, content: "<p>Just words</p>"), by: alice, port: port).0 == 202)
            #expect(try await Self.posts(client, "/feed", token: ada).count == 1)
            // So is one for her followers alone: what Kiwi keeps, anyone may read.
            let forFollowers = Self.note(
                4,
                by: alice,
                content: "<p>Only for you</p>",
                extra: ["attachment": [attachment], "to": ["\(alice.id)/followers"]]
            )
            #expect(try await Self.create(forFollowers, by: alice, port: port).0 == 202)
            #expect(try await Self.posts(client, "/feed", token: ada).count == 1)
            #expect(alice.server.requests.filter { $0.path.hasPrefix("/media/") }.count == 1, "her photo fetched once")

            // Her Delete, of a Tombstone as Mastodon sends it: the post and its photo go.
            let tombstone: [String: Any] = ["id": second["id"]!, "type": "Tombstone"]
            #expect(try await Self.send("Delete", tombstone, id: "delete/2", by: alice, port: port).0 == 202)
            #expect(try await Self.posts(client, "/feed", token: ada).isEmpty)
            #expect(try await client.execute(uri: "/posts/\(post["id"] as! String)", method: .get) { $0.status } == .notFound)
        }
    }

    /// Alice, whom nobody here follows, likes ada's post and replies to it: the like counts and the
    /// reply is a comment by her, each telling ada; liked twice, it counts once; her `Update`
    /// rewords her reply; her `Undo` and her `Delete` take them back. Someone else's name on her note is refused. Once ada blocks her,
    /// her like is left; once her account is gone, so is everything of hers.
    @Test(arguments: StoreKind.available) func aLikeAndAReplyFromElsewhereCountAndTellTheAuthor(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, _, client, ada, port in
            let id = try await client.post("Rain all day", by: ada)
            let postNote = "https://kiwi.test/posts/\(id)"
            func post() async throws -> [String: Any]? { try await client.json(.get, "/posts/\(id)", token: ada).1 as? [String: Any] }
            func counts() async throws -> (likes: Int?, comments: Int?) {
                let shown = try await post()
                return (shown?["likes"] as? Int, shown?["commentCount"] as? Int)
            }
            func comments() async throws -> [[String: Any]] { try await Self.posts(client, "/posts/\(id)/comments", token: ada) }
            func notified() async throws -> [String] {
                try await Self.posts(client, "/notifications", token: ada).map {
                    "\($0["kind"] ?? "") by \(($0["actor"] as? [String: Any])?["username"] ?? "")"
                }
            }

            let like: [String: Any] = ["id": "\(alice.id)#likes/1", "type": "Like", "actor": alice.id, "object": postNote]
            #expect(try await Self.send("Like", postNote, id: "likes/1", by: alice, port: port).0 == 202)
            #expect(try await Self.send("Like", postNote, id: "likes/1", by: alice, port: port).0 == 202)
            #expect(try await post()?["likes"] as? Int == 1, "liked twice, counted once")

            let reply = Self.note(9, by: alice, content: "<p>Lovely <b>light</b> &#8212; which edition?</p>", extra: ["inReplyTo": postNote])
            #expect(try await Self.create(reply, by: alice, port: port).0 == 202)
            #expect(try await Self.create(reply, by: alice, port: port).0 == 202, "delivered again")
            let kept = try await comments()
            try #require(kept.count == 1, "\(kept)")
            #expect(kept[0]["text"] as? String == "Lovely light — which edition?")
            #expect((kept[0]["author"] as? [String: Any])?["username"] as? String == alice.handle)
            #expect(try await post()?["commentCount"] as? Int == 1)
            let told = try await notified()
            #expect(Set(told) == ["like by \(alice.handle)", "comment by \(alice.handle)"], "\(told)")

            // A note in someone else's name is refused, and nothing is kept.
            var forged = Self.note(10, by: alice, content: "<p>Not mine</p>", extra: ["inReplyTo": postNote])
            forged["attributedTo"] = "https://elsewhere.example/users/mallory"
            #expect(try await Self.create(forged, by: alice, port: port).0 == 401)
            #expect(try await comments().count == 1)

            // Her Update of the reply rewords the comment, found by its new words alone; her
            // Update of ada's post, or of a reply by nobody she is, changes nothing.
            var edited = reply
            edited["content"] = "<p>Lovely light &#8212; the <i>Penguin</i> one?</p>"
            #expect(try await Self.send("Update", edited, id: "update/9", by: alice, port: port).0 == 202)
            #expect(try await comments().map { $0["text"] as? String } == ["Lovely light — the Penguin one?"])
            func found(_ words: String) async throws -> [String] {
                try await Self.posts(client, "/search?q=\(words)", token: ada).compactMap { $0["id"] as? String }
            }
            #expect(try await found("penguin") == [id])
            #expect(try await found("edition").isEmpty, "her old words are no longer found")
            let adas: [String: Any] = ["id": postNote, "type": "Note", "attributedTo": alice.id, "content": "<p>Mine now</p>"]
            #expect(try await Self.send("Update", adas, id: "update/ada", by: alice, port: port).0 == 202)
            #expect(try await post()?["caption"] as? String == "Rain all day")
            #expect(try await found("mine").isEmpty)

            // Her Undo of the like, given whole; her Delete of the reply, named by its id.
            #expect(try await Self.send("Undo", like, id: "likes/1/undo", by: alice, port: port).0 == 202)
            #expect(try await post()?["likes"] as? Int == 0)
            #expect(try await Self.send("Delete", reply["id"]!, id: "delete/9", by: alice, port: port).0 == 202)
            #expect(try await comments().isEmpty)
            #expect(try await post()?["commentCount"] as? Int == 0)
            #expect(try await notified().isEmpty, "what was taken back tells nobody")

            // Ada blocks her: her like is left.
            #expect(try await Inbox.follow(alice.handle, action: "block", port: port, token: ada).status == 200)
            #expect(try await Self.send("Like", postNote, id: "likes/2", by: alice, port: port).0 == 202)
            #expect(try await post()?["likes"] as? Int == 0)
            #expect(try await Inbox.follow(alice.handle, "DELETE", action: "block", port: port, token: ada).status == 200)

            // Her account is deleted on her server: what was kept of hers goes, counts with it.
            #expect(try await Self.send("Like", postNote, id: "likes/3", by: alice, port: port).0 == 202)
            #expect(
                try await Self.create(Self.note(11, by: alice, content: "<p>Bye</p>", extra: ["inReplyTo": postNote]), by: alice, port: port).0 == 202
            )
            #expect(try await counts() == (1, 1))
            #expect(try await Self.send("Delete", alice.id, id: "delete", by: alice, port: port).0 == 202)
            #expect(try await counts() == (0, 0))
            #expect(try await comments().isEmpty)
        }
    }

    /// An admin blocks alice's server: her post leaves ada's feed, her like and her comment leave
    /// ada's post (its counts with them) and her notifications are withdrawn; lifting the block
    /// brings none of it back.
    @Test(arguments: StoreKind.available) func aBlockedServerTakesAwayWhatItsReadersBrought(kind: StoreKind) async throws {
        let photo = try await KiwiMediaStoreTests.phonePhoto(seed: 3)
        try await Self.withAliceAndAda(kind) { alice, kiwi, client, ada, port in
            alice.server.route("/media/IMG_0413.jpg", .json(photo, headers: ["Content-Type": "image/jpeg"]))
            try await Self.adaFollows(alice, port: port, token: ada)
            let picture: [String: Any] = ["type": "Image", "url": "\(alice.server.baseURL.absoluteString)/media/IMG_0413.jpg"]
            #expect(
                try await Self.create(Self.note(1, by: alice, content: "<p>Snow</p>", extra: ["attachment": [picture]]), by: alice, port: port).0
                    == 202
            )
            let id = try await client.post("Rain all day", by: ada)
            let postNote = "https://kiwi.test/posts/\(id)"
            #expect(try await Self.send("Like", postNote, id: "likes/1", by: alice, port: port).0 == 202)
            #expect(
                try await Self.create(Self.note(2, by: alice, content: "<p>Lovely</p>", extra: ["inReplyTo": postNote]), by: alice, port: port).0
                    == 202
            )
            func seen() async throws -> (feed: Int, likes: Int?, comments: Int?, notifications: Int) {
                let shown = try await client.json(.get, "/posts/\(id)", token: ada).1 as? [String: Any]
                return (
                    try await Self.posts(client, "/feed", token: ada).filter {
                        ($0["author"] as? [String: Any])?["username"] as? String == alice.handle
                    }.count,
                    shown?["likes"] as? Int, shown?["commentCount"] as? Int, try await Self.posts(client, "/notifications", token: ada).count
                )
            }
            #expect(try await seen() == (1, 1, 1, 2))

            let host = try #require(alice.server.baseURL.host)
            _ = try await kiwi.database.setRole(.admin, of: "ada")
            #expect(try await client.json(.put, "/domain_blocks/\(host)", #"{"reason":"spam"}"#, token: ada).0 == .ok)
            #expect(try await seen() == (0, 0, 0, 0))
            #expect(try await Self.posts(client, "/posts/\(id)/comments", token: ada).isEmpty)
            #expect(try await client.json(.delete, "/domain_blocks/\(host)", "{}", token: ada).0 == .ok)
            #expect(try await seen() == (0, 0, 0, 0), "lifting the block brings nothing back")
        }
    }

    /// PostgreSQL's notice of a change by a reader elsewhere whose host names a port (as alice's
    /// here does) is read whole: the live streams missed her post when it was not.
    @Test func aNoticeNamesAReaderElsewhereWhoseHostHasAPort() {
        #expect(KiwiChange(notice: "post:i:12:alice@127.0.0.1:8443") == .post(id: 12, author: "alice@127.0.0.1:8443", made: true))
        #expect(KiwiChange(notice: "member:alice@social.example:8443") == .member("alice@social.example:8443"))
        #expect(KiwiChange(notice: "gone:alice@social.example:8443") == .accountDeleted("alice@social.example:8443"))
        #expect(KiwiChange(notice: "post:i:twelve:ada") == nil)
    }

    @Test func theWordsOfAnotherServersHTMLArePlainText() {
        #expect(HTMLText.plain("<p>One &amp; two</p><p>Three<br/>four &#x2019;s &lt;b&gt;</p>") == "One & two\n\nThree\nfour ’s <b>")
        #expect(HTMLText.plain("a & b &unknown; <unclosed") == "a & b &unknown; <unclosed")
    }

    /// Alice's server, and a live Kiwi server on `kind` that takes a phone's photo, with ada signed up.
    /// A phone's photo is larger than the harness's usual upload limit.
    static func withAliceAndAda(
        _ kind: StoreKind,
        _ body: @escaping @Sendable (Inbox.Alice, KiwiHarness, any TestClientProtocol, String, Int) async throws -> Void
    ) async throws {
        try await Inbox.withAliceAndAda(kind, maxUploadBytes: 16 << 20, body)
    }

    /// (width, height) from a JPEG's frame header.
    static func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        var at = 2
        while at + 9 < bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(bytes[at + 7]) << 8 | Int(bytes[at + 8]), Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]))
            }
            at += 2 + length
        }
        return nil
    }
}
