import Foundation
import TestSupport
import Testing

/// `toolbox kiwi follow alice@host` through the real binary and a server with federation on:
/// alice's server (a stub on 127.0.0.1, as Mastodon answers) is asked by WebFinger and gets a
/// `Follow`; `kiwi following` lists her as `alice@host` after the members here; a name her server
/// does not know is refused as nobody, a server that is away or blocked is refused at once, and
/// the unfollow sends an `Undo`; `kiwi block alice@host` sends a `Block`, and `kiwi blocks` lists her.
@Suite struct KiwiRemoteFollowCommandTests {
    @Test func aReaderFollowsSomeoneOnAnotherServerByTheirHandle() async throws {
        let elsewhere = try await StubServer.start()
        defer { Task { await elsewhere.stop() } }
        let host = "127.0.0.1:\(try #require(elsewhere.baseURL.port))"
        let alice = "\(elsewhere.baseURL.absoluteString)/users/alice"
        let found: [String: Any] = ["subject": "acct:alice@\(host)", "links": [["rel": "self", "type": "application/activity+json", "href": alice]]]
        let webFinger = try JSONSerialization.data(withJSONObject: found)
        elsewhere.route("/.well-known/webfinger") { request in
            request.query["resource"] == "acct:alice@\(host)" ? .json(webFinger) : .status(404)
        }
        let actor: [String: Any] = [
            "id": alice, "type": "Person", "preferredUsername": "alice", "inbox": "\(alice)/inbox",
            "publicKey": ["id": "\(alice)#main-key", "owner": alice, "publicKeyPem": "-----BEGIN PUBLIC KEY-----"],
        ]
        elsewhere.route("/users/alice", .json(try JSONSerialization.data(withJSONObject: actor)))
        elsewhere.route("/users/alice/inbox", .status(202))
        let delivered = { (type: String) in
            elsewhere.requests.filter { $0.method == "POST" && $0.path == "/users/alice/inbox" }
                .compactMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }.filter { $0["type"] as? String == type }
        }

        let binary = try ToolboxBinary()
        let (server, base) = try await binary.serveKiwi([
            "--database", "sqlite:\(binary.home.path)/kiwi.sqlite", "--federation", "on", "--public-url", "https://kiwi.test",
            "--federation-allow-private",
        ])
        defer { server.process.terminate() }
        let ada = try await ToolboxBinary.kiwiReader("ada", on: base)
        _ = try await ToolboxBinary.kiwiReader("bob", on: base)
        #expect(try await ada.run(["kiwi", "follow", "bob"]).exitCode == 0)

        let follow = try await ada.run(["kiwi", "follow", "alice@\(host)"])
        #expect(
            follow.exitCode == 0 && follow.standardError.contains("Following alice@\(host) once their server accepts."),
            "\(follow.standardError)"
        )
        #expect(try await eventually(within: .seconds(20)) { !delivered("Follow").isEmpty })
        #expect(delivered("Follow").first?["actor"] as? String == "https://kiwi.test/users/ada")
        let asked = try await ada.run(["kiwi", "following", "--plain"])
        #expect(asked.standardOutput == "bob\nalice@\(host)\n", "here, then elsewhere")
        #expect(asked.standardError.contains("alice@\(host): asked; their server has not accepted yet."), "\(asked.standardError)")
        let listed = try await ada.run(["kiwi", "following", "--json"])
        let users = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]]
        #expect(users?.compactMap { $0["username"] as? String } == ["bob", "alice@\(host)"], "\(listed.standardOutput)")

        let nobody = try await ada.run(["kiwi", "follow", "@nobody@\(host)"])
        #expect(nobody.exitCode == 66 && nobody.standardError.hasPrefix("error: no user @nobody@\(host)\n"), "\(nobody.standardError)")
        #expect(try await ada.run(["kiwi", "outbox"]).standardOutput.isEmpty, "a refusal waits for nothing")
        // A server that is away: refused now, not kept in the outbox where every later write would wait behind it.
        let away = try await ada.run(["kiwi", "follow", "alice@127.0.0.1:1"])
        #expect(away.exitCode == 66 && away.standardError.contains("cannot reach 127.0.0.1:1: it refuses connections"), "\(away.standardError)")
        #expect(try await ada.run(["kiwi", "outbox"]).standardOutput.isEmpty)

        let unfollow = try await ada.run(["kiwi", "unfollow", "alice@\(host)"])
        #expect(unfollow.exitCode == 0 && unfollow.standardError.contains("No longer following alice@\(host)."), "\(unfollow.standardError)")
        #expect(try await eventually(within: .seconds(20)) { !delivered("Undo").isEmpty })
        #expect(try await ada.run(["kiwi", "following", "--plain"]).standardOutput == "bob\n")

        // Blocked by her handle: her server gets the Block, `blocks` lists her after the readers
        // here, and following her is refused until she is unblocked (an Undo of the Block).
        #expect(try await ada.run(["kiwi", "block", "carol"]).exitCode != 0, "nobody here by that name")
        _ = try await ToolboxBinary.kiwiReader("carol", on: base)
        #expect(try await ada.run(["kiwi", "block", "carol"]).exitCode == 0)
        let block = try await ada.run(["kiwi", "block", "alice@\(host)"])
        #expect(block.exitCode == 0 && block.standardError.contains("Blocked alice@\(host)."), "\(block.standardError)")
        #expect(try await eventually(within: .seconds(20)) { !delivered("Block").isEmpty })
        let blocks = try await ada.run(["kiwi", "blocks", "--json"])
        let kept = try JSONSerialization.jsonObject(with: Data(blocks.standardOutput.utf8)) as? [[String: Any]]
        #expect(
            kept?.compactMap { ($0["user"] as? [String: Any])?["username"] as? String } == ["carol", "alice@\(host)"],
            "\(blocks.standardOutput)"
        )
        let refused = try await ada.run(["kiwi", "follow", "alice@\(host)"])
        #expect(refused.exitCode == 77 && refused.standardError.contains("you have blocked alice@\(host)"), "\(refused.standardError)")
        #expect(try await ada.run(["kiwi", "outbox"]).standardOutput.isEmpty)
        let unblock = try await ada.run(["kiwi", "unblock", "alice@\(host)"])
        #expect(unblock.exitCode == 0 && unblock.standardError.contains("Unblocked alice@\(host)."), "\(unblock.standardError)")
        #expect(try await eventually(within: .seconds(20)) { delivered("Undo").count == 2 })
        #expect((delivered("Undo").last?["object"] as? [String: Any])?["type"] as? String == "Block")

        // Her server blocked by an admin: refused in the server's words, and nothing waits.
        #expect(try await binary.run(["kiwi", "role", "ada", "admin", "--database", "sqlite:\(binary.home.path)/kiwi.sqlite"]).exitCode == 0)
        #expect(try await ada.run(["kiwi", "domains", "block", "127.0.0.1", "--reason", "tests"]).exitCode == 0)
        let blocked = try await ada.run(["kiwi", "follow", "alice@\(host)"])
        #expect(blocked.exitCode == 77, "\(blocked.standardError)")
        #expect(blocked.standardError.hasPrefix("error: this server does not talk to 127.0.0.1: an admin blocked it\n"), "\(blocked.standardError)")
        #expect(try await ada.run(["kiwi", "outbox"]).standardOutput.isEmpty)
    }
}
