import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiMedia
import KiwiServerCommands
import KiwiWire
import TestSupport
import Testing
import _CryptoExtras

@testable import KiwiServer

/// How other servers find a community with `--federation on`, on every store: WebFinger names a
/// member's actor, the actor carries a key the server keeps (one for every server of a
/// PostgreSQL community), NodeInfo counts the community, and the API's own answers at the same
/// paths stay as they were. Without the switch, none of it exists.
@Suite struct KiwiFederationTests {
    static let federated = ["--federation", "on"]
    static let activity: HTTPFields = [.accept: "application/activity+json"]

    /// The answer's status, its JSON object and its header fields.
    func get(
        _ client: some TestClientProtocol,
        _ uri: String,
        _ headers: HTTPFields = [:]
    ) async throws -> (
        HTTPResponse.Status, [String: Any], HTTPFields
    ) {
        try await client.execute(uri: uri, method: .get, headers: headers) { response in
            let object = try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            return (response.status, object ?? [:], response.headers)
        }
    }

    @Test(arguments: StoreKind.available) func webFingerFindsAMemberAndTheirActor(kind: StoreKind) async throws {
        try await withKiwi(kind, publicURL: "https://kiwi.test/", serve: Self.federated) { kiwi in
            try await kiwi.application.test(.router) { client in
                _ = try await client.member("ada")
                let (status, found, headers) = try await get(client, "/.well-known/webfinger?resource=acct:ada@kiwi.test")
                #expect(status == .ok)
                #expect(headers[.contentType] == "application/jrd+json; charset=utf-8")
                #expect(headers[.accessControlAllowOrigin] == "*")
                #expect(found["subject"] as? String == "acct:ada@kiwi.test")
                #expect(found["aliases"] as? [String] == ["https://kiwi.test/users/ada", "https://kiwi.test/@ada"])
                let links = try #require(found["links"] as? [[String: String]])
                #expect(
                    links.first { $0["rel"] == "self" } == [
                        "rel": "self", "type": "application/activity+json", "href": "https://kiwi.test/users/ada",
                    ]
                )
                #expect(links.first { $0["rel"] == "http://webfinger.net/rel/profile-page" }?["href"] == "https://kiwi.test/@ada")

                // The same member however a server or a person writes the handle; the host is case-blind.
                for resource in ["acct:ada@KIWI.test", "acct:@ada@kiwi.test", "https://kiwi.test/users/ada", "https://kiwi.test/@ada"] {
                    let (status, again, _) = try await get(client, "/.well-known/webfinger?resource=\(Self.query(resource))")
                    #expect(status == .ok && again["subject"] as? String == "acct:ada@kiwi.test", "\(resource): \(status)")
                }
                for resource in [
                    "acct:ada@elsewhere.example", "acct:nobody@kiwi.test", "acct:ada", "https://elsewhere.example/users/ada", "acct:ada@kiwi.test@x",
                    "mailto:ada@kiwi.test",
                ] {
                    let (status, answer, _) = try await get(client, "/.well-known/webfinger?resource=\(Self.query(resource))")
                    #expect(status == .notFound, "\(resource): \(answer)")
                }
                // RFC 7033 (4.2): what is no URI is malformed, as feditest checks.
                for resource in ["ada@kiwi.test", "=acct:ada@kiwi.test", "acct:", ":ada", "1acct:ada@kiwi.test"] {
                    let (status, answer, _) = try await get(client, "/.well-known/webfinger?resource=\(Self.query(resource))")
                    #expect(status == .badRequest, "\(resource): \(answer)")
                }
                let (missing, said, _) = try await get(client, "/.well-known/webfinger")
                #expect(missing == .badRequest && (said["message"] as? String)?.contains("acct:ada@kiwi.test") == true, "\(said)")

                // The server itself, as Mastodon names its own actor.
                let (_, server, _) = try await get(client, "/.well-known/webfinger?resource=acct:kiwi.test@kiwi.test")
                #expect((server["links"] as? [[String: String]])?.first?["href"] == "https://kiwi.test/actor")
            }
        }
    }

    @Test(arguments: StoreKind.available) func aMembersActorCarriesTheKeyTheServerKeeps(kind: StoreKind) async throws {
        try await withKiwi(kind, publicURL: "https://kiwi.test", serve: Self.federated) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                #expect(try await client.json(.put, "/users/ada", #"{"fullname":"Ada Lovelace"}"#, token: ada).0 == .ok)
                let bob = try await client.member("bob")
                #expect(try await client.json(.post, "/users/ada/follow", token: bob).0 == .ok)
                _ = try await client.post("Storm", by: ada)
                _ = try await client.post("Calm", by: ada)

                let (status, actor, headers) = try await get(client, "/users/ada", Self.activity)
                #expect(status == .ok)
                #expect(headers[.contentType] == "application/activity+json; charset=utf-8")
                #expect(headers[.vary] == "Accept")
                #expect(actor["@context"] as? [String] == ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"])
                #expect(actor["id"] as? String == "https://kiwi.test/users/ada")
                #expect(actor["type"] as? String == "Person")
                #expect(actor["preferredUsername"] as? String == "ada")
                #expect(actor["name"] as? String == "Ada Lovelace")
                #expect(actor["url"] as? String == "https://kiwi.test/@ada")
                for box in ["inbox", "outbox", "followers", "following"] {
                    #expect(actor[box] as? String == "https://kiwi.test/users/ada/\(box)")
                }
                #expect((actor["icon"] as? [String: String])?["url"] == "https://kiwi.test/uploads/default-avatar.png")
                let key = try #require(actor["publicKey"] as? [String: String])
                #expect(key["id"] == "https://kiwi.test/users/ada#main-key" && key["owner"] == "https://kiwi.test/users/ada")

                // The key served is the public half of the one kept: what the server signs with, the
                // actor's key verifies.
                let publicKey = try _RSA.Signing.PublicKey(pemRepresentation: try #require(key["publicKeyPem"]))
                #expect(publicKey.keySizeInBits == 2048)
                let kept = try #require(try await kiwi.database.actorKey(of: "ada"))
                let signature = try _RSA.Signing.PrivateKey(pemRepresentation: kept).signature(
                    for: Data("a request".utf8),
                    padding: .insecurePKCS1v1_5
                )
                #expect(publicKey.isValidSignature(signature, for: Data("a request".utf8), padding: .insecurePKCS1v1_5))
                // Asked again, or as JSON-LD with ActivityStreams' profile, the same key.
                let ld: HTTPFields = [.accept: #"application/ld+json; profile="https://www.w3.org/ns/activitystreams""#]
                let (_, again, _) = try await get(client, "/users/ada", ld)
                #expect((again["publicKey"] as? [String: String])?["publicKeyPem"] == key["publicKeyPem"])

                // The original clients' answer at the same path, as before (and said to vary).
                let (_, user, apiHeaders) = try await get(client, "/users/ada")
                #expect(user["username"] as? String == "ada" && user["@context"] == nil)
                #expect(apiHeaders[.contentType] == "application/json" && apiHeaders[.vary] == "Accept")
                let (_, followers, _) = try await get(client, "/users/ada/followers")
                #expect(followers.isEmpty, "the API's followers are a list")

                for (path, count) in [("followers", 1), ("following", 0), ("outbox", 2)] {
                    let (status, collection, _) = try await get(client, "/users/ada/\(path)", Self.activity)
                    #expect(status == .ok && collection["type"] as? String == "OrderedCollection", "\(path): \(collection)")
                    #expect(collection["id"] as? String == "https://kiwi.test/users/ada/\(path)")
                    #expect(collection["totalItems"] as? Int == count, "\(path)")
                }
                #expect(try await get(client, "/users/nobody", Self.activity).0 == .notFound)
                #expect(try await get(client, "/users/nobody/outbox", Self.activity).0 == .notFound)

                // The server's own actor signs its fetches with a key of its own.
                let (_, server, _) = try await get(client, "/actor", Self.activity)
                #expect(server["type"] as? String == "Application" && server["preferredUsername"] as? String == "kiwi.test")
                #expect(server["inbox"] as? String == "https://kiwi.test/actor/inbox")
                let serverKey = (server["publicKey"] as? [String: String])?["publicKeyPem"]
                #expect(serverKey != nil && serverKey != key["publicKeyPem"])
            }
        }
    }

    @Test(arguments: StoreKind.available) func nodeInfoCountsTheCommunity(kind: StoreKind) async throws {
        try await withKiwi(kind, publicURL: "https://kiwi.test", serve: Self.federated) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, _) = (try await client.member("ada"), try await client.member("bob"))
                let post = try await client.post("Storm", by: ada)
                _ = try await client.form("operation=create&postid=\(post)&text=Lovely", token: ada)

                let (status, discovery, headers) = try await get(client, "/.well-known/nodeinfo")
                #expect(status == .ok && headers[.accessControlAllowOrigin] == "*")
                #expect(
                    discovery["links"] as? [[String: String]] == [
                        ["rel": "http://nodeinfo.diaspora.software/ns/schema/2.1", "href": "https://kiwi.test/nodeinfo/2.1"]
                    ]
                )
                let (_, info, infoHeaders) = try await get(client, "/nodeinfo/2.1")
                #expect(infoHeaders[.contentType] == #"application/json; profile="http://nodeinfo.diaspora.software/ns/schema/2.1#""#)
                #expect(info["version"] as? String == "2.1")
                #expect((info["software"] as? [String: String])?["name"] == "kiwi")
                #expect(info["protocols"] as? [String] == ["activitypub"])
                #expect(info["openRegistrations"] as? Bool == true)
                let usage = try #require(info["usage"] as? [String: Any])
                #expect(usage["users"] as? [String: Int] == ["total": 2, "activeMonth": 1, "activeHalfyear": 1])
                #expect(usage["localPosts"] as? Int == 1 && usage["localComments"] as? Int == 1)
            }
        }
        try await withKiwi(.memory, publicURL: "https://kiwi.test", serve: Self.federated + ["--registrations", "closed"]) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (_, info, _) = try await get(client, "/nodeinfo/2.1")
                #expect(info["openRegistrations"] as? Bool == false)
            }
        }
    }

    @Test(arguments: StoreKind.available) func aDeletedMemberIsGoneAndTheirKeyWithThem(kind: StoreKind) async throws {
        try await withKiwi(kind, publicURL: "https://kiwi.test", serve: Self.federated) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada", password: "ada-pw")
                #expect(try await get(client, "/users/ada", Self.activity).0 == .ok)
                #expect(try await kiwi.database.actorKey(of: "ada") != nil)
                let (deleted, answer, _) = try await client.json(.delete, "/users/me", #"{"password":"ada-pw"}"#, token: ada)
                #expect(deleted == .ok, "\(String(describing: answer))")
                #expect(try await kiwi.database.actorKey(of: "ada") == nil)
                #expect(try await get(client, "/users/ada", Self.activity).0 == .notFound)
                #expect(try await get(client, "/.well-known/webfinger?resource=acct:ada@kiwi.test").0 == .notFound)
            }
        }
    }

    /// A suspended member is gone to other servers while suspended (410, as Mastodon answers),
    /// however they ask; the API's own answer still shows them, and lifting the suspension brings
    /// them back as they were.
    /// A `Create` queued before its context defined `sensitive` (ActivityStreams' alone) is still
    /// sent with its photo at a URL signed as it goes, and with the context of today.
    @Test func aCreateQueuedInTheOlderFormIsSentWithItsPhotoSignedAnew() throws {
        let photos = NotePhotos(base: "https://kiwi.test", signer: MediaSigner(keys: .random()))
        let note = KiwiWire.Note(
            id: "https://kiwi.test/posts/1",
            attributedTo: "https://kiwi.test/users/ada",
            url: "https://kiwi.test/p/1",
            published: "2026-11-01T10:00:00Z",
            followers: "https://kiwi.test/users/ada/followers",
            content: "<p>Rain all day</p>",
            summary: nil,
            attachment: [photos.attachment("9f2c", description: "A paperback on a wet windowsill")]
        )
        var queued = try #require(try JSONSerialization.jsonObject(with: Data(buffer: KiwiJSON.body(KiwiWire.Create(note: note)))) as? [String: Any])
        queued["@context"] = "https://www.w3.org/ns/activitystreams"
        let sent = try JSONDecoder().decode(KiwiWire.Create.self, from: photos.signed(try JSONSerialization.data(withJSONObject: queued), at: Date()))
        #expect(sent.context == KiwiWire.NoteContext() && sent.object.content == note.content)
        let url = try #require(URLComponents(string: sent.object.attachment.first?.url ?? ""))
        #expect(url.path == "/media/9f2c/1280.jpg" && url.queryItems?.contains { $0.name == "signature" } == true, "\(url)")
    }

    @Test(arguments: StoreKind.available) func aSuspendedMemberIsGoneToOtherServersUntilLifted(kind: StoreKind) async throws {
        try await withKiwi(kind, publicURL: "https://kiwi.test", serve: Self.federated) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, mod) = (try await client.member("ada"), try await client.member("mod"))
                _ = try await client.member("bob")
                #expect(try await kiwi.database.setRole(.moderator, of: "mod"))
                let report = #"{"category":"spam"}"#
                let reported = try #require(try await client.wire(KiwiWire.Report.self, .post, "/users/bob/report", report, token: ada).1)
                let asked = [
                    ("/users/bob", Self.activity), ("/users/bob/followers", Self.activity), ("/users/bob/following", Self.activity),
                    ("/users/bob/outbox", Self.activity), ("/.well-known/webfinger?resource=acct:bob@kiwi.test", [:]),
                ]
                for (path, headers) in asked { #expect(try await get(client, path, headers).0 == .ok, "\(path)") }

                let suspend = #"{"action":"suspend","reason":"spam account"}"#
                #expect(try await client.json(.post, "/reports/\(reported.id)/actions", suspend, token: mod).0 == .ok)
                for (path, headers) in asked {
                    let (status, said, _) = try await get(client, path, headers)
                    #expect(status == .gone && said["error"] as? String == "suspended", "\(path): \(status) \(said)")
                }
                let (shown, user, _) = try await get(client, "/users/bob")
                #expect(shown == .ok && user["standing"] as? String == "suspended", "the original clients' answer is as it was")
                #expect(try await get(client, "/users/nobody", Self.activity).0 == .notFound)

                #expect(try await client.json(.delete, "/users/bob/suspension", #"{"reason":"appeal"}"#, token: mod).0 == .ok)
                for (path, headers) in asked { #expect(try await get(client, path, headers).0 == .ok, "\(path)") }
            }
        }
    }

    /// A member who awaits approval (`--registrations approval`) is nobody yet to other servers,
    /// as Mastodon answers; once let in, they are found.
    @Test(arguments: StoreKind.available) func aMemberAwaitingApprovalIsNobodyToOtherServersUntilLetIn(kind: StoreKind) async throws {
        try await withKiwi(kind, publicURL: "https://kiwi.test", serve: Self.federated + ["--registrations", "approval"]) { kiwi in
            try await kiwi.application.test(.router) { client in
                let signedUp = try await client.json(.post, "/users", #"{"username":"ada","password":"secret"}"#).0
                #expect(signedUp == .accepted)
                let asked: [(String, HTTPFields)] = [
                    ("/users/ada", Self.activity), ("/users/ada/followers", Self.activity), ("/users/ada/outbox", Self.activity),
                    ("/.well-known/webfinger?resource=acct:ada@kiwi.test", [:]),
                ]
                for (path, headers) in asked { #expect(try await get(client, path, headers).0 == .notFound, "\(path)") }
                let letIn = try await kiwi.database.decide("ada", approved: true)
                #expect(letIn)
                for (path, headers) in asked { #expect(try await get(client, path, headers).0 == .ok, "\(path)") }
            }
        }
    }

    /// The keys are secrets: a new SQLite database, and the files SQLite keeps beside it, are the
    /// server's alone (mode 0600).
    @Test func aNewSQLiteDatabaseIsTheServersAlone() async throws {
        try await withKiwi(.sqlite, publicURL: "https://kiwi.test", serve: Self.federated) { kiwi in
            try await kiwi.application.test(.router) { client in
                _ = try await client.member("ada")
                #expect(try await get(client, "/users/ada", Self.activity).0 == .ok)
            }
            let path = kiwi.folder.appendingPathComponent("kiwi.sqlite").path
            for file in [path, path + "-wal", path + "-shm"] {
                let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
                #expect(mode == 0o600, "\(file): \(String(mode ?? 0, radix: 8))")
            }
        }
    }

    /// Without `--federation on` (the default), nothing of it exists and the API is as it was.
    @Test func withoutTheSwitchNothingIsFederated() async throws {
        try await withKiwi(.memory, publicURL: "https://kiwi.test") { kiwi in
            try await kiwi.application.test(.router) { client in
                _ = try await client.member("ada")
                for path in ["/.well-known/webfinger?resource=acct:ada@kiwi.test", "/.well-known/nodeinfo", "/nodeinfo/2.1", "/actor"] {
                    #expect(try await get(client, path).0 == .notFound, "\(path)")
                }
                let (status, user, headers) = try await get(client, "/users/ada", Self.activity)
                #expect(status == .ok && user["username"] as? String == "ada" && headers[.vary] == nil)
            }
        }
    }

    /// Federation needs the https address other servers reach this one at.
    @Test func theSwitchNeedsAnHTTPSPublicURL() throws {
        for words in [Self.federated, Self.federated + ["--public-url", "http://kiwi.test"], Self.federated + ["--public-url", "https://"]] {
            do {
                _ = try ServeCommand.testing(words)
                Issue.record("\(words) was taken")
            } catch {
                #expect(ServeCommand.fullMessage(for: error).contains("--federation on needs the https address"), "\(words)")
            }
        }
        #expect(try ServeCommand.testing(Self.federated + ["--public-url", "https://kiwi.test:8443"]).federation == .on)
    }

    /// Two servers of one community sign with the same key, though both were asked for it first at once.
    @Test(.enabled(if: StoreKind.databaseURL != nil)) func everyServerOfACommunityHasTheSameKey() async throws {
        try await withTwoServers(Self.federated + ["--public-url", "https://kiwi.test"]) { a, b in
            _ = try await a.member("ada")
            async let fromA = get(a, "/users/ada", Self.activity)
            async let fromB = get(b, "/users/ada", Self.activity)
            let (keyA, keyB) = (
                (try await fromA.1["publicKey"] as? [String: String])?["publicKeyPem"],
                (try await fromB.1["publicKey"] as? [String: String])?["publicKeyPem"]
            )
            #expect(keyA != nil && keyA == keyB)
        }
    }

    static func query(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? value
    }
}
