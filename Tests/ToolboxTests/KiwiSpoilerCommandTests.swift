import Foundation
import TestSupport
import Testing

/// `kiwi post --spoiler` and `kiwi comment --spoiler` through the real binary and server: every
/// reading command shows the warning in place of what it covers unless `--spoilers` is given,
/// `--plain` reads the warning aloud, and `--json` carries both.
@Suite struct KiwiSpoilerCommandTests {
    static let caption = "Reader, I married him."
    static let warning = "the ending of Jane Eyre"

    /// The real server on memory, Ada logged in to it, and a photo to post.
    static func community() async throws -> (server: RunningToolbox, ada: ToolboxBinary, photo: URL) {
        let (server, base) = try await ToolboxBinary().serveKiwi(["--database", "memory"])
        let photo = Scratch.url("last-page", ending: ".jpg")
        try TestImages.jpeg.write(to: photo)
        return (server, try await ToolboxBinary.kiwiReader("ada", on: base), photo)
    }

    @Test func aWarningHidesThePostAndTheCommentUntilTheReaderAsks() async throws {
        let (server, ada, photo) = try await Self.community()
        defer { server.process.terminate() }
        let posted = try await ada.run(["kiwi", "post", "--image", photo.path, "--caption", Self.caption, "--spoiler", " \(Self.warning) "])
        #expect(posted.exitCode == 0, "\(posted.standardError)")
        let id = posted.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let commented = try await ada.run(["kiwi", "comment", id, "Bertha was in the attic", "--spoiler", "the attic"])
        #expect(commented.exitCode == 0, "\(commented.standardError)")

        let hidden = "Spoiler: \(Self.warning) (hidden; --spoilers shows it)"
        for command in [["feed"], ["profile", "ada"], ["search", "married"]] {
            let shown = try await ada.run(["kiwi"] + command)
            #expect(shown.standardOutput.contains(hidden) && !shown.standardOutput.contains("married him"), "\(command): \(shown.standardOutput)")
            let lifted = try await ada.run(["kiwi"] + command + ["--spoilers"])
            #expect(lifted.standardOutput.contains(Self.caption) && !lifted.standardOutput.contains("hidden;"), "\(command) --spoilers")
        }
        let plain = try await ada.run(["kiwi", "feed", "--plain"]).standardOutput
        #expect(plain.contains("ada posted behind a spoiler warning, “\(Self.warning)”") && !plain.contains("married"), "\(plain)")

        let show = try await ada.run(["kiwi", "show", id]).standardOutput
        #expect(show.contains("Caption\t\(hidden)\n") && show.contains("ada\tSpoiler: the attic (hidden; --spoilers shows it)\n"), "\(show)")
        #expect(!show.contains("married") && !show.contains("Bertha"))
        let lifted = try await ada.run(["kiwi", "show", id, "--spoilers"]).standardOutput
        #expect(
            lifted.contains("Caption\t\(Self.caption)\n") && lifted.contains("Spoiler\t\(Self.warning)\n") && lifted.contains("Bertha"),
            "\(lifted)"
        )
        let comments = try await ada.run(["kiwi", "comments", id, "--plain"]).standardOutput
        #expect(comments == "ada commented, with a spoiler warning: “the attic”. The comment is hidden.\n", "\(comments)")

        // --json carries both, whatever --spoilers says.
        let json = try await ada.run(["kiwi", "show", id, "--json"]).standardOutput
        let post = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(post["spoiler"] as? String == Self.warning && post["caption"] as? String == Self.caption, "trimmed, and both there")
        let thread = try #require(post["comments"] as? [[String: Any]])
        #expect(thread.first?["spoiler"] as? String == "the attic" && thread.first?["text"] as? String == "Bertha was in the attic")
    }

    @Test func aBlankOrLongWarningIsAUsageErrorAndNothingIsSent() async throws {
        let (server, ada, photo) = try await Self.community()
        defer { server.process.terminate() }
        let blank = try await ada.run(["kiwi", "post", "--image", photo.path, "--spoiler", "  "])
        #expect(blank.exitCode == 64 && blank.standardError.hasPrefix("error: --spoiler says what is given away"), "\(blank.standardError)")
        let long = try await ada.run(["kiwi", "comment", "1", "hi", "--spoiler", String(repeating: "x", count: 201)])
        #expect(long.exitCode == 64 && long.standardError.hasPrefix("error: --spoiler is 201 characters; at most 200\n"), "\(long.standardError)")
        let feed = try await ada.run(["kiwi", "feed", "--json"]).standardOutput
        #expect((try JSONSerialization.jsonObject(with: Data(feed.utf8)) as? [Any])?.isEmpty == true, "nothing was posted")
        #expect(try await ada.run(["kiwi", "outbox"]).standardOutput.isEmpty, "and nothing waits")
    }
}
