import Foundation
import TestSupport
import Testing

/// `toolbox kiwi account delete` against the real server: it offers the archive first, asks for
/// the username typed again and the password, deletes nothing on a wrong answer, and after it the
/// member is gone from the server and the name held.
@Suite struct KiwiAccountDeleteCommandTests {
    @Test func aMemberLeavesWithTheirArchiveAndNothingOfTheirsStays() async throws {
        let serving = try ToolboxBinary()
        let (server, base) = try await serving.serveKiwi(["--database", "sqlite:\(serving.home.path)/kiwi.sqlite"])
        defer { server.process.terminate() }
        let ada = try await ToolboxBinary.kiwiReader("ada", on: base)
        let bob = try await ToolboxBinary.kiwiReader("bob", on: base)
        let photo = Scratch.url("storm", ending: ".jpg")
        try TestImages.jpeg.write(to: photo)
        #expect(try await ada.run(["kiwi", "post", "--image", photo.path, "--caption", "Storm"]).exitCode == 0)
        #expect(try await bob.run(["kiwi", "follow", "ada"]).exitCode == 0)

        // A script must name the username; a wrong one, or a wrong password, deletes nothing.
        let unconfirmed = try await ada.run(["kiwi", "account", "delete", "--password-stdin"], input: "pw-ada\n")
        #expect(unconfirmed.exitCode == 64 && unconfirmed.standardError.contains("--confirm ada"), "\(unconfirmed.standardError)")
        let mistyped = try await ada.run(["kiwi", "account", "delete", "--confirm", "bob", "--password-stdin"], input: "pw-ada\n")
        #expect(mistyped.exitCode == 64 && mistyped.standardError.contains("nothing was deleted"), "\(mistyped.standardError)")
        let guessed = try await ada.run(["kiwi", "account", "delete", "--confirm", "ada", "--password-stdin"], input: "guess\n")
        #expect(guessed.exitCode == 77 && guessed.standardError.contains("password"), "\(guessed.standardError)")
        #expect(try await bob.run(["kiwi", "profile", "ada"]).exitCode == 0, "ada is still there")

        // On a terminal the name is asked (the password prompt drops what was typed ahead of it,
        // so here the password comes as a line of input), after the archive is saved.
        let zip = ada.home.appendingPathComponent("kiwi-ada.zip")
        let deleted = try await ada.runOnTerminal(
            ["kiwi", "account", "delete", "--archive", zip.path, "--password-stdin", "--json"],
            typing: "ada\npw-ada\n"
        )
        #expect(deleted.exitCode == 0, "\(deleted.standardError)")
        #expect(
            deleted.standardOutput.contains(#""deleted":"ada""#) || deleted.standardOutput.contains(#""deleted" : "ada""#),
            "\(deleted.standardOutput)"
        )
        #expect(FileManager.default.fileExists(atPath: zip.path), "the archive was saved before anything was deleted")

        let gone = try await bob.run(["kiwi", "profile", "ada"])
        #expect(gone.exitCode == 66, "\(gone.standardError)")
        #expect(try await bob.run(["kiwi", "feed", "--json"]).standardOutput.contains("Storm") == false)
        let whoami = try await ada.run(["kiwi", "whoami"])
        #expect(whoami.exitCode == 77, "her session is forgotten here: \(whoami.standardError)")
        let again = try await ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": base])
            .run(["kiwi", "signup", "ada", "--password-stdin"], input: "new-pw\n")
        #expect(again.exitCode == 73, "the name is held: \(again.standardError)")
    }
}
