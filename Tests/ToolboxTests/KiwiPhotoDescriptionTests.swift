import Foundation
import TestSupport
import Testing

/// A photo's description for people who cannot see it: `kiwi post --alt`, the API's `imageAlt`,
/// the pages' `alt` text, and `--plain` reading it aloud.
@Suite struct KiwiPhotoDescriptionTests {
    @Test func aDescriptionTravelsFromPostToEveryPlaceThePhotoShows() async throws {
        let (server, base) = try await ToolboxBinary().serveKiwi(["--database", "memory"])
        defer { server.process.terminate() }
        let ada = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": base])
        #expect(try await ada.run(["kiwi", "signup", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        #expect(try await ada.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        let photo = Scratch.url("kiwi-described", ending: ".png")
        try TestImages.png(seed: 9).write(to: photo)
        let described = "A dog-eared page of The Tempest, a pencil beside it"
        let posted = try await ada.run(["kiwi", "post", "--image", photo.path, "--caption", "Act one", "--alt", described])
        #expect(posted.exitCode == 0, "\(posted.standardError)")
        let id = posted.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)

        let json = try await ada.run(["kiwi", "show", id, "--json"])
        let post = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(post["imageAlt"] as? String == described)
        let plain = try await ada.run(["kiwi", "show", id, "--plain"])
        #expect(
            plain.standardOutput.contains("posted “Act one”") && plain.standardOutput.contains("The photo shows: \(described)."),
            "\(plain.standardOutput)"
        )
        let shown = try await ada.run(["kiwi", "show", id])
        #expect(shown.standardOutput.contains("Photo shows\t\(described)\n"), "\(shown.standardOutput)")
        let feed = try await ada.run(["kiwi", "feed", "--plain"])
        #expect(feed.standardOutput.contains("The photo shows: \(described)."))

        // The pages use it as the photo's alt text.
        let login = try await LiveHTTP().send("POST", base + "/sessions", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
        let token = try #require((try JSONSerialization.jsonObject(with: login.body) as? [String: Any])?["token"] as? String)
        let page = String(decoding: try await LiveHTTP().send("GET", base + "/p/\(id)", headers: ["Cookie": "session=\(token)"]).body, as: UTF8.self)
        #expect(page.contains(#"alt="\#(described)""#), "the post's page")

        // Longer than the server takes: refused before anything is sent, naming the limit it states.
        let long = try await ada.run(["kiwi", "post", "--image", photo.path, "--alt", String(repeating: "a", count: 1501)])
        #expect(long.exitCode == 64)
        #expect(long.standardError.hasPrefix("error: --alt is 1501 characters; the server takes at most 1500\n"))
    }
}
