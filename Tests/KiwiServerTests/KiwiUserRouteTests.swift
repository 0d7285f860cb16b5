import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import Logging
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

@Suite struct KiwiUserRouteTests {
    @Test(arguments: StoreKind.available) func signUpAnswers201WithTheUserAndRefusesADuplicateWith409(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (status, user) = try await client.wire(
                    KiwiWire.User.self,
                    .post,
                    "/users",
                    #"{"username":"ada","password":"pw","fullname":"Ada Lovelace","email":"ada@example.org"}"#
                )
                #expect(status == .created)
                #expect(user?.id == "ada")
                #expect(user?.displayName == "Ada Lovelace")
                #expect(user?.avatarURL?.hasSuffix("/uploads/default-avatar.png") == true)
                let (again, body, _) = try await client.json(.post, "/users", #"{"username":"ada","password":"other"}"#)
                #expect(again == .conflict)
                #expect((body as? [String: Any])?["error"] as? String == "username_conflict")
                #expect((body as? [String: Any])?["status_code"] as? Int == 409)
                #expect((body as? [String: Any])?["message"] is String)
            }
        }
    }

    @Test(arguments: [
        #"{"password":"pw"}"#, #"{"username":"bob"}"#, "not json", #"{"username":"me","password":"pw"}"#,
        #"{"username":"a-very-long-username-over-20","password":"pw"}"#, #"{"username":"x'; DROP TABLE users;--","password":"pw"}"#,
        #"{"username":"bob","password":"pw","fullname":"\#(String(repeating: "n", count: 41))"}"#,
    ])
    func badSignUpsAre400(body: String) async throws {
        try await withKiwi(.sqlite) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (status, error, _) = try await client.json(.post, "/users", body)
                #expect(status == .badRequest)
                #expect((error as? [String: Any])?["status_code"] as? Int == 400)
            }
        }
    }

    @Test(arguments: StoreKind.available) func loginSetsTheCookieAndWrongCredentialsAre403ThenThrottled(kind: StoreKind) async throws {
        try await awayFromTheEndOfAWindow(of: 900)
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                _ = try await client.json(.post, "/users", #"{"username":"ada","password":"right"}"#)
                let (status, session, headers) = try await client.json(.post, "/sessions", #"{"username":"ada","password":"right"}"#)
                #expect(status == .ok)
                let token = try #require((session as? [String: Any])?["token"] as? String)
                #expect(token.count >= 43, "256 random bits")
                #expect(headers[.setCookie]?.hasPrefix("session=\(token)") == true)
                // The cookie works like the bearer token.
                let me = try await client.execute(uri: "/users/me", method: .get, headers: [.cookie: "session=\(token)"]) { $0.status }
                #expect(me == .ok)
                for _ in 0..<5 { #expect(try await client.json(.post, "/sessions", #"{"username":"ada","password":"wrong"}"#).0 == .forbidden) }
                #expect(try await client.json(.post, "/sessions", #"{"username":"ada","password":"right"}"#).0 == .tooManyRequests)
                #expect(try await client.json(.post, "/sessions", #"{"username":"ada"}"#).0 == .badRequest)
                // A name with a NUL, which no store can hold (PostgreSQL refuses the text): nobody has it.
                let (nul, said, _) = try await client.json(.post, "/sessions", #"{"username":"a\u0000da","password":"right"}"#)
                #expect(nul == .forbidden && (said as? [String: Any])?["error"] as? String == "wrong_credentials")
            }
            // The failures are kept in the store: another server on the same data throttles alike.
            let elsewhere = try await kiwi.application.test(.router) { other in
                try await other.json(.post, "/sessions", #"{"username":"ada","password":"right"}"#).0
            }
            #expect(elsewhere == .tooManyRequests)
        }
    }

    @Test(arguments: StoreKind.available) func tokensAreStoredOnlyAsHashesAndLogoutEndsTheSession(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let token = try await client.member("ada")
                #expect(try await kiwi.database.sessionUser(tokenHash: token) == nil, "the raw token is not a key")
                #expect(try await kiwi.database.sessionUser(tokenHash: SessionTokens.hash(token))?.username == "ada")
                #expect(try await client.json(.get, "/users/me", token: token).0 == .ok)
                #expect(try await client.json(.delete, "/sessions", token: token).0 == .ok)
                #expect(try await client.json(.get, "/users/me", token: token).0 == .forbidden)
                #expect(try await client.json(.get, "/users/me", token: "made-up").0 == .forbidden)
            }
        }
    }

    @Test(arguments: StoreKind.available) func onlyTheOwnerUpdatesAProfile(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                let (status, user, _) = try await client.json(.put, "/users/ada", #"{"fullname":"Ada L."}"#, token: ada)
                #expect(status == .ok)
                #expect((user as? [String: Any])?["displayName"] as? String == "Ada L.")
                #expect(try await client.json(.put, "/users/ada", #"{"fullname":"X"}"#, token: bob).0 == .forbidden)
                #expect(try await client.json(.put, "/users/ada", #"{"fullname":"X"}"#).0 == .forbidden)
                #expect(try await client.json(.put, "/users/nobody", #"{"fullname":"X"}"#, token: ada).0 == .notFound)
                #expect(try await client.json(.get, "/users/nobody").0 == .notFound)
            }
        }
    }

    @Test(arguments: StoreKind.available) func followingIsIdempotentAndListsMostRecentFirst(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                let cy = try await client.member("cy")
                #expect(try await client.json(.post, "/users/ada/follow", token: bob).0 == .ok)
                #expect(try await client.json(.post, "/users/ada/follow", token: bob).0 == .ok)
                try await Task.sleep(for: .milliseconds(5))
                #expect(try await client.json(.post, "/users/ada/follow", token: cy).0 == .ok)
                #expect(try await client.json(.post, "/users/ada/follow", token: ada).0 == .badRequest)
                #expect(try await client.json(.post, "/users/nobody/follow", token: ada).0 == .notFound)
                #expect(try await client.json(.post, "/users/ada/follow").0 == .forbidden)
                let (_, followers, _) = try await client.json(.get, "/users/ada/followers")
                #expect((followers as? [[String: Any]])?.map { $0["id"] as? String } == ["cy", "bob"])
                #expect(try await client.json(.delete, "/users/ada/follow", token: bob).0 == .ok)
                let (_, following, _) = try await client.json(.get, "/users/bob/following")
                #expect((following as? [[String: Any]])?.isEmpty == true)
                #expect(try await client.json(.get, "/users/nobody/followers").0 == .notFound)
            }
        }
    }
}
