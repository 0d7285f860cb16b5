import Foundation
import TestSupport
import Testing

/// `kiwi block|unblock|blocks` and `kiwi mute|unmute|mutes` through the real binary and server.
@Suite struct KiwiBlockCommandTests {
    @Test func aReaderBlocksAndMutesAndTheOtherIsToldWhatStandsBetween() async throws {
        let (server, base) = try await ToolboxBinary().serveKiwi(["--database", "memory"])
        defer { server.process.terminate() }
        let ada = try await ToolboxBinary.kiwiReader("ada", on: base)
        let bob = try await ToolboxBinary.kiwiReader("bob", on: base)
        let photo = Scratch.url("page", ending: ".jpg")
        try TestImages.jpeg.write(to: photo)
        let posted = try await ada.run(["kiwi", "post", "--image", photo.path, "--caption", "Ada's page"])
        let post = posted.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await bob.run(["kiwi", "post", "--image", photo.path, "--caption", "Bob's page"]).exitCode == 0)

        let blocked = try await ada.run(["kiwi", "block", "bob"])
        #expect(blocked.exitCode == 0 && blocked.standardError.contains("Blocked bob."), "\(blocked.standardError)")
        #expect(try await ada.run(["kiwi", "blocks", "--plain"]).standardOutput.hasPrefix("bob, since just now."))
        let feed = try await ada.run(["kiwi", "feed", "--plain", "--refresh"]).standardOutput
        #expect(feed.contains("Ada's page") && !feed.contains("Bob's page"), "\(feed)")
        // Bob is told, in his words, and nothing waits in his outbox for an answer that cannot come.
        let follow = try await bob.run(["kiwi", "follow", "ada"])
        #expect(
            follow.exitCode == 77 && follow.standardError.hasPrefix("error: ada has blocked you\nhint: nothing was sent"),
            "\(follow.standardError)"
        )
        let like = try await bob.run(["kiwi", "like", post])
        #expect(like.exitCode == 77 && like.standardError.hasPrefix("error: ada has blocked you\n"), "\(like.standardError)")
        #expect(try await bob.run(["kiwi", "outbox"]).standardOutput.isEmpty)

        #expect(try await ada.run(["kiwi", "unblock", "bob"]).exitCode == 0)
        let again = try await ada.run(["kiwi", "unblock", "bob"])
        #expect(again.exitCode == 66 && again.standardError.hasPrefix("error: bob is not blocked\n"), "\(again.standardError)")

        let muted = try await ada.run(["kiwi", "mute", "bob", "--for", "7d"])
        #expect(muted.exitCode == 0 && muted.standardError.contains("Muted bob for 7 days."), "\(muted.standardError)")
        let mutes = try await ada.run(["kiwi", "mutes", "--plain"]).standardOutput
        #expect(mutes.hasPrefix("bob, since just now, ending in 7 days."), "\(mutes)")
        #expect(!(try await ada.run(["kiwi", "feed", "--plain", "--refresh"])).standardOutput.contains("Bob's page"))
        let long = try await ada.run(["kiwi", "mute", "bob", "--for", "2y"])
        #expect(long.exitCode == 64 && long.standardError.hasPrefix("error: The value '2y' is invalid for '--for <for>'"), "\(long.standardError)")
        #expect(try await ada.run(["kiwi", "unmute", "bob"]).exitCode == 0)
        #expect(try await ada.run(["kiwi", "feed", "--plain", "--refresh"]).standardOutput.contains("Bob's page"))
        #expect(try await ada.run(["kiwi", "mutes"]).standardError.contains("You mute nobody."))
    }
}
