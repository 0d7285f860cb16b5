import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiServerSettings
import KiwiWire
import TestSupport
import Testing

@testable import KiwiServer

/// Roles on every store: the operator names the first admin on the database (as `kiwi role`
/// does), `GET /users/me` says each member's role, and an admin alone gives roles over the API and
/// the web, never leaving the community without an admin.
@Suite struct KiwiRoleTests {
    func giveRole(_ client: some TestClientProtocol, _ username: String, _ role: String, token: String) async throws -> (HTTPResponse.Status, Any?) {
        let (status, answer, _) = try await client.json(.put, "/users/\(username)/role", #"{"role":"\#(role)"}"#, token: token)
        return (status, answer)
    }

    func role(_ client: some TestClientProtocol, token: String) async throws -> String? {
        try await client.wire(KiwiWire.User.self, .get, "/users/me", token: token).1?.role
    }

    @Test(arguments: StoreKind.available)
    func anAdminAloneGivesRolesAndTheCommunityKeepsOne(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, bob, cat) = (try await client.member("ada"), try await client.member("bob"), try await client.member("cat"))
                #expect(try await role(client, token: ada) == "member", "everyone starts a member")
                // The operator's tool, on the store itself.
                #expect(try await kiwi.database.setRole(.admin, of: "ada"))
                #expect(try await kiwi.database.setRole(.admin, of: "nobody") == false)
                #expect(try await role(client, token: ada) == "admin", "at once, without logging in again")

                let (given, answer) = try await giveRole(client, "bob", "moderator", token: ada)
                #expect(given == .ok && (answer as? [String: Any])?["role"] as? String == "moderator")
                #expect(try await role(client, token: bob) == "moderator")
                // The original's user route answers as before: no role in it.
                let (_, public_, _) = try await client.json(.get, "/users/bob")
                #expect((public_ as? [String: Any])?.keys.contains("role") == false)

                for (token, who) in [(bob, "a moderator"), (cat, "a member")] {
                    let (status, failure) = try await giveRole(client, "cat", "admin", token: token)
                    #expect(status == .forbidden && (failure as? [String: Any])?["error"] as? String == "not_admin", "\(who) gives no roles")
                }
                #expect(try await role(client, token: cat) == "member", "nothing changed")
                let (unknown, _) = try await giveRole(client, "nobody", "moderator", token: ada)
                #expect(unknown == .notFound)
                let (wrong, failure) = try await giveRole(client, "bob", "king", token: ada)
                #expect(wrong == .badRequest && (failure as? [String: Any])?["message"] as? String == "role must be member, moderator or admin")
                let (anonymous, _, _) = try await client.json(.put, "/users/bob/role", #"{"role":"admin"}"#)
                #expect(anonymous == .forbidden)

                // The last admin cannot step down; with a second, either may.
                let (last, refusal) = try await giveRole(client, "ada", "member", token: ada)
                #expect(last == .conflict && (refusal as? [String: Any])?["error"] as? String == "last_admin")
                #expect(try await role(client, token: ada) == "admin")
                #expect(try await giveRole(client, "cat", "admin", token: ada).0 == .ok)
                #expect(try await giveRole(client, "ada", "member", token: cat).0 == .ok, "an admin acts on an admin")
                #expect(try await role(client, token: ada) == "member")
                #expect(try await giveRole(client, "bob", "member", token: ada).0 == .forbidden, "a role taken away holds at once")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func anAdminGivesRolesFromAProfileAndEveryoneSeesThem(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, bob) = (try await client.member("ada"), try await client.member("bob"))
                #expect(try await kiwi.database.setRole(.admin, of: "ada"))
                let asAdmin = try await client.page("/@bob", session: ada)
                #expect(asAdmin.html.contains(#"action="/@bob/role""#) && asAdmin.html.contains(#"<option value="member" selected>"#))
                for token in [bob, nil] {
                    #expect(!(try await client.page("/@bob", session: token)).html.contains("/@bob/role"), "only an admin is offered the form")
                }
                let sent = try await client.submit("/@bob/role", ["csrf": try #require(asAdmin.csrf), "role": "moderator"], session: ada)
                #expect(sent.status == .seeOther)
                #expect(try await role(client, token: bob) == "moderator")
                #expect(try await client.page("/@bob").html.contains(#"<span class="role">Moderator</span>"#), "a guest sees the role")
                #expect(try await client.page("/@ada").html.contains(#"<span class="role">Admin</span>"#))
                _ = try await client.member("cat")
                #expect(!(try await client.page("/@cat")).html.contains(#"class="role""#), "a member has none shown")
                // A member's own form, forged, is refused.
                let bobs = try await client.page("/@ada", session: bob)
                let forged = try await client.submit("/@ada/role", ["csrf": try #require(bobs.csrf), "role": "member"], session: bob)
                let adaIs = try await role(client, token: ada)
                #expect(forged.status == .forbidden && adaIs == "admin")
            }
        }
    }
}
