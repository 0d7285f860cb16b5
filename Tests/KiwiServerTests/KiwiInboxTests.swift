import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import PluginAPI
import Synchronization
import TestSupport
import Testing
import _CryptoExtras

@testable import KiwiServer

/// What another server sends a Kiwi server, over real sockets: a reader elsewhere (`alice`, served
/// by a stub on 127.0.0.1 as Mastodon serves an actor) follows a member, who accepts with a signed
/// `Accept` through the delivery queue; and everything that fails a check is refused with 401 and
/// changes nothing.
@Suite struct KiwiInboxTests {
    static let federated = ["--federation", "on", "--federation-allow-private"]
    /// How long a delivery may take through the queue (looked at every second, its requests signed
    /// with RSA) while the whole suite loads the machine: five seconds once fell short on CI.
    static let delivery = Duration.seconds(20)

    /// A reader on another server: their actor and inbox on a stub, and their key.
    struct Alice {
        let server: StubServer
        let key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
        var id: String { "\(server.baseURL.absoluteString)/users/alice" }
        var keyID: String { "\(id)#main-key" }

        /// `alice@127.0.0.1:PORT`, as a member here names her.
        var handle: String { "alice@\(server.baseURL.host!):\(server.baseURL.port!)" }

        static func start() async throws -> Alice {
            let alice = Alice(server: try await StubServer.start())
            alice.serve(key: alice.key)
            alice.server.route("/users/alice/inbox", .status(202))
            // Her server's WebFinger knows her alone, as Mastodon's answers.
            let (handle, id) = (alice.handle, alice.id)
            alice.server.route("/.well-known/webfinger") { request in
                guard request.query["resource"] == "acct:\(handle)" else { return .status(404) }
                let found: [String: Any] = [
                    "subject": "acct:\(handle)", "links": [["rel": "self", "type": "application/activity+json", "href": id]],
                ]
                return .json(try! JSONSerialization.data(withJSONObject: found), headers: ["Content-Type": "application/jrd+json"])
            }
            return alice
        }

        /// Serves alice's actor with `key`'s public half.
        func serve(key: _RSA.Signing.PrivateKey) {
            let actor: [String: Any] = [
                "@context": ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"],
                "id": id, "type": "Person", "preferredUsername": "alice", "name": "Alice <Liddell>", "inbox": "\(id)/inbox",
                "url": "\(server.baseURL.absoluteString)/@alice",
                "publicKey": ["id": keyID, "owner": id, "publicKeyPem": key.publicKey.pemRepresentation],
            ]
            server.route("/users/alice", .json(try! JSONSerialization.data(withJSONObject: actor)))
        }

        func follow(_ actor: String, id: String = "\(UUID())") -> [String: Any] {
            [
                "@context": "https://www.w3.org/ns/activitystreams", "id": "\(self.id)#follows/\(id)", "type": "Follow", "actor": self.id,
                "object": actor,
            ]
        }

        /// Alice follows ada through the shared inbox of the Kiwi server at `port`, signed as herself.
        func followsAda(at port: Int) async throws -> (Int, String) {
            try await KiwiInboxTests.post(follow("https://kiwi.test/users/ada"), to: "/inbox", port: port, keyID: keyID, key: key)
        }

        /// The activities delivered to alice's inbox so far.
        var delivered: [[String: Any]] {
            server.requests.filter { $0.method == "POST" && $0.path == "/users/alice/inbox" }
                .compactMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
        }
    }

    /// POSTs `activity` to `path` on the Kiwi server at `port`, signed with `key` as `keyID` (alice's
    /// unless told), the body changed after signing when `sentBody` is given.
    static func post(
        _ activity: [String: Any],
        to path: String,
        port: Int,
        keyID: String,
        key: _RSA.Signing.PrivateKey,
        signedAt date: Date = Date(),
        sentBody: Data? = nil,
        signed: Bool = true
    ) async throws -> (Int, String) {
        let url = URL(string: "http://127.0.0.1:\(port)\(path)")!
        let body = try JSONSerialization.data(withJSONObject: activity)
        var headers = ["Content-Type": "application/activity+json"]
        if signed {
            for (name, value) in try HTTPSignatures.sign(method: "POST", url: url, body: body, keyID: keyID, key: key, now: date) {
                headers[name] = value
            }
        }
        let answer = try await AsyncHTTPTransport().send(
            PluginAPI.HTTPRequest(method: "POST", url: url, headers: headers, body: sentBody ?? body, namespace: "test"),
            timeout: 20
        )
        return (answer.status, String(decoding: answer.body, as: UTF8.self))
    }

    /// Ada follows (`DELETE`: unfollows) someone by `handle` at the server on `port`, or blocks them
    /// (`action: "block"`), or reports them (`action: "report"` with a JSON `body`). Her server asks
    /// theirs (WebFinger, then the actor, each allowed `FederationClient.timeout`), which on a
    /// loaded machine can take longer than the test client waits (20 s).
    static func follow(
        _ handle: String,
        _ method: String = "POST",
        action: String = "follow",
        body: String? = nil,
        port: Int,
        token: String
    ) async throws -> (status: Int, answer: [String: Any]?) {
        var headers = ["Authorization": "Bearer \(token)"]
        if body != nil { headers["Content-Type"] = "application/json" }
        let answer = try await AsyncHTTPTransport().send(
            PluginAPI.HTTPRequest(
                method: method,
                url: URL(string: "http://127.0.0.1:\(port)/users/\(handle)/\(action)")!,
                headers: headers,
                body: body.map { Data($0.utf8) },
                namespace: "test"
            ),
            timeout: 60
        )
        return (answer.status, try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
    }

    static func followers(_ client: some TestClientProtocol, of member: String) async throws -> Int? {
        try await client.execute(uri: "/users/\(member)/followers", method: .get, headers: [.accept: "application/activity+json"]) { response in
            (try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])?["totalItems"] as? Int
        }
    }

    static func actorKey(_ client: some TestClientProtocol, _ path: String) async throws -> String {
        try await client.execute(uri: path, method: .get, headers: [.accept: "application/activity+json"]) { response in
            let actor = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            return try #require((actor?["publicKey"] as? [String: String])?["publicKeyPem"])
        }
    }

    /// A request the stub received verifies with `publicKeyPEM`, signing what it must.
    static func verifies(_ request: StubServer.Request, publicKeyPEM: String) throws -> Bool {
        let fields: (String) -> String? = { name in request.headers.first { $0.key.lowercased() == name }?.value }
        let parameters = try HTTPSignatures.check(method: request.method, fields: fields, body: request.method == "POST" ? request.body : nil)
        let query = request.query.isEmpty ? "" : "?" + request.query.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        return try HTTPSignatures.verifies(
            parameters,
            method: request.method,
            target: request.path + query,
            fields: fields,
            publicKeyPEM: publicKeyPEM
        )
    }

    /// Alice's server, and a live Kiwi server on `kind` with ada signed up (`--federation on`, and
    /// private addresses allowed unless `serve` says otherwise); the body gets alice, the harness,
    /// the client, ada's token and the server's port.
    static func withAliceAndAda(
        _ kind: StoreKind,
        serve: [String] = federated,
        maxUploadBytes: Int = 64 * 1024,
        _ body: @escaping @Sendable (Alice, KiwiHarness, any TestClientProtocol, String, Int) async throws -> Void
    ) async throws {
        let alice = try await Alice.start()
        defer { Task { await alice.server.stop() } }
        try await withKiwi(kind, maxUploadBytes: maxUploadBytes, publicURL: "https://kiwi.test", serve: serve) { kiwi in
            try await kiwi.application.test(.live) { client in
                let ada = try await client.member("ada")
                try await body(alice, kiwi, client, ada, try #require(client.port))
            }
        }
    }

    @Test(arguments: StoreKind.available) func aRemoteReaderFollowsAMemberWhoAcceptsThenUndoes(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, _, client, _, port in
            do {
                let follow = alice.follow("https://kiwi.test/users/ada")
                let (status, said) = try await Self.post(follow, to: "/users/ada/inbox", port: port, keyID: alice.keyID, key: alice.key)
                #expect(status == 202, "\(said)")

                // Ada's server fetched alice's actor, signed by its own actor.
                let fetch = try #require(alice.server.requests.first { $0.method == "GET" && $0.path == "/users/alice" })
                #expect(
                    fetch.headers.first { $0.key.lowercased() == "signature" }?.value.contains(#"keyId="https://kiwi.test/actor#main-key""#) == true
                )
                #expect(try Self.verifies(fetch, publicKeyPEM: try await Self.actorKey(client, "/actor")))

                // The Accept arrives, signed by ada, naming alice's Follow.
                #expect(try await eventually(within: Self.delivery) { !alice.delivered.isEmpty }, "no Accept reached alice's inbox")
                let accept = try #require(alice.delivered.first)
                #expect(accept["type"] as? String == "Accept" && accept["actor"] as? String == "https://kiwi.test/users/ada")
                let accepted = try #require(accept["object"] as? [String: Any])
                #expect(accepted["id"] as? String == follow["id"] as? String && accepted["type"] as? String == "Follow")
                #expect(accepted["actor"] as? String == alice.id && accepted["object"] as? String == "https://kiwi.test/users/ada")
                let delivery = try #require(alice.server.requests.first { $0.method == "POST" })
                #expect(delivery.headers.first { $0.key.lowercased() == "signature" }?.value.contains("https://kiwi.test/users/ada#main-key") == true)
                #expect(try Self.verifies(delivery, publicKeyPEM: try await Self.actorKey(client, "/users/ada")))
                #expect(try await Self.followers(client, of: "ada") == 1)
                let listed = try await client.json(.get, "/users/ada/followers/remote").1 as? [[String: Any]]
                #expect(listed?.count == 1 && listed?.first?["handle"] as? String == alice.handle && listed?.first?["actor"] as? String == alice.id)
                #expect(listed?.first?["pending"] == nil, "a follower is not pending")

                // The same Follow delivered again (servers retry): still one follower, accepted under the same id.
                #expect(try await Self.post(follow, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                #expect(try await Self.followers(client, of: "ada") == 1)
                #expect(try await eventually(within: Self.delivery) { alice.delivered.count == 2 })
                #expect(Set(alice.delivered.compactMap { $0["id"] as? String }).count == 1)

                // Undo, naming the Follow by its id, at the shared inbox.
                let undo: [String: Any] = ["id": "\(alice.id)#undo/1", "type": "Undo", "actor": alice.id, "object": follow["id"] as Any]
                #expect(try await Self.post(undo, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                #expect(try await Self.followers(client, of: "ada") == 0)

                // Followed and undone again, the Follow given whole this time.
                let again = alice.follow("https://kiwi.test/users/ada")
                #expect(try await Self.post(again, to: "/users/ada/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                #expect(try await Self.followers(client, of: "ada") == 1)
                let undoWhole: [String: Any] = ["id": "\(alice.id)#undo/2", "type": "Undo", "actor": alice.id, "object": again]
                #expect(try await Self.post(undoWhole, to: "/users/ada/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                #expect(try await Self.followers(client, of: "ada") == 0)
            }
        }
    }

