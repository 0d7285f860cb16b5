import Foundation
import TestSupport
import Testing

/// `toolbox kiwi followers [USERNAME]` and `followers remove USERNAME` through the real binary and server.
@Suite struct KiwiFollowersCommandTests {
    @Test func aReaderRemovesAFollowerAndTheListSaysSo() async throws {
        let (server, base) = try await ToolboxBinary().serveKiwi(["--database", "memory"])
        defer { server.process.terminate() }
        let ada = try await ToolboxBinary.kiwiReader("ada", on: base)
        let bob = try await ToolboxBinary.kiwiReader("bob", on: base)
        #expect(try await bob.run(["kiwi", "follow", "ada"]).exitCode == 0)
        #expect(try await ada.run(["kiwi", "followers", "--plain"]).standardOutput == "bob\n", "the list is still the default")
        #expect(try await bob.run(["kiwi", "followers", "ada", "--plain"]).standardOutput == "bob\n", "and takes a username")

        let removed = try await ada.run(["kiwi", "followers", "remove", "bob"])
        #expect(removed.exitCode == 0 && removed.standardError.contains("bob no longer follows you."), "\(removed.standardError)")
        #expect(try await ada.run(["kiwi", "followers", "--plain"]).standardError.contains("Nobody follows ada yet."))
        #expect(try await bob.run(["kiwi", "following", "--plain"]).standardError.contains("bob follows nobody yet."))

        let again = try await ada.run(["kiwi", "followers", "remove", "bob"])
        #expect(again.exitCode == 66 && again.standardError.hasPrefix("error: bob does not follow you\n"), "\(again.standardError)")
        #expect(try await ada.run(["kiwi", "outbox"]).standardOutput.isEmpty, "a refusal waits for nothing")
    }
}
