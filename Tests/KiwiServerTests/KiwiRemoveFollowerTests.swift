import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import TestSupport
import Testing

@testable import KiwiServer

/// Removing a follower on every store: their follow of the member ends, and nothing else (no
/// block: they may follow again, and the member's own follow of them stays); nobody is told.
@Suite struct KiwiRemoveFollowerTests {
    func people(_ client: some TestClientProtocol, _ path: String) async throws -> [String] {
        try await client.wire([KiwiWire.User].self, .get, path).1?.map(\.username) ?? []
    }

    @Test(arguments: StoreKind.available)
    func aFollowerRemovedNoLongerFollowsAndNothingElseChanges(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, bob) = (try await client.member("ada"), try await client.member("bob"))
                _ = try await client.json(.post, "/users/ada/follow", token: bob)
                _ = try await client.json(.post, "/users/bob/follow", token: ada)
                let (_, before, _) = try await client.json(.get, "/notifications", token: ada)
                #expect((before as? [[String: Any]])?.count == 1, "bob's follow told ada")

                let (status, _, _) = try await client.json(.delete, "/users/me/followers/bob", token: ada)
                #expect(status == .ok)
                #expect(try await people(client, "/users/ada/followers") == [])
                #expect(try await people(client, "/users/bob/following") == [])
                #expect(try await people(client, "/users/ada/following") == ["bob"], "ada still follows bob")
                let (_, bobs, _) = try await client.json(.get, "/notifications", token: bob)
                #expect((bobs as? [[String: Any]])?.map { $0["kind"] as? String } == ["follow"], "bob is told nothing of it")
                let (_, after, _) = try await client.json(.get, "/notifications", token: ada)
                #expect((after as? [[String: Any]])?.isEmpty == true, "the follow's notification goes with it")

                let (again, failure, _) = try await client.json(.delete, "/users/me/followers/bob", token: ada)
                #expect(again == .notFound && (failure as? [String: Any])?["error"] as? String == "not_a_follower")
                let (nobody, unknown, _) = try await client.json(.delete, "/users/me/followers/nobody", token: ada)
                #expect(nobody == .notFound && (unknown as? [String: Any])?["error"] as? String == "user_not_found")
                #expect(try await client.json(.delete, "/users/me/followers/bob").0 == .forbidden, "a guest has no followers")
                // Not a block: bob may follow again.
                #expect(try await client.json(.post, "/users/ada/follow", token: bob).0 == .ok)
                #expect(try await people(client, "/users/ada/followers") == ["bob"])
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func aProfileSaysWhoFollowsYouAndRemovesThem(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, bob) = (try await client.member("ada"), try await client.member("bob"))
                _ = try await client.json(.post, "/users/ada/follow", token: bob)
                let profile = try await client.page("/@bob", session: ada)
                #expect(profile.html.contains("Follows you") && profile.html.contains(#"action="/@bob/remove-follower""#))
                #expect(!(try await client.page("/@ada", session: bob)).html.contains("Follows you"), "ada does not follow bob")
                let sent = try await client.submit("/@bob/remove-follower", ["csrf": try #require(profile.csrf)], session: ada)
                #expect(sent.status == .seeOther)
                #expect(try await people(client, "/users/ada/followers") == [])
                #expect(!(try await client.page("/@bob", session: ada)).html.contains("Follows you"))
            }
        }
    }
}