    /// A follower whose actor's id does not end in their name (bovine's end in a key, Misskey's in a
    /// number) is listed by the name they chose, `preferredUsername`, at their host.
    @Test(arguments: StoreKind.available) func aFollowerElsewhereIsListedByTheNameTheyChose(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, _, client, _, port in
            let id = "\(alice.server.baseURL.absoluteString)/endpoints/k4b49RKspsxF4s_UD-xZTkkiCfy1eSOuM8QJNmpoPWk"
            let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            let actor: [String: Any] = [
                "id": id, "type": "Person", "preferredUsername": "bea", "inbox": "\(id)/inbox",
                "publicKey": ["id": "\(id)#main-key", "owner": id, "publicKeyPem": key.publicKey.pemRepresentation],
            ]
            alice.server.route("/endpoints/k4b49RKspsxF4s_UD-xZTkkiCfy1eSOuM8QJNmpoPWk", .json(try JSONSerialization.data(withJSONObject: actor)))
            alice.server.route("/endpoints/k4b49RKspsxF4s_UD-xZTkkiCfy1eSOuM8QJNmpoPWk/inbox", .status(202))
            var follow = alice.follow("https://kiwi.test/users/ada")
            (follow["actor"], follow["id"]) = (id, "\(id)#follows/1")
            #expect(try await Self.post(follow, to: "/inbox", port: port, keyID: "\(id)#main-key", key: key).0 == 202)
            let listed = try await client.json(.get, "/users/ada/followers/remote").1 as? [[String: Any]]
            #expect(listed?.map { $0["handle"] as? String } == ["bea@\(alice.handle.split(separator: "@")[1])"], "\(listed ?? [])")
        }
    }

    /// Two servers of one PostgreSQL community both deliver, from one queue: ada's posts, made
    /// through either, reach each of her followers' inboxes elsewhere exactly once (a server's
    /// shared inbox once for all its readers there), however the two servers' turns interleave.
    @Test func twoServersOfACommunityDeliverEachActivityToEachInboxOnce() async throws {
        // Four servers elsewhere with three followers each: two servers with a shared inbox, two without.
        var servers: [StubServer] = []
        var readers: [(id: String, key: _RSA.Signing.PrivateKey)] = []
        for index in 0..<4 {
            let server = try await StubServer.start()
            servers.append(server)
            let base = server.baseURL.absoluteString
            if index < 2 { server.route("/inbox", .status(202)) }
            for name in ["bob", "carol", "dan"] {
                let id = "\(base)/users/\(name)"
                let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
                var actor: [String: Any] = [
                    "id": id, "type": "Person", "preferredUsername": name, "inbox": "\(id)/inbox",
                    "publicKey": ["id": "\(id)#main-key", "owner": id, "publicKeyPem": key.publicKey.pemRepresentation],
                ]
                if index < 2 { actor["endpoints"] = ["sharedInbox": "\(base)/inbox"] }
                server.route("/users/\(name)", .json(try JSONSerialization.data(withJSONObject: actor)))
                server.route("/users/\(name)/inbox", .status(202))
                readers.append((id, key))
            }
        }
        let (elsewhere, following) = (servers, readers)
        defer { Task { for server in elsewhere { await server.stop() } } }
        let inboxes = elsewhere.enumerated().flatMap { index, server in
            index < 2 ? [(server, "/inbox")] : ["bob", "carol", "dan"].map { (server, "/users/\($0)/inbox") }
        }
        let creates: @Sendable (StubServer, String) -> [String] = { server, path in
            server.requests.filter { $0.method == "POST" && $0.path == path }
                .compactMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
                .filter { $0["type"] as? String == "Create" }.compactMap { $0["id"] as? String }
        }

        try await withTwoServers(Self.federated + ["--public-url", "https://kiwi.test"], testing: .live) { _, a, b in
            let ada = try await a.member("ada")
            for reader in following {
                let follow: [String: Any] = [
                    "@context": "https://www.w3.org/ns/activitystreams", "id": "\(reader.id)#follows/1", "type": "Follow",
                    "actor": reader.id, "object": "https://kiwi.test/users/ada",
                ]
                let (status, said) = try await Self.post(
                    follow,
                    to: "/inbox",
                    port: try #require(a.port),
                    keyID: "\(reader.id)#main-key",
                    key: reader.key
                )
                #expect(status == 202, "\(said)")
            }
            #expect(try await Self.followers(b, of: "ada") == following.count)

            // Forty posts at once, half through each server, so that both claim from the queue together.
            let posted = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<40 { group.addTask { try await (index.isMultiple(of: 2) ? a : b).post("post \(index)", by: ada) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let expected = Set(posted.map { "https://kiwi.test/posts/\($0)/activity" })
            #expect(
                // 400 deliveries, 16 at a time: a loaded machine takes a while.
                try await eventually(within: .seconds(60)) { inboxes.allSatisfy { Set(creates($0.0, $0.1)) == expected } },
                "every inbox has every post: \(inboxes.map { creates($0.0, $0.1).count })"
            )
            try await Task.sleep(for: .seconds(1))
            for (server, path) in inboxes {
                #expect(creates(server, path).count == expected.count, "\(server.baseURL)\(path) got a post more than once")
            }
        }
    }

    /// Ada's new name and her new picture reach alice, who follows her, as `Update`s of her actor
    /// signed by her; a new email address, which no other server shows, sends nothing.
    @Test(arguments: StoreKind.available) func aMembersNewNameAndPictureReachHerFollowersElsewhere(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, _, client, ada, port in
            do {
                #expect(try await alice.followsAda(at: port).0 == 202)
                #expect(try await eventually(within: Self.delivery) { alice.delivered.count == 1 }, "the Accept")
                let updates = { alice.delivered.filter { $0["type"] as? String == "Update" } }

                #expect(try await client.json(.put, "/users/ada", #"{"fullname":"Ada Lovelace"}"#, token: ada).0 == .ok)
                #expect(try await eventually(within: Self.delivery) { updates().count == 1 }, "no Update reached alice")
                let renamed = try #require(updates().first)
                let actor = try #require(renamed["object"] as? [String: Any])
                #expect(renamed["actor"] as? String == "https://kiwi.test/users/ada" && renamed["to"] as? [String] == [KiwiWire.publicAudience])
                #expect(actor["id"] as? String == "https://kiwi.test/users/ada" && actor["type"] as? String == "Person")
                #expect(actor["name"] as? String == "Ada Lovelace")
                let delivery = try #require(alice.server.requests.last { $0.method == "POST" })
                #expect(try Self.verifies(delivery, publicKeyPEM: try await Self.actorKey(client, "/users/ada")))

                #expect(try await client.json(.put, "/users/ada", #"{"email":"ada@example.org"}"#, token: ada).0 == .ok)
                #expect(try await client.avatar(TestImages.multipart(try TestImages.photoTakenAtHome), of: "ada", token: ada).0 == .ok)
                #expect(try await eventually(within: Self.delivery) { updates().count == 2 })
                let pictured = try #require(updates().last?["object"] as? [String: Any])
                let icon = try #require((pictured["icon"] as? [String: Any])?["url"] as? String)
                #expect(icon != (actor["icon"] as? [String: Any])?["url"] as? String, "the new picture: \(icon)")
                #expect(Set(updates().compactMap { $0["id"] as? String }).count == 2, "each change an activity of its own")
                try await Task.sleep(for: .milliseconds(300))
                #expect(updates().count == 2, "the email address sent nothing")
            }
        }
    }

    /// Cal, whom alice follows and who follows her, deletes his account: her server is told once,
    /// by a `Delete` of his actor signed with his key, and the key goes once it is sent.
    @Test(arguments: StoreKind.available) func aDeletedAccountIsAnnouncedToItsServersElsewhereOnce(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, kiwi, client, _, port in
            do {
                let cal = try await client.member("cal", password: "cal-pw")
                let follow = alice.follow("https://kiwi.test/users/cal")
                #expect(try await Self.post(follow, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                #expect(try await Self.follow(alice.handle, port: port, token: cal).status == 200)
                #expect(try await eventually(within: Self.delivery) { alice.delivered.count == 2 }, "cal's Accept and his Follow")
                let key = try await Self.actorKey(client, "/users/cal")

                #expect(try await client.json(.delete, "/users/me", #"{"password":"cal-pw"}"#, token: cal).0 == .ok)
                #expect(try await eventually(within: Self.delivery) { alice.delivered.count == 3 }, "no Delete reached alice")
                let delete = try #require(alice.delivered.last)
                #expect(delete["type"] as? String == "Delete" && delete["actor"] as? String == "https://kiwi.test/users/cal")
                #expect((delete["object"] as? [String: Any])?["id"] as? String == "https://kiwi.test/users/cal")
                let delivery = try #require(alice.server.requests.last { $0.method == "POST" })
                #expect(try Self.verifies(delivery, publicKeyPEM: key), "signed with cal's own key")
                #expect(
                    try await eventually(within: Self.delivery) { try await kiwi.database.actorKey(of: "cal") == nil },
                    "the key went once it was sent"
                )
                try await Task.sleep(for: .milliseconds(300))
                #expect(alice.delivered.count == 3, "one inbox, told once")
            }
        }
    }

    /// Alice's page here, `/@alice@host`: her name and handle, a link to her profile on her server
    /// and nothing loaded from it; a Follow button that sends her server a `Follow`, "asked" until
    /// it accepts, then Unfollow (an `Undo`); "Follows you" once she does. A second look asks her
    /// server nothing; a handle at this server's own host is the member's page; nobody there is 404.
    @Test(arguments: StoreKind.available) func aReaderElsewhereHasAPageHereWithAFollowButton(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, _, client, ada, port in
            do {
                let path = "/@\(alice.handle)"
                let guest = try await client.page(path)
                #expect(guest.status == .ok, "\(guest.html)")
                #expect(guest.html.contains("<h1>Alice &lt;Liddell&gt;</h1>") && guest.html.contains("@\(alice.handle)"))
                #expect(guest.html.contains(#"href="\#(alice.server.baseURL.absoluteString)/@alice""#), "her profile there, a link")
                #expect(!guest.html.contains(#"src="\#(alice.server.baseURL.absoluteString)"#), "nothing loaded from her server")
                #expect(guest.html.contains("to follow Alice"))
                let asked = alice.server.requestCount()
                #expect(try await client.page(path).status == .ok)
                #expect(alice.server.requestCount() == asked, "a second look asks her server nothing")

                let page = try await client.page(path, session: ada)
                let csrf = try #require(page.csrf)
                #expect(page.html.contains(#"action="\#(path)/follow""#))
                let followed = try await client.submit("\(path)/follow", ["csrf": csrf], session: ada)
                #expect(followed.status == .seeOther && followed.location == path)
                #expect(
                    try await eventually(within: Self.delivery) { alice.delivered.contains { $0["type"] as? String == "Follow" } },
                    "no Follow reached alice"
                )
                let pending = try await client.page(path, session: ada).html
                #expect(
                    pending.contains("has not accepted yet") && pending.contains("Cancel the request")
                        && pending.contains(#"action="\#(path)/unfollow""#)
                )

                let follow = try #require(alice.delivered.first { $0["type"] as? String == "Follow" })
                let accept: [String: Any] = ["id": "\(alice.id)#accepts/1", "type": "Accept", "actor": alice.id, "object": follow]
                #expect(try await Self.post(accept, to: "/users/ada/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                #expect(try await alice.followsAda(at: port).0 == 202)
                let following = try await client.page(path, session: ada).html
                #expect(following.contains(">Unfollow<") && !following.contains("has not accepted yet") && following.contains("Follows you"))

                #expect(try await client.submit("\(path)/unfollow", ["csrf": csrf], session: ada).location == path)
                #expect(
                    try await eventually(within: Self.delivery) { alice.delivered.contains { $0["type"] as? String == "Undo" } },
                    "no Undo reached alice"
                )
                #expect(try await client.page(path, session: ada).html.contains(">Follow<"))

                let own = try await client.page("/@ada@kiwi.test")
                #expect(own.status == .seeOther && own.location == "/@ada")
                #expect(try await client.page("/@a@b@c").status == .notFound, "no handle, and nobody here")
                let host = alice.handle.split(separator: "@")[1]
                #expect(try await client.page("/@nobody@\(host)").status == .notFound)
                // A server that answers every name with alice names nobody else.
                let (handle, id) = (alice.handle, alice.id)
                alice.server.route("/.well-known/webfinger") { _ in
                    let found: [String: Any] = [
                        "subject": "acct:\(handle)", "links": [["rel": "self", "type": "application/activity+json", "href": id]],
                    ]
                    return .json(try! JSONSerialization.data(withJSONObject: found))
                }
                #expect(try await client.page("/@bob@\(host)").status == .notFound)
                // A server that cannot be reached: the page says so, and why.
                let away = try await client.page("/@carol@127.0.0.1:1")
                #expect(away.status == .badGateway && away.html.contains("it refuses connections"), "\(away.html)")
            }
        }
    }

    /// Ada follows alice on her server by her handle: found through WebFinger, followed with a
    /// signed `Follow` from ada, pending until alice's server accepts, listed as `alice@host`; the
    /// unfollow sends its `Undo`. Nobody by that name is 404, and (without the test switch) her
    /// server's address is not asked at all.
    @Test(arguments: StoreKind.available) func aMemberFollowsAReaderElsewhereWhoAcceptsThenUnfollows(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, _, client, ada, port in
            do {
                let (status, said) = try await Self.follow(alice.handle, port: port, token: ada)
                #expect(status == 200, "\(String(describing: said))")
                #expect(try await eventually(within: Self.delivery) { !alice.delivered.isEmpty }, "no Follow reached alice's inbox")
                let follow = try #require(alice.delivered.first)
                #expect(follow["type"] as? String == "Follow" && follow["@context"] as? String == "https://www.w3.org/ns/activitystreams")
                #expect(follow["actor"] as? String == "https://kiwi.test/users/ada" && follow["object"] as? String == alice.id)
                let followID = try #require(follow["id"] as? String)
                #expect(followID.hasPrefix("https://kiwi.test/users/ada#follows/"))
                let delivery = try #require(alice.server.requests.first { $0.method == "POST" })
                #expect(try Self.verifies(delivery, publicKeyPEM: try await Self.actorKey(client, "/users/ada")))
                let webFinger = try #require(alice.server.requests.first { $0.path == "/.well-known/webfinger" })
                #expect(try Self.verifies(webFinger, publicKeyPEM: try await Self.actorKey(client, "/actor")), "asked signed by the server")

                func following() async throws -> [[String: Any]]? {
                    try await client.json(.get, "/users/ada/following/remote").1 as? [[String: Any]]
                }
                func followingCount() async throws -> Int? {
                    try await client.execute(uri: "/users/ada/following", method: .get, headers: [.accept: "application/activity+json"]) {
                        (try? JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any])?["totalItems"] as? Int
                    }
                }
                let pending = try #require(try await following())
                #expect(pending.count == 1 && pending.first?["handle"] as? String == alice.handle && pending.first?["pending"] as? Bool == true)
                #expect(pending.first?["actor"] as? String == alice.id)
                #expect(try await followingCount() == 0, "not following until accepted")

                // Her server accepts, giving the Follow back whole.
                let accept: [String: Any] = ["id": "\(alice.id)#accepts/1", "type": "Accept", "actor": alice.id, "object": follow]
                #expect(try await Self.post(accept, to: "/users/ada/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                #expect(try await following()?.first?["pending"] as? Bool == false)
                #expect(try await followingCount() == 1)
                // Following twice is fine, and asks nothing more of her server.
                #expect(try await Self.follow(alice.handle, port: port, token: ada).status == 200)
                try await Task.sleep(for: .milliseconds(300))
                #expect(alice.delivered.count == 1)
                #expect(try await followingCount() == 1)
                // A handle at this server's own host is a member here.
                _ = try await client.member("bob")
                #expect(try await client.json(.post, "/users/bob@kiwi.test/follow", token: ada).0 == .ok)
                #expect(
                    try await client.json(.get, "/users/ada/following").1.map { ($0 as? [[String: Any]])?.first?["username"] as? String } == "bob"
                )

                // Unfollowed: an Undo of that Follow, signed by ada, and the list is empty.
                #expect(try await Self.follow(alice.handle, "DELETE", port: port, token: ada).status == 200)
                #expect(try await eventually(within: Self.delivery) { alice.delivered.count == 2 })
                let undo = try #require(alice.delivered.last)
                #expect(undo["type"] as? String == "Undo" && undo["actor"] as? String == "https://kiwi.test/users/ada")
                #expect((undo["object"] as? [String: Any])?["id"] as? String == followID)
                #expect(try await following()?.isEmpty == true)
                #expect(try await followingCount() == 1, "bob alone")
                #expect(try await Self.follow(alice.handle, "DELETE", port: port, token: ada).status == 200, "unfollowing twice is fine")

                // Nobody by that name on her server; not a handle at all.
                let (nobody, answer) = try await Self.follow("nobody@\(alice.handle.split(separator: "@")[1])", port: port, token: ada)
                #expect(nobody == 404 && answer?["error"] as? String == "user_not_found")
                #expect(try await client.json(.post, "/users/a@b@c/follow", token: ada).0 == .notFound)
            }
        }
        // Without the test switch her server, on this machine, is never asked.
        try await Self.withAliceAndAda(.memory, serve: ["--federation", "on"]) { alice, _, client, ada, _ in
            let (status, answer, _) = try await client.json(.post, "/users/\(alice.handle)/follow", token: ada)
            let said = answer as? [String: Any]
            #expect(status == .badGateway && said?["error"] as? String == "remote_server_failed", "\(String(describing: said))")
            #expect((said?["message"] as? String)?.contains("loopback, private or link-local") == true)
            #expect(alice.server.requests.isEmpty)
        }
    }

    /// Ada blocks alice by her handle: the follows between them end both ways, alice's server gets a
    /// `Block` signed by ada, alice's next `Follow` is rejected and ada cannot follow her; unblocking
    /// sends the `Undo`. Then alice blocks ada from her server: the follows end the same way, ada is
    /// told so when she would follow, and alice's `Undo` lets her.
    @Test(arguments: StoreKind.available) func aBlockWithAReaderElsewhereEndsTheirFollowsAndGoesBothWays(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, _, client, ada, port in
            do {
                let ofAda = "https://kiwi.test/users/ada"
                func delivered(_ type: String) -> [[String: Any]] { alice.delivered.filter { $0["type"] as? String == type } }
                func following() async throws -> [[String: Any]]? { try await client.json(.get, "/users/ada/following/remote").1 as? [[String: Any]] }
                /// Alice and ada follow each other: alice's `Follow` accepted, ada's accepted by alice's server.
                func followEachOther() async throws {
                    #expect(try await alice.followsAda(at: port).0 == 202)
                    let asked = delivered("Follow").count
                    #expect(try await Self.follow(alice.handle, port: port, token: ada).status == 200)
                    #expect(try await eventually(within: Self.delivery) { delivered("Follow").count == asked + 1 }, "no Follow reached alice")
                    let accept: [String: Any] = [
                        "id": "\(alice.id)#accepts/\(UUID())", "type": "Accept", "actor": alice.id, "object": delivered("Follow").last!,
                    ]
                    #expect(try await Self.post(accept, to: "/users/ada/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                    #expect(try await Self.followers(client, of: "ada") == 1)
                    #expect(try await following()?.first?["pending"] as? Bool == false)
                }
                try await followEachOther()

                let (blocked, said) = try await Self.follow(alice.handle, action: "block", port: port, token: ada)
                #expect(blocked == 200, "\(String(describing: said))")
                #expect(try await eventually(within: Self.delivery) { !delivered("Block").isEmpty }, "no Block reached alice")
                let block = try #require(delivered("Block").first)
                #expect(block["actor"] as? String == ofAda && block["object"] as? String == alice.id)
                #expect(block["@context"] as? String == "https://www.w3.org/ns/activitystreams")
                let blockID = try #require(block["id"] as? String)
                #expect(blockID.hasPrefix("\(ofAda)#blocks/"))
                let sent = try #require(alice.server.requests.last { $0.method == "POST" })
                #expect(try Self.verifies(sent, publicKeyPEM: try await Self.actorKey(client, "/users/ada")))
                #expect(try await Self.followers(client, of: "ada") == 0, "her follow of ada ended")
                #expect(try await following()?.isEmpty == true, "ada's follow of her ended")
                let listed = try await client.json(.get, "/users/me/blocks/remote", token: ada).1 as? [[String: Any]]
                #expect(listed?.count == 1 && listed?.first?["handle"] as? String == alice.handle && listed?.first?["actor"] as? String == alice.id)
                #expect(try await Self.follow(alice.handle, action: "block", port: port, token: ada).status == 200, "blocking twice is fine")

                // While it stands: her Follow is rejected, and ada's refused.
                let follow = alice.follow(ofAda)
                #expect(try await Self.post(follow, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                #expect(try await eventually(within: Self.delivery) { !delivered("Reject").isEmpty }, "no Reject reached alice")
                #expect((delivered("Reject").first?["object"] as? [String: Any])?["id"] as? String == follow["id"] as? String)
                #expect(try await Self.followers(client, of: "ada") == 0)
                let refused = try await Self.follow(alice.handle, port: port, token: ada)
                #expect(refused.status == 403 && refused.answer?["error"] as? String == "you_blocked")
                #expect(delivered("Block").count == 1, "one Block for two asks")
                let page = try await client.page("/@\(alice.handle)", session: ada).html
                #expect(
                    page.contains("You have blocked Alice &lt;Liddell&gt;") && page.contains(">Unblock<")
                        && !page.contains("\(alice.handle)/follow\"")
                )

                // Unblocked: the Undo of that Block, and the follow may be asked again.
                #expect(try await Self.follow(alice.handle, "DELETE", action: "block", port: port, token: ada).status == 200)
                #expect(try await eventually(within: Self.delivery) { !delivered("Undo").isEmpty }, "no Undo reached alice")
                let undo = try #require(delivered("Undo").first)
                #expect(undo["actor"] as? String == ofAda && (undo["object"] as? [String: Any])?["id"] as? String == blockID)
                #expect((undo["object"] as? [String: Any])?["type"] as? String == "Block")
                #expect((try await client.json(.get, "/users/me/blocks/remote", token: ada).1 as? [Any])?.isEmpty == true)
                let unblockedTwice = try await Self.follow(alice.handle, "DELETE", action: "block", port: port, token: ada)
                #expect(unblockedTwice.status == 404 && unblockedTwice.answer?["error"] as? String == "not_kept_away")
                try await followEachOther()

                // Alice blocks ada from her server: both follows end here too, until her Undo.
                let theirs: [String: Any] = ["id": "\(alice.id)#blocks/1", "type": "Block", "actor": alice.id, "object": ofAda]
                #expect(try await Self.post(theirs, to: "/users/ada/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                #expect(try await Self.followers(client, of: "ada") == 0)
                #expect(try await following()?.isEmpty == true)
                let told = try await Self.follow(alice.handle, port: port, token: ada)
                #expect(told.status == 403 && told.answer?["error"] as? String == "blocked")
                #expect(try await client.page("/@\(alice.handle)", session: ada).html.contains("has blocked you"))
                let lifted: [String: Any] = ["id": "\(alice.id)#blocks/1/undo", "type": "Undo", "actor": alice.id, "object": theirs]
                #expect(try await Self.post(lifted, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                #expect(try await Self.follow(alice.handle, port: port, token: ada).status == 200)
            }
        }
    }

    /// A moderator on alice's server reports bob and his post with a `Flag`, as Mastodon sends one
    /// (from her server's actor, naming his actor and the post's `Note`): a report in the queue here,
    /// by that actor, with the post as it was and its photo kept; the same `Flag` again is the same
    /// report. A `Flag` of a comment alone reports the comment; one naming nothing here is refused.
    @Test(arguments: StoreKind.available) func aFlagFromAnotherServerEntersTheModerationQueue(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, kiwi, client, ada, port in
            do {
                let bob = try await client.member("bob")
                #expect(try await kiwi.database.setRole(.moderator, of: "ada"))
                let spam = try await client.post("Cheap pills, see my profile", by: bob)
                let (_, commented) = try await client.form("operation=create&postid=\(spam)&text=Buy%20now", token: bob)
                let comment = try #require((commented as? [String: Any])?["id"] as? String)
                let flag: [String: Any] = [
                    "@context": "https://www.w3.org/ns/activitystreams", "id": "\(alice.id)#flags/1", "type": "Flag", "actor": alice.id,
                    "content": "  Spam in every caption  ", "object": ["https://kiwi.test/users/bob", "https://kiwi.test/posts/\(spam)"],
                ]
                let (status, said) = try await Self.post(flag, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key)
                #expect(status == 202, "\(said)")
                #expect(try await Self.post(flag, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202, "delivered twice")
                let queue = try #require(try await client.wire([KiwiWire.Report].self, .get, "/reports", token: ada).1)
                #expect(queue.count == 1, "one report for one Flag, however often delivered")
                let report = try #require(queue.first)
                #expect(report.reporter == alice.handle && report.account.username == "bob" && report.category == "other")
                #expect(report.comment == "Spam in every caption")
                #expect(report.content.posts.map(\.caption) == ["Cheap pills, see my profile"] && report.content.posts.first?.imageURL != nil)

                let ofComment: [String: Any] = [
                    "id": "\(alice.id)#flags/2", "type": "Flag", "actor": alice.id, "object": "https://kiwi.test/posts/\(spam)/comments/\(comment)",
                ]
                #expect(try await Self.post(ofComment, to: "/users/ada/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                let both = try #require(try await client.wire([KiwiWire.Report].self, .get, "/reports", token: ada).1)
                #expect(both.count == 2 && both.last?.content.comment?.text == "Buy now" && both.last?.account.username == "bob")

                let nothing: [String: Any] = ["id": "\(alice.id)#flags/3", "type": "Flag", "actor": alice.id, "object": [alice.id]]
                #expect(try await Self.post(nothing, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 400)
                // The moderator dismisses it; nobody here is told (the reporter is elsewhere).
                let (acted, _, _) = try await client.json(.post, "/reports/\(report.id)/actions", #"{"action":"dismiss"}"#, token: ada)
                #expect(acted == .ok)
            }
        }
    }

    /// A member reports a reader elsewhere by handle: a report here about their handle, and a `Flag`
    /// to their server by this server's actor (the member unnamed), once however often reported;
    /// moderators here may only dismiss it.
    @Test(arguments: StoreKind.available) func aReportOfAReaderElsewhereReachesTheirServerAsAFlag(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, kiwi, client, ada, port in
            do {
                // Through the API first: her server is asked who she is (see `follow`).
                let body = #"{"category":"spam","comment":"  Links to pills in every reply  "}"#
                let (status, answer) = try await Self.follow(alice.handle, action: "report", body: body, port: port, token: ada)
                #expect(status == 200, "\(answer ?? [:])")
                let report = try #require(
                    try await client.wire(KiwiWire.Report.self, .post, "/users/\(alice.handle)/report", #"{"category":"spam"}"#, token: ada).1,
                    "the report's answer"
                )
                #expect(report.account.username == alice.handle && report.category == "spam" && report.content.posts.isEmpty)
                #expect(report.comment == "Links to pills in every reply", "reported again: the first report")

                // From her page here, as a member reports anyone: the same report, thanked again.
                let path = "/@\(alice.handle)"
                #expect(try await client.page(path, session: ada).html.contains(#"href="\#(path)/report""#))
                let form = try await client.page("\(path)/report", session: ada)
                #expect(form.status == .ok && form.html.contains("Report @\(alice.handle)"))
                #expect(form.html.contains("The moderators of \(alice.handle.split(separator: "@")[1]) are sent this report too"))
                let fields = [("csrf", try #require(form.csrf)), ("category", "spam"), ("text", "Again")]
                let sent = try await client.submit("\(path)/report", fields: fields, session: ada)
                #expect(sent.status == .ok && sent.html.contains("Your report (number \(report.id))"), "\(sent.status)")
                func flags() -> [StubServer.Request] {
                    alice.server.requests.filter { $0.method == "POST" && $0.body.contains(Data(#""type":"Flag""#.utf8)) }
                }
                #expect(try await eventually(within: Self.delivery) { flags().count == 1 }, "no Flag reached alice's server")
                let delivered = try #require(flags().first)
                let flag = try #require(try JSONSerialization.jsonObject(with: delivered.body) as? [String: Any])
                #expect(flag["actor"] as? String == "https://kiwi.test/actor" && flag["object"] as? [String] == [alice.id])
                #expect(flag["content"] as? String == "Links to pills in every reply")
                #expect(!String(decoding: delivered.body, as: UTF8.self).contains("ada"), "the reporter stays unnamed")
                #expect(try Self.verifies(delivered, publicKeyPEM: try await Self.actorKey(client, "/actor")))

                let withPosts = #"{"category":"spam","posts":["1"]}"#
                #expect(try await client.json(.post, "/users/\(alice.handle)/report", withPosts, token: ada).0 == .badRequest)
                try await Task.sleep(for: .milliseconds(300))
                #expect(flags().count == 1)

                // Her server acts on her; here a moderator may only dismiss.
                #expect(try await kiwi.database.setRole(.moderator, of: "ada"))
                let (refused, said, _) = try await client.json(.post, "/reports/\(report.id)/actions", #"{"action":"suspend"}"#, token: ada)
                let message = (said as? [String: Any])?["message"] as? String
                #expect(refused == .badRequest && message?.contains("a reader on another server") == true, "\(message ?? "")")
                #expect(try await client.json(.post, "/reports/\(report.id)/actions", #"{"action":"dismiss"}"#, token: ada).0 == .ok)
            }
        }
    }

    /// Alice changes her key with an `Update` of herself (kept without asking her server again),
    /// then deletes her account: her `Delete` of herself ends every follow with her, both ways; and
    /// so does any activity signed in her name once her server answers 410 Gone for her.
    @Test(arguments: StoreKind.available) func aReaderWhoUpdatesAndThenDeletesTheirAccountElsewhere(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, _, client, ada, port in
            do {
                func followsBothWays() async throws {
                    #expect(try await alice.followsAda(at: port).0 == 202)
                    #expect(try await Self.follow(alice.handle, port: port, token: ada).status == 200)
                    #expect(try await Self.followers(client, of: "ada") == 1)
                    #expect((try await client.json(.get, "/users/ada/following/remote").1 as? [Any])?.count == 1)
                }
                func forgotten() async throws -> Bool {
                    let following = try await client.json(.get, "/users/ada/following/remote").1 as? [Any]
                    return try await Self.followers(client, of: "ada") == 0 && following?.isEmpty == true
                }
                try await followsBothWays()
                let fetches = alice.server.requestCount("/users/alice")

                // A new key, described in an Update signed with the one kept: the next activity
                // signed with the new key verifies without another fetch.
                let newKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
                let person: [String: Any] = [
                    "id": alice.id, "type": "Person", "preferredUsername": "alice", "inbox": "\(alice.id)/inbox",
                    "publicKey": ["id": alice.keyID, "owner": alice.id, "publicKeyPem": newKey.publicKey.pemRepresentation],
                ]
                let update: [String: Any] = ["id": "\(alice.id)#updates/1", "type": "Update", "actor": alice.id, "object": person]
                #expect(try await Self.post(update, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key).0 == 202)
                #expect(
                    try await Self.post(alice.follow("https://kiwi.test/users/ada"), to: "/inbox", port: port, keyID: alice.keyID, key: newKey).0
                        == 202
                )
                #expect(alice.server.requestCount("/users/alice") == fetches, "the Update's key was kept")

                // Her account deleted: a Delete of herself, signed with her key.
                let delete: [String: Any] = ["id": "\(alice.id)#delete", "type": "Delete", "actor": alice.id, "object": alice.id]
                #expect(try await Self.post(delete, to: "/inbox", port: port, keyID: alice.keyID, key: newKey).0 == 202)
                #expect(try await forgotten(), "every follow with her ended")

                // Followed again, then gone from her server: an activity in her name whose key no
                // longer verifies is checked with her server, which answers 410, and she is forgotten.
                try await followsBothWays()
                alice.server.route("/users/alice", .status(410))
                let stranger = try _RSA.Signing.PrivateKey(keySize: .bits2048)
                #expect(try await Self.post(delete, to: "/inbox", port: port, keyID: alice.keyID, key: stranger).0 == 202)
                #expect(try await forgotten())
            }
        }
    }

    @Test func aHandleIsAUsernameAtAHost() {
        #expect(RemoteHandle("alice@BookWyrm.example")?.description == "alice@bookwyrm.example")
        #expect(RemoteHandle("@alice@mastodon.example:8443")?.host == "mastodon.example:8443")
        for text in ["alice", "alice@", "@alice", "a@b@c", "alice@host/path", "ali ce@host", "alice@.host", "alice@-host"] {
            #expect(RemoteHandle(text) == nil, "\(text)")
        }
        #expect(RemoteHandle.named(by: "https://bookwyrm.example/user/alice") == "alice@bookwyrm.example")
    }

    /// Two readers of one remote server (one shared inbox) and one of another follow ada; her post
    /// about a book, with a photo from a phone, a description and a spoiler warning, reaches each
    /// inbox once as a `Create` of a `Note`, its photo at a URL the other servers can fetch; her
    /// comment on it as a `Note` in reply to the post's; their deletions reach them as `Delete`s.
    @Test(arguments: StoreKind.available) func aPostAndACommentReachFollowersElsewhereAsNotesAndTheirDeletionsAsDeletes(kind: StoreKind) async throws
    {
        let alice = try await Alice.start()
        let library = try await OpenLibraryStub.start()
        let shared = try await StubServer.start()
        defer {
            Task {
                await alice.server.stop()
                await library.stop()
                await shared.stop()
            }
        }
        shared.route("/inbox", .status(202))
        var served: [(id: String, key: _RSA.Signing.PrivateKey)] = []
        for name in ["bob", "carol"] {
            let id = "\(shared.baseURL.absoluteString)/users/\(name)"
            let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            let actor: [String: Any] = [
                "id": id, "type": "Person", "preferredUsername": name, "inbox": "\(id)/inbox",
                "endpoints": ["sharedInbox": "\(shared.baseURL.absoluteString)/inbox"],
                "publicKey": ["id": "\(id)#main-key", "owner": id, "publicKeyPem": key.publicKey.pemRepresentation],
            ]
            shared.route("/users/\(name)", .json(try JSONSerialization.data(withJSONObject: actor)))
            shared.route("/users/\(name)/inbox", .status(202))
            served.append((id, key))
        }
        let readers = served
        try await withKiwi(
            kind,
            maxUploadBytes: 1 << 20,
            books: KiwiBookTests.books(library.baseURL),
            publicURL: "https://kiwi.test",
            serve: Self.federated
        ) { kiwi in
            try await kiwi.application.test(.live) { client in
                let ada = try await client.member("ada")
                let port = try #require(client.port)
                let ids = [alice.id] + readers.map(\.id)
                #expect(
                    try await alice.followsAda(at: port).0
                        == 202
                )
                for reader in readers {
                    var follow = alice.follow("https://kiwi.test/users/ada")
                    (follow["actor"], follow["id"]) = (reader.id, "\(reader.id)#follows/1")
                    #expect(try await Self.post(follow, to: "/inbox", port: port, keyID: "\(reader.id)#main-key", key: reader.key).0 == 202)
                }
                #expect(try await Self.followers(client, of: "ada") == ids.count)

                let (body, type) = TestImages.multipart(
                    try TestImages.photoTakenAtHome,
                    filename: "IMG_2041.jpg",
                    caption: "Rain all day <3\nand this",
                    fields: ["book": "9780141439600", "imageAlt": "A paperback on a wet windowsill", "spoiler": "the ending"]
                )
                let (status, post) = try await client.execute(
                    uri: "/posts",
                    method: .post,
                    headers: [.contentType: type, .authorization: "Bearer \(ada)"],
                    body: ByteBuffer(data: body)
                ) { ($0.status, try? JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any]) }
                let id = try #require(post?["id"] as? String, "\(status)")
                let creates = { (requests: [StubServer.Request], path: String) in
                    requests.filter { $0.path == path }.compactMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
                        .filter { $0["type"] as? String == "Create" }
                }
                #expect(try await eventually(within: Self.delivery) { creates(alice.server.requests, "/users/alice/inbox").count == 1 })
                #expect(try await eventually(within: Self.delivery) { creates(shared.requests, "/inbox").count == 1 })
                try await Task.sleep(for: .milliseconds(300))
                #expect(creates(shared.requests, "/inbox").count == 1, "one delivery for both readers of the shared inbox")
                #expect(
                    shared.requests.filter { $0.path.hasSuffix("/inbox") && $0.path != "/inbox" && $0.body.contains(Data("Create".utf8)) }.isEmpty
                )

                let create = try #require(creates(alice.server.requests, "/users/alice/inbox").first)
                let note = try #require(create["object"] as? [String: Any])
                #expect(create["actor"] as? String == "https://kiwi.test/users/ada")
                #expect(note["id"] as? String == "https://kiwi.test/posts/\(id)" && note["url"] as? String == "https://kiwi.test/p/\(id)")
                #expect(note["to"] as? [String] == ["https://www.w3.org/ns/activitystreams#Public"])
                #expect(note["cc"] as? [String] == ["https://kiwi.test/users/ada/followers"])
                #expect(note["summary"] as? String == "the ending" && note["sensitive"] as? Bool == true)
                // Its context defines `sensitive`, or a reader of JSON-LD (bovine) drops it, and the warning with it.
                let noteContext = try JSONSerialization.data(withJSONObject: ["https://www.w3.org/ns/activitystreams", ["sensitive": "as:sensitive"]])
                #expect(try JSONSerialization.data(withJSONObject: create["@context"] as Any) == noteContext)
                let content = try #require(note["content"] as? String)
                #expect(content.contains("<p>Rain all day &lt;3<br>and this</p>"), "\(content)")
                #expect(content.contains(#"<a href="https://kiwi.test/books/9780141439600">The Tempest</a> by William Shakespeare"#), "\(content)")
                let attachment = try #require((note["attachment"] as? [[String: Any]])?.first)
                #expect(attachment["type"] as? String == "Image" && attachment["name"] as? String == "A paperback on a wet windowsill")
                let photo = try #require((attachment["url"] as? String).flatMap(URLComponents.init(string:)))
                #expect(photo.host == "kiwi.test" && photo.queryItems?.contains { $0.name == "signature" } == true)
                // Reachable by the servers that got it (the URL is signed), by nobody without the signature.
                let signedPath = "\(photo.path)?\(photo.percentEncodedQuery ?? "")"
                let (photoStatus, bytes) = try await client.execute(uri: signedPath, method: .get) { ($0.status, Data(buffer: $0.body)) }
                #expect(photoStatus == .ok && bytes.starts(with: [0xFF, 0xD8]))
                #expect(bytes.range(of: Data(TestImages.position)) == nil, "where the phone was stays at home")
                #expect(try await client.execute(uri: photo.path, method: .get) { $0.status } == .forbidden)
                let delivered = try #require(alice.server.requests.first { $0.path == "/users/alice/inbox" && $0.body.contains(Data("Create".utf8)) })
                #expect(try Self.verifies(delivered, publicKeyPEM: try await Self.actorKey(client, "/users/ada")))

                // The post's id is its Note.
                let fetched = try await client.execute(uri: "/posts/\(id)", method: .get, headers: [.accept: "application/activity+json"]) {
                    try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any]
                }
                #expect(fetched?["id"] as? String == note["id"] as? String && fetched?["type"] as? String == "Note")
                #expect(
                    try JSONSerialization.data(withJSONObject: fetched?["@context"] as Any) == noteContext,
                    "fetched on its own, it has its context"
                )
                #expect(note["@context"] == nil, "inside its Create, the Create's context is its")
                let servedURL = try #require((fetched?["attachment"] as? [[String: Any]])?.first?["url"] as? String)
                let served = try #require(URLComponents(string: servedURL))
                #expect(try await client.execute(uri: "\(served.path)?\(served.percentEncodedQuery ?? "")", method: .get) { $0.status } == .ok)

                // Her comment, with a spoiler warning, is a Note in reply to the post's; bob's
                // reaches nobody elsewhere (nobody there follows him).
                let bob = try await client.member("bob")
                let (_, bobs) = try await client.form("operation=create&postid=\(id)&text=Lovely", token: bob)
                #expect((bobs as? [String: Any])?["id"] != nil)
                let (commented, answer) = try await client.form(
                    "operation=create&postid=\(id)&text=The%20storm%20%3C3%0Aagain&spoiler=the%20storm",
                    token: ada
                )
                let comment = try #require((answer as? [String: Any])?["id"] as? String, "\(commented)")
                #expect(try await eventually(within: Self.delivery) { creates(alice.server.requests, "/users/alice/inbox").count == 2 })
                #expect(try await eventually(within: Self.delivery) { creates(shared.requests, "/inbox").count == 2 })
                let reply = try #require(creates(alice.server.requests, "/users/alice/inbox").last?["object"] as? [String: Any])
                let replyID = "https://kiwi.test/posts/\(id)/comments/\(comment)"
                #expect(reply["id"] as? String == replyID && reply["inReplyTo"] as? String == note["id"] as? String)
                #expect(
                    reply["attributedTo"] as? String == "https://kiwi.test/users/ada"
                        && reply["url"] as? String == "https://kiwi.test/p/\(id)#c\(comment)"
                )
                #expect(reply["content"] as? String == "<p>The storm &lt;3<br>again</p>" && reply["summary"] as? String == "the storm")
                #expect(reply["sensitive"] as? Bool == true && (reply["attachment"] as? [Any])?.isEmpty == true)
                try await Task.sleep(for: .milliseconds(300))
                #expect(creates(alice.server.requests, "/users/alice/inbox").count == 2, "bob's comment went nowhere")
                // Its id is its Note; the API has no such read.
                let fetchedReply = try await client.execute(
                    uri: "/posts/\(id)/comments/\(comment)",
                    method: .get,
                    headers: [.accept: "application/activity+json"]
                ) { try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any] }
                #expect(fetchedReply?["id"] as? String == replyID && fetchedReply?["inReplyTo"] as? String == note["id"] as? String)
                #expect(try await client.execute(uri: "/posts/\(id)/comments/\(comment)", method: .get) { $0.status } == .notFound)
                #expect(
                    try await client.execute(uri: "/posts/\(id)/comments/999999", method: .get, headers: [.accept: "application/activity+json"]) {
                        $0.status
                    } == .notFound
                )

                // Deleted, the comment and then the post are Tombstones to both servers.
                let deletes = { (server: StubServer, path: String) in
                    server.requests.filter { $0.path == path }.compactMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
                        .filter { $0["type"] as? String == "Delete" }.compactMap { ($0["object"] as? [String: Any])?["id"] as? String }
                }
                #expect(try await client.form("operation=delete&commentid=\(comment)", token: ada).0 == .ok)
                #expect(
                    try await eventually(within: Self.delivery) {
                        deletes(alice.server, "/users/alice/inbox") == [replyID] && deletes(shared, "/inbox") == [replyID]
                    }
                )
                #expect(try await client.json(.delete, "/posts/\(id)", token: ada).0 == .ok)
                let postID = "https://kiwi.test/posts/\(id)"
                #expect(
                    try await eventually(within: Self.delivery) {
                        deletes(alice.server, "/users/alice/inbox") == [replyID, postID] && deletes(shared, "/inbox") == [replyID, postID]
                    }
                )
                let tombstone = try #require(
                    alice.server.requests.last { $0.path == "/users/alice/inbox" }.flatMap {
                        try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any]
                    }
                )
                #expect(
                    (tombstone["object"] as? [String: Any])?["type"] as? String == "Tombstone"
                        && tombstone["actor"] as? String == "https://kiwi.test/users/ada"
                )
            }
        }
    }

    /// An admin blocks alice's server: her follow ends, a post reaches her no more, her activities
    /// are refused before anything is fetched from her server, and the audit log says who and why.
    /// Lifted, she may follow again.
    @Test(arguments: StoreKind.available) func aBlockedServerIsRefusedAndItsFollowsEnd(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, kiwi, client, ada, port in
            do {
                let bob = try await client.member("bob")
                _ = try await kiwi.database.setRole(.admin, of: "ada")
                #expect(
                    try await alice.followsAda(at: port).0
                        == 202
                )
                #expect(try await Self.follow(alice.handle, port: port, token: ada).status == 200, "and ada follows her")
                #expect(try await eventually(within: Self.delivery) { alice.delivered.count == 2 }, "the Accept and the Follow")
                #expect(try await Self.followers(client, of: "ada") == 1)

                let (refused, _, _) = try await client.json(.put, "/domain_blocks/127.0.0.1", #"{"reason":"spam"}"#, token: bob)
                #expect(refused == .forbidden, "only an admin blocks a server")
                #expect(try await client.json(.put, "/domain_blocks/not%20a%20host", "{}", token: ada).0 == .badRequest)
                let (status, block, _) = try await client.json(.put, "/domain_blocks/127.0.0.1", #"{"reason":"floods of spam"}"#, token: ada)
                #expect(status == .ok && (block as? [String: Any])?["host"] as? String == "127.0.0.1")
                #expect(try await Self.followers(client, of: "ada") == 0, "the follow ended with the block")
                #expect((try await client.json(.get, "/users/ada/following/remote").1 as? [Any])?.isEmpty == true, "both ways")
                let (_, listed, _) = try await client.json(.get, "/domain_blocks", token: ada)
                let blocks = try #require(listed as? [[String: Any]])
                #expect(blocks.count == 1 && blocks.first?["reason"] as? String == "floods of spam" && blocks.first?["blockedBy"] as? String == "ada")
                let (_, audit, _) = try await client.json(.get, "/audit", token: ada)
                let line = try #require((audit as? [[String: Any]])?.first)
                #expect(
                    line["action"] as? String == "block_server" && line["account"] as? String == "127.0.0.1" && line["moderator"] as? String == "ada"
                )

                // Refused before her server is asked for anything.
                let fetches = alice.server.requestCount("/users/alice")
                let (blocked, said) = try await alice.followsAda(at: port)
                #expect(blocked == 403 && said.contains("server_blocked"), "\(said)")
                let (follow, refusal, _) = try await client.json(.post, "/users/\(alice.handle)/follow", token: ada)
                #expect(follow == .forbidden && (refusal as? [String: Any])?["error"] as? String == "server_blocked")
                #expect(alice.server.requestCount("/users/alice") == fetches && alice.server.requestCount("/.well-known/webfinger") == 1)
                _ = try await client.post("Nothing for alice", by: ada)
                try await Task.sleep(for: .milliseconds(1500))
                #expect(alice.delivered.count == 2, "only the Accept and the Follow from before the block")

                #expect(try await client.json(.delete, "/domain_blocks/127.0.0.1", #"{"reason":"cleaned up"}"#, token: ada).0 == .ok)
                let (again, answer, _) = try await client.json(.delete, "/domain_blocks/127.0.0.1", "{}", token: ada)
                #expect(again == .notFound && (answer as? [String: Any])?["error"] as? String == "server_not_blocked")
                #expect(
                    try await alice.followsAda(at: port).0
                        == 202
                )
                #expect(try await Self.followers(client, of: "ada") == 1)
            }
        }
    }

    /// The same from the web: an admin's page lists the blocked servers, blocks one from its form
    /// (what was typed stays, with what is wrong with it) and unblocks it; a member is refused.
    @Test func anAdminBlocksAServerFromTheWebPage() async throws {
        try await withKiwi(.memory, publicURL: "https://kiwi.test", serve: Self.federated) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.signUpPage("ada")
                let bob = try await client.signUpPage("bob")
                _ = try await kiwi.database.setRole(.admin, of: "ada")
                #expect(try await client.page("/moderation", session: ada).html.contains(#"<a href="/moderation/servers">Blocked servers</a>"#))
                #expect(try await !client.page("/moderation", session: bob).html.contains("/moderation/servers"))
                #expect(try await client.page("/moderation/servers", session: bob).status == .forbidden)

                let page = try await client.page("/moderation/servers", session: ada)
                #expect(page.status == .ok && page.html.contains("No server is blocked."))
                let csrf = try #require(page.csrf)
                let typo = try await client.submit(
                    "/moderation/servers",
                    ["csrf": csrf, "host": "not a host", "text": "spam"],
                    session: ada,
                    origin: "https://kiwi.test"
                )
                #expect(typo.status == .badRequest && typo.html.contains("is not a server&#39;s name") && typo.html.contains(#"value="not a host""#))
                let blocked = try await client.submit(
                    "/moderation/servers",
                    ["csrf": csrf, "host": "https://Spam.Example/@someone", "text": "floods of spam"],
                    session: ada,
                    origin: "https://kiwi.test"
                )
                #expect(blocked.status == .seeOther && blocked.location == "/moderation/servers")
                let listed = try await client.page("/moderation/servers", session: ada).html
                #expect(listed.contains("<strong>spam.example</strong>") && listed.contains("“floods of spam”"))
                #expect(
                    try await client.page("/moderation/audit", session: ada).html.contains("@ada blocked the server spam.example: “floods of spam”")
                )
                let unblocked = try await client.submit(
                    "/moderation/servers/spam.example/unblock",
                    ["csrf": csrf],
                    session: ada,
                    origin: "https://kiwi.test"
                )
                #expect(unblocked.status == .seeOther)
                #expect(try await client.page("/moderation/servers", session: ada).html.contains("No server is blocked."))
            }
        }
    }

    @Test func aBlockCoversTheServersUnderItsDomain() throws {
        #expect(BlockedServer.covering("social.books.example.org") == ["social.books.example.org", "books.example.org", "example.org"])
        #expect(BlockedServer.covering("127.0.0.1") == ["127.0.0.1"])
        #expect(try BlockedServer.named(" Mastodon.Example ") == "mastodon.example")
        #expect(try BlockedServer.named("https://mastodon.example:8443/@alice") == "mastodon.example")
        for typed in ["", "localhost", "not a host", "bad/host.example", ".example.org"] {
            #expect(throws: KiwiProblem.self, "\(typed)") { try BlockedServer.named(typed) }
        }
    }

    @Test(arguments: [StoreKind.memory, .sqlite]) func anActivityThatFailsACheckIsRefusedAndChangesNothing(kind: StoreKind) async throws {
        try await Self.withAliceAndAda(kind) { alice, _, client, _, port in
            do {
                let follow = alice.follow("https://kiwi.test/users/ada")
                let stranger = try _RSA.Signing.PrivateKey(keySize: .bits2048)
                var otherActor = follow
                otherActor["actor"] = "\(alice.server.baseURL.absoluteString)/users/bob"
                let refused: [(String, (Int, String))] = [
                    ("unsigned", try await Self.post(follow, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key, signed: false)),
                    ("a wrong key", try await Self.post(follow, to: "/inbox", port: port, keyID: alice.keyID, key: stranger)),
                    (
                        "a stale Date",
                        try await Self.post(follow, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key, signedAt: Date() - 14 * 3600)
                    ),
                    (
                        "a changed body",
                        try await Self.post(
                            follow,
                            to: "/inbox",
                            port: port,
                            keyID: alice.keyID,
                            key: alice.key,
                            sentBody: try JSONSerialization.data(withJSONObject: alice.follow("https://kiwi.test/users/ada"))
                        )
                    ),
                    ("another actor's activity", try await Self.post(otherActor, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key)),
                ]
                for (what, (status, said)) in refused {
                    #expect(status == 401, "\(what): \(status) \(said)")
                    #expect(said.contains("signature_refused"), "\(what): \(said)")
                }
                #expect(refused[0].1.1.contains("not signed") && refused[1].1.1.contains("does not verify"))
                #expect(refused[2].1.1.contains("Date") && refused[3].1.1.contains("Digest"))
                #expect(try await Self.followers(client, of: "ada") == 0)
                try await Task.sleep(for: .milliseconds(300))
                #expect(alice.delivered.isEmpty)

                // Alice's server rotates her key: the kept one fails, the actor is fetched again, and it holds.
                let rotated = try _RSA.Signing.PrivateKey(keySize: .bits2048)
                alice.serve(key: rotated)
                let fetches = alice.server.requestCount("/users/alice")
                #expect(try await Self.post(follow, to: "/inbox", port: port, keyID: alice.keyID, key: rotated).0 == 202)
                #expect(alice.server.requestCount("/users/alice") == fetches + 1)
                #expect(try await Self.followers(client, of: "ada") == 1)

                // A flood of bad signatures in her name: her server is asked again at most three times a minute.
                for _ in 0..<6 { #expect(try await Self.post(follow, to: "/inbox", port: port, keyID: alice.keyID, key: stranger).0 == 401) }
                #expect(alice.server.requestCount("/users/alice") <= fetches + 3)
            }
        }
    }

    /// A server delivers at most its allowance of activities (`activities@server`), counted once
    /// their signature holds; past it, 429 with when to try again, which servers honour.
    @Test func aServerPastItsAllowanceIsToldToWait() async throws {
        try await Self.withAliceAndAda(.memory, serve: Self.federated + ["--rate-limit", "activities=2/1h"]) { alice, _, _, _, port in
            for _ in 0..<2 {
                #expect(
                    try await alice.followsAda(at: port).0
                        == 202
                )
            }
            let (status, said) = try await alice.followsAda(at: port)
            #expect(status == 429 && said.contains("too many activities from this server: at most 2 in 1 hour"), "\(said)")
        }
    }

    /// A server's `Flag`s spend the `reports` allowance of the actor who sends them, as a member's
    /// reports do: past it, 429, and nothing more reaches the queue.
    @Test func aServerFlagsNoMoreThanTheReportsAllowance() async throws {
        try await Self.withAliceAndAda(.memory, serve: Self.federated + ["--rate-limit", "reports=2/1h"]) { alice, kiwi, client, ada, port in
            #expect(try await kiwi.database.setRole(.moderator, of: "ada"))
            for name in ["bob", "cat", "dan"] { _ = try await client.member(name) }
            func flag(_ name: String) async throws -> (Int, String) {
                let flag: [String: Any] = [
                    "id": "\(alice.id)#flags/\(name)", "type": "Flag", "actor": alice.id, "object": "https://kiwi.test/users/\(name)",
                ]
                return try await Self.post(flag, to: "/inbox", port: port, keyID: alice.keyID, key: alice.key)
            }
            #expect(try await flag("bob").0 == 202)
            #expect(try await flag("cat").0 == 202)
            let (status, said) = try await flag("dan")
            #expect(status == 429, "\(said)")
            #expect(try await flag("bob").0 == 202, "a Flag delivered again is the report made, and spends nothing")
            #expect(try await client.wire([KiwiWire.Report].self, .get, "/reports", token: ada).1?.count == 2)
        }
    }

    /// Without `--federation-allow-private`, a key on a loopback address is never fetched; a
    /// document past the size limit is never read whole.
    @Test func fetchesStayOffThisNetworkAndWithinTheirSize() async throws {
        try await Self.withAliceAndAda(.memory, serve: ["--federation", "on"]) { alice, _, _, _, port in
            let (status, said) = try await alice.followsAda(at: port)
            #expect(status == 401 && said.contains("loopback, private or link-local"), "\(said)")
            #expect(alice.server.requestCount() == 0)
        }
        try await Self.withAliceAndAda(.memory) { alice, _, client, _, port in
            alice.server.route("/users/alice", .json(Data(repeating: UInt8(ascii: " "), count: 2 << 20)))
            let (status, said) = try await alice.followsAda(at: port)
            #expect(status == 401 && said.contains("more than 1024 KB"), "\(said)")
            #expect(try await Self.followers(client, of: "ada") == 0)
        }
        for (address, isPublic) in [
            ("127.0.0.1", false), ("10.1.2.3", false), ("172.20.0.1", false), ("192.168.1.1", false), ("169.254.169.254", false),
            ("100.64.0.1", false), ("0.0.0.0", false), ("::1", false), ("::", false), ("fe80::1", false), ("fd00::1", false),
            ("::ffff:127.0.0.1", false), ("93.184.216.34", true), ("2606:4700::1111", true), ("8.8.8.8", true),
        ] {
            #expect(FederationClient.isPublic(address) == isPublic, "\(address)")
        }
    }

    /// A delivery that fails is tried again later, doubling the wait; one a server refuses for good
    /// (a 4xx other than 401, 408 and 429) is given up; and two days on, any is.
    @Test func aFailedDeliveryIsTriedAgainLaterAndGivenUpInTheEnd() async throws {
        let inbox = try await StubServer.start()
        defer { Task { await inbox.stop() } }
        inbox.route("/inbox", .status(503), .status(202))
        inbox.route("/gone", .status(410))
        let database = MemoryKiwiDatabase()
        let signer = FederationClient.Signer(keyID: "https://kiwi.test/actor#main-key", key: try _RSA.Signing.PrivateKey(keySize: .bits2048))
        let deliveries = Deliveries(store: database, client: FederationClient(allowsPrivate: true, userAgent: "test")) { _ in signer }
        let body = Data(#"{"type":"Like"}"#.utf8)
        try await deliveries.queue([
            OutgoingDelivery(inbox: "\(inbox.baseURL.absoluteString)/inbox", activityID: "a", signer: "@server", body: body),
            OutgoingDelivery(inbox: "\(inbox.baseURL.absoluteString)/inbox", activityID: "a", signer: "@server", body: body),
            OutgoingDelivery(inbox: "\(inbox.baseURL.absoluteString)/gone", activityID: "b", signer: "@server", body: body),
        ])
        let now = Date()
        #expect(await deliveries.sendDue(now: now) == 2, "one delivery per inbox and activity")
        #expect(inbox.requestCount("/inbox") == 1 && inbox.requestCount("/gone") == 1)
        // Not due again before its wait.
        #expect(await deliveries.sendDue(now: now + 10) == 0)
        #expect(await deliveries.sendDue(now: now + 31) == 1)
        #expect(inbox.requestCount("/inbox") == 2)
        #expect(await deliveries.sendDue(now: now + 3 * 86_400) == 0, "delivered, and the 410 given up")

        #expect(Deliveries.wait(afterAttempts: 1) == 30 && Deliveries.wait(afterAttempts: 3) == 120)
        #expect(Deliveries.wait(afterAttempts: 30) == Deliveries.longestWait)
        inbox.route("/down", .status(503))
        try await deliveries.queue([OutgoingDelivery(inbox: "\(inbox.baseURL.absoluteString)/down", activityID: "c", signer: "@server", body: body)])
        #expect(await deliveries.sendDue(now: now + 3 * 86_400) == 1)
        #expect(await deliveries.sendDue(now: now + 4 * 86_400) == 0, "given up past two days")
    }

    /// A server that has failed every delivery for six hours is held: its deliveries, and those
    /// queued for it meanwhile, wait six hours between rounds instead of starting again at 30 s;
    /// one delivery that arrives frees it. Another host is not held with it.
    @Test(arguments: StoreKind.available) func aHostThatKeepsFailingIsHeldUntilItAnswers(kind: StoreKind) async throws {
        let (down, up) = (try await StubServer.start(), try await StubServer.start())
        defer {
            Task {
                await down.stop()
                await up.stop()
            }
        }
        let answers = Mutex(503)
        down.route("/inbox") { _ in .status(answers.withLock { $0 }) }
        up.route("/inbox", .status(503))
        // Two hosts: 127.0.0.1 and localhost.
        let (downInbox, upInbox) = ("\(down.baseURL.absoluteString)/inbox", "http://localhost:\(up.baseURL.port!)/inbox")
        try await withKiwi(kind) { kiwi in
            let signer = FederationClient.Signer(keyID: "https://kiwi.test/actor#main-key", key: try _RSA.Signing.PrivateKey(keySize: .bits2048))
            let deliveries = Deliveries(store: kiwi.database, client: FederationClient(allowsPrivate: true, userAgent: "test")) { _ in signer }
            func send(_ id: String, to inbox: String) async throws {
                try await deliveries.queue([OutgoingDelivery(inbox: inbox, activityID: id, signer: "@server", body: Data("{}".utf8))])
            }
            try await send("a", to: downInbox)
            // The rounds' clock runs ahead of the real one, which queues: a machine that stalls
            // for half a minute between two rounds (CI's did) cannot make a's second try due early.
            let now = Date() + 1_000
            #expect(await deliveries.sendDue(now: now) == 1)
            // Failing, but not for long: a new delivery is tried at once.
            try await send("b", to: downInbox)
            #expect(await deliveries.sendDue(now: now + 1) == 1)
            // Six hours of nothing but failures: held.
            #expect(await deliveries.sendDue(now: now + 6 * 3600 + 1) == 2)
            try await send("c", to: downInbox)
            try await send("d", to: upInbox)
            #expect(await deliveries.sendDue(now: now + 12 * 3600) == 1, "only the other host's; the held one's wait")
            #expect(down.requestCount("/inbox") == 4)
            // The next round: one answer frees the host.
            answers.withLock { $0 = 202 }
            #expect(await deliveries.sendDue(now: now + 12 * 3600 + 2) == 3)
            #expect(down.requestCount("/inbox") == 7)
            try await send("e", to: downInbox)
            #expect(await deliveries.sendDue(now: now + 12 * 3600 + 3) == 1, "tried at once again")
        }
    }

    /// A batch of deliveries goes at most `perHost` at a time to any one host.
    @Test func aHostGetsAtMostFourDeliveriesAtOnce() async throws {
        let (one, two) = (try await StubServer.start(), try await StubServer.start())
        defer {
            Task {
                await one.stop()
                await two.stop()
            }
        }
        // Each answer takes three seconds, so that a loaded run still has the four of a host in
        // flight together (with one second, the whole suite's load once left one of them behind).
        for server in [one, two] { server.route("/inbox", .respond(status: 202, body: Data(), headers: [:], delay: .seconds(3))) }
        let database = MemoryKiwiDatabase()
        let signer = FederationClient.Signer(keyID: "https://kiwi.test/actor#main-key", key: try _RSA.Signing.PrivateKey(keySize: .bits2048))
        let deliveries = Deliveries(store: database, client: FederationClient(allowsPrivate: true, userAgent: "test")) { _ in signer }
        // Two hosts by name, for the stubs share an address: 127.0.0.1 and localhost.
        try await deliveries.queue(
            (0..<12).map {
                OutgoingDelivery(inbox: "\(one.baseURL.absoluteString)/inbox", activityID: "a\($0)", signer: "@server", body: Data("{}".utf8))
            }
                + (0..<4).map {
                    OutgoingDelivery(inbox: "http://localhost:\(two.port)/inbox", activityID: "b\($0)", signer: "@server", body: Data("{}".utf8))
                }
        )
        #expect(await deliveries.sendDue() == 16)
        #expect(one.requestCount("/inbox") == 12 && two.requestCount("/inbox") == 4)
        #expect(one.maxInFlight == Deliveries.perHost && two.maxInFlight == Deliveries.perHost)
    }

    /// Whether httpsig (an independent implementation of the draft) can be imported by the python3
    /// on PATH (scripts/test's, which installs it).
    static let httpsig: Bool = (try? ChildProcess.runBlocking("/usr/bin/env", ["python3", "-c", "import httpsig"]).status) == 0
    static let required = ProcessInfo.processInfo.environment["TOOLBOX_TEST_ALL"] == "1"

    /// Kiwi's signatures, on a GET and on POSTs with bodies, verify with httpsig; httpsig's verify
    /// with Kiwi's check, and a changed field fails it there too.
    @Test(.enabled(if: httpsig || required, "httpsig is not installed (pip install httpsig); scripts/test installs it"))
    func signaturesAgreeWithAnIndependentImplementation() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let folder = Scratch.url("httpsig")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var requests: [[String: Any]] = []
        for (index, (method, address)) in [
            ("GET", "https://bookwyrm.example/user/alice"), ("POST", "https://mastodon.example/inbox"),
            ("POST", "https://kiwi.example:8443/users/ada/inbox"), ("GET", "https://kiwi.example/users/ada/outbox?page=2&x=a%20b"),
        ].enumerated() {
            let url = try #require(URL(string: address))
            let body = method == "POST" ? Data(#"{"type":"Like","n":\#(index),"é":"ü"}"#.utf8) : nil
            let fields = try HTTPSignatures.sign(method: method, url: url, body: body, keyID: "https://kiwi.example/actor#main-key", key: key)
            requests.append([
                "method": method, "path": HTTPSignatures.pathAndQuery(of: url), "host": HTTPSignatures.host(of: url),
                "headers": Dictionary(fields, uniquingKeysWith: { $1 }), "body": body.map { String(decoding: $0, as: UTF8.self) } ?? NSNull(),
            ])
        }
        let input = folder.appendingPathComponent("requests.json")
        try JSONSerialization.data(withJSONObject: ["key": key.publicKey.pemRepresentation, "private": key.pemRepresentation, "requests": requests])
            .write(to: input)
        let script = """
            import base64, hashlib, json, sys
            from httpsig.verify import HeaderVerifier
            from httpsig.sign import HeaderSigner
            data = json.load(open(sys.argv[1]))
            for r in data["requests"]:
                h = r["headers"]
                if r["body"] is not None:
                    assert h["Digest"] == "SHA-256=" + base64.b64encode(hashlib.sha256(r["body"].encode()).digest()).decode(), "digest"
                required = ["(request-target)", "host", "date"] + (["digest"] if r["body"] is not None else [])
                v = HeaderVerifier(h, data["key"], required_headers=required, method=r["method"], path=r["path"], host=r["host"], sign_header="Signature")
                print("verified" if v.verify() else "refused")
            signer = HeaderSigner("https://mastodon.example/users/alice#main-key", data["private"], algorithm="rsa-sha256",
                headers=["(request-target)", "host", "date", "digest"], sign_header="Signature")
            body = '{"type":"Follow"}'
            fields = {"Host": "kiwi.example", "Date": "DATE", "Digest": "SHA-256=" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}
            print(json.dumps(signer.sign(fields, method="POST", path="/users/ada/inbox")))
            """
        let now = Date()
        let result = try ChildProcess.runBlocking(
            "/usr/bin/env",
            ["python3", "-c", script.replacingOccurrences(of: "DATE", with: HTTPDate.format(now)), input.path]
        )
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(result.status == 0 && lines.prefix(4) == ["verified", "verified", "verified", "verified"], "\(result.output)")

        // httpsig's signature, checked by Kiwi.
        let signed = try #require(lines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] })
        let body = Data(#"{"type":"Follow"}"#.utf8)
        let fields: (String) -> String? = { name in signed.first { $0.key.lowercased() == name }?.value }
        let parameters = try HTTPSignatures.check(method: "POST", fields: fields, body: body, now: now)
        let pem = key.publicKey.pemRepresentation
        #expect(try HTTPSignatures.verifies(parameters, method: "POST", target: "/users/ada/inbox", fields: fields, publicKeyPEM: pem))
        #expect(try !HTTPSignatures.verifies(parameters, method: "POST", target: "/users/bob/inbox", fields: fields, publicKeyPEM: pem))
        #expect(throws: HTTPSignatures.Refusal.digest) { try HTTPSignatures.check(method: "POST", fields: fields, body: Data("{}".utf8), now: now) }
        #expect(throws: HTTPSignatures.Refusal.stale) { try HTTPSignatures.check(method: "POST", fields: fields, body: body, now: now + 86_400) }
    }

    @Test func anHTTPDateReadsBackAsItWasWritten() {
        let date = Date(timeIntervalSince1970: 1_796_000_000)
        #expect(HTTPDate.format(date) == "Mon, 30 Nov 2026 00:53:20 GMT")
        #expect(HTTPDate.parse(HTTPDate.format(date)) == date)
        for text in ["", "Mon, 30 Nov 2026 04:53:20 UTC", "Mon, 30 Foo 2026 04:53:20 GMT", "Mon, 30 Nov 2026 04:53 GMT"] {
            #expect(HTTPDate.parse(text) == nil, "\(text)")
        }
    }
}
