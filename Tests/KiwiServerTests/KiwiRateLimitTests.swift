import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Kiwi
import KiwiServerCommands
import KiwiServerSettings
import KiwiWire
import Logging
import PluginAPI
import PostgresNIO
import TestSupport
import Testing

@testable import KiwiServer

/// The community's limits: per account and per address, answered 429 with `Retry-After` and the
/// draft's `RateLimit` fields, shared by every server of a community.
@Suite struct KiwiRateLimitTests {
    @Test(arguments: StoreKind.available) func anAccountPastItsLimitIs429AndNothingIsDone(kind: StoreKind) async throws {
        try await awayFromTheEndOfAWindow(of: 3600)
        try await withKiwi(kind, serve: ["--rate-limit", "likes=3/1h"]) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                let id = try await client.post(by: ada)
                for method in [HTTPRequest.Method.post, .delete, .post] {
                    #expect(try await client.json(method, "/posts/\(id)/like", token: bob).0 == .ok)
                }
                let (status, body, headers) = try await client.json(.delete, "/posts/\(id)/like", token: bob)
                #expect(status == .tooManyRequests)
                #expect((body as? [String: Any])?["error"] as? String == "rate_limited")
                let wait = try #require(headers[.retryAfter].flatMap { Int($0) })
                #expect((1...3600).contains(wait))
                #expect(headers[HTTPField.Name("RateLimit-Policy")!] == #""likes-account";q=3;w=3600"#)
                #expect(headers[HTTPField.Name("RateLimit")!] == #""likes-account";r=0;t=\#(wait)"#)
                let post = try await client.json(.get, "/posts/\(id)", token: ada).1 as? [String: Any]
                #expect(post?["likes"] as? Int == 1, "the refused unlike did nothing")
                #expect(try await client.json(.post, "/posts/\(id)/like", token: ada).0 == .ok, "another account has its own")
            }
        }
    }

    /// Behind a trusted proxy the client is the address it forwards for; anyone else's
    /// `X-Forwarded-For` is ignored (a client could write anything there).
    @Test func signUpsAreCountedByTheClientsAddress() async throws {
        try await awayFromTheEndOfAWindow(of: 3600)
        try await withKiwi(.memory, serve: ["--rate-limit", "signups@address=2/1h", "--trusted-proxy", "127.0.0.0/8"]) { kiwi in
            try await kiwi.application.test(.live) { client in
                try await Self.expect(client, "ada", from: "203.0.113.5", .created)
                try await Self.expect(client, "bob", from: "203.0.113.5", .created)
                try await Self.expect(client, "cy", from: "203.0.113.5", .tooManyRequests)
                try await Self.expect(client, "dee", from: "203.0.113.6", .created, "another client behind the same proxy")
            }
        }
        try await withKiwi(.memory, serve: ["--rate-limit", "signups@address=2/1h"]) { kiwi in
            try await kiwi.application.test(.live) { client in
                try await Self.expect(client, "ada", from: "203.0.113.1", .created)
                try await Self.expect(client, "bob", from: "203.0.113.2", .created)
                try await Self.expect(client, "cy", from: "203.0.113.3", .tooManyRequests, "not a trusted proxy: its header is not believed")
            }
        }
    }

    static func expect(
        _ client: any TestClientProtocol,
        _ name: String,
        from address: String,
        _ expected: HTTPResponse.Status,
        _ comment: Comment? = nil
    ) async throws {
        let status = try await client.execute(
            uri: "/users",
            method: .post,
            headers: [.contentType: "application/json", HTTPField.Name("X-Forwarded-For")!: "198.51.100.9, \(address)"],
            body: ByteBuffer(string: #"{"username":"\#(name)","password":"secret"}"#)
        ) { $0.status }
        #expect(status == expected, comment)
    }

    /// Two servers on one PostgreSQL database: the account's limit is the community's, not each server's.
    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func twoServersShareOneLimit() async throws {
        try await awayFromTheEndOfAWindow(of: 3600)
        try await withTwoServers(["--rate-limit", "posts=3/1h"]) { a, b in
            let ada = try await a.member("ada")
            var statuses: [HTTPResponse.Status] = []
            for server in [a, b, a, b, a, b] as [any TestClientProtocol] {
                statuses.append(try await server.upload(TestImages.png, token: ada).0)
            }
            #expect(statuses == [.created, .created, .created, .tooManyRequests, .tooManyRequests, .tooManyRequests])
            let page = try await a.json(.get, "/posts?pageSize=10").1 as? [Any]
            #expect(page?.count == 3)
        }
    }

    @Test(arguments: StoreKind.available) func aClosedCommunityTakesNoNewMembers(kind: StoreKind) async throws {
        try await withKiwi(kind, serve: ["--registrations", "closed"]) { kiwi in
            // Ada joined while it was open.
            let open = buildApplication(storage: kiwi.database, uploads: nil, arguments: try ServeCommand.testing(), logger: kiwi.quiet)
            try await open.test(.router) { client in
                _ = try await client.member("ada", password: "secret")
                #expect(try await client.page("/").html.contains(#"href="/signup""#), "an open community offers to sign up")
            }
            try await kiwi.application.test(.router) { client in
                let (status, body, _) = try await client.json(.post, "/users", #"{"username":"bob","password":"secret"}"#)
                #expect(status == .forbidden)
                #expect((body as? [String: Any])?["error"] as? String == "registrations_closed")
                let page = try await client.execute(
                    uri: "/signup",
                    method: .post,
                    headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "username=bob&password=secret&password2=secret")
                ) { String(buffer: $0.body) }
                #expect(page.contains("This community takes no new members."))
                // Its pages say so before anyone fills in a form, and offer no way to sign up.
                let form = try await client.page("/signup")
                #expect(form.html.contains("This community takes no new members.") && !form.html.contains(#"action="/signup""#))
                for path in ["/", "/login", "/signup"] { #expect(try await !client.page(path).html.contains(#"href="/signup""#), "\(path)") }
                #expect(try await client.json(.post, "/sessions", #"{"username":"ada","password":"secret"}"#).0 == .ok, "a member still logs in")
            }
        }
    }

    @Test(arguments: StoreKind.available) func aCommunityByApprovalLetsInWhomAModeratorApproves(kind: StoreKind) async throws {
        try await withKiwi(kind, serve: ["--registrations", "approval"]) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (status, body, _) = try await client.json(.post, "/users", #"{"username":"ada","password":"secret"}"#)
                #expect(status == .accepted && (body as? [String: Any])?["username"] as? String == "ada", "accepted: the user, not yet a member")
                #expect(try await client.json(.post, "/users", #"{"username":"ADA","password":"other"}"#).0 == .conflict, "the name is taken")
                let (waiting, refusal, _) = try await client.json(.post, "/sessions", #"{"username":"ada","password":"secret"}"#)
                #expect(waiting == .forbidden && (refusal as? [String: Any])?["error"] as? String == "awaiting_approval")
                let (wrong, wrongBody, _) = try await client.json(.post, "/sessions", #"{"username":"ada","password":"guess"}"#)
                #expect(wrong == .forbidden && (wrongBody as? [String: Any])?["error"] as? String != "awaiting_approval", "only the password tells")

                let page = try await client.submit("/signup", ["username": "bob", "password": "secret"], session: nil)
                #expect(page.status == .accepted && page.html.contains("Thanks, bob") && page.session == nil)
                #expect(try await client.page("/").html.contains(#"href="/signup""#), "anyone may still sign up")

                let store = kiwi.database
                #expect(try await store.pendingMembers().map(\.username) == ["ada", "bob"])
                #expect(try await store.decide("ada", approved: true))
                #expect(try await !store.decide("ada", approved: true), "ada no longer waits")
                #expect(try await client.json(.post, "/sessions", #"{"username":"ada","password":"secret"}"#).0 == .ok)
                #expect(try await store.decide("bob", approved: false))
                #expect(try await store.user("bob") == nil)
                #expect(try await store.pendingMembers().isEmpty)
                #expect(try await client.json(.post, "/users", #"{"username":"bob","password":"again"}"#).0 == .accepted, "a removed name is free")
            }
        }
    }

    @Test func limitsParseAsTheOptionSaysThem() throws {
        #expect(KiwiRateLimit(argument: "posts=10/1h") == KiwiRateLimit(.posts, .account, 10, per: 3600))
        #expect(KiwiRateLimit(argument: "upload-bytes@address=1000/30m") == KiwiRateLimit(.uploadBytes, .address, 1000, per: 1800))
        #expect(KiwiRateLimit(argument: "likes=off")?.count == nil)
        #expect(KiwiRateLimit(argument: "activities=500/5m") == KiwiRateLimit(.activities, .server, 500, per: 300))
        #expect(KiwiRateLimit(argument: "activities@server=off")?.count == nil)
        for wrong in [
            "posts", "posts=0/1h", "posts=10", "posts=10/1y", "pots=1/1h", "posts@street=1/1h", "posts@server=1/1h", "activities@account=1/1h",
        ] {
            #expect(KiwiRateLimit(argument: wrong) == nil, "\(wrong)")
        }
        let effective = KiwiRateLimit.effective([KiwiRateLimit(.posts, .account, 5, per: 60)])
        #expect(effective.count == KiwiRateLimit.defaults.count)
        #expect(effective.contains(KiwiRateLimit(.posts, .account, 5, per: 60)))
    }

    /// What `signUpsAreCountedByTheClientsAddress` shows through a server, case by case: proxies
    /// in a row, and an IPv4 proxy on a dual-stack socket.
    @Test func theClientIsTheNearestAddressNoTrustedProxyWrote() throws {
        let proxies = [try #require(AddressRange("10.0.0.0/8")), try #require(AddressRange("::1"))]
        let cases: [(peer: String, forwarded: [String], client: String)] = [
            ("10.1.2.3", ["6.6.6.6, 203.0.113.7"], "203.0.113.7"), ("10.1.2.3", ["203.0.113.7, 10.9.9.9"], "203.0.113.7"),
            ("198.51.100.1", ["203.0.113.7"], "198.51.100.1"), ("::ffff:10.0.0.1", ["203.0.113.7"], "203.0.113.7"), ("10.1.2.3", [], "10.1.2.3"),
        ]
        for (peer, forwarded, client) in cases {
            #expect(ClientAddress.address(peer: peer, forwarded: forwarded, trusting: proxies) == client, "\(peer) \(forwarded)")
        }
        #expect(AddressRange("10.0.0.0/33") == nil && AddressRange("kiwi.example") == nil)
    }
}
