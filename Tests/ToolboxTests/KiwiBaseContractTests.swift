import Foundation
import TestSupport
import Testing

/// The client against a server that speaks only the original backend's contract:
/// no /users/me, /feed, /users/<u>/posts, createdAt or commentCount.
@Suite struct KiwiBaseContractTests {
    static let ada = #"{"id":"ada","username":"ada","displayName":"Ada Lovelace","avatarURL":"http://x/uploads/a.png"}"#
    static func post(_ id: Int, by author: String) -> String {
        #"{"id":"\#(id)","author":{"id":"\#(author)","username":"\#(author)","displayName":"\#(author)","avatarURL":"http://x/u.png"},"imageURL":"http://x/uploads/\#(id).png","caption":null,"likes":\#(id)}"#
    }

    @Test func theClientNeedsNoExtension() async throws {
        let server = try await StubServer.start()
        server.route("/sessions", .json(Data(#"{"token":"base-token-1234","user":\#(Self.ada)}"#.utf8)))
        server.route("/users/ada", .json(Data(Self.ada.utf8)))
        server.route("/users/ada/followers", .json(Data("[]".utf8)))
        server.route("/users/ada/following", .json(Data("[]".utf8)))
        server.route("/posts") { request in
            // Two pages of 50 and a short third, mixing authors.
            let page = Int(request.query["page"] ?? "0") ?? 0
            let count = page < 2 ? 50 : 3
            let posts = (0..<count).map { Self.post(page * 50 + $0 + 1, by: $0 % 2 == 0 ? "ada" : "bob") }
            return .json(Data("[\(posts.joined(separator: ","))]".utf8))
        }
        let ada = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": server.baseURL.absoluteString, "TOOLBOX_HTTP_MAX_RETRIES": "0"])
        #expect(try await ada.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)

        let whoami = try await ada.run(["kiwi", "whoami"])
        #expect(whoami.exitCode == 0)
        #expect(whoami.standardOutput.contains("Ada Lovelace"), "from the user saved at login")

        let feed = try await ada.run(["kiwi", "feed", "--json", "--page-size", "5"])
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(feed.standardOutput.utf8)) as? [[String: Any]])
        #expect(posts.first?["createdAt"] is NSNull, "missing fields are null")
        #expect(server.requests.last { $0.path == "/posts" }?.query["page"] == "0", "page 1 on the command line is page 0 on the wire")
        let table = try await ada.run(["kiwi", "feed", "--page-size", "2"])
        #expect(table.standardOutput.contains("\t–\t"), "missing fields show as –")

        let profile = try await ada.run(["kiwi", "profile", "--json"])
        #expect(profile.exitCode == 0, "\(profile.standardError)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(profile.standardOutput.utf8)) as? [String: Any])
        #expect((summary["posts"] as? [Any])?.count == 52, "found by paging /posts")
        #expect(summary["streakDays"] is NSNull, "no dates, no streak")

        let following = try await ada.run(["kiwi", "feed", "--following"])
        #expect(following.exitCode == 64)
        #expect(following.standardError.contains("has no following feed"))
        #expect(try await ada.run(["kiwi", "logout"]).exitCode == 0, "no logout route: the token is forgotten here all the same")
        await server.stop()
    }
}
