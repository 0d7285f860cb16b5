import Foundation
import TestSupport
import Testing

/// `kiwi report`, `reports`, `report show`, `moderate`, `unsuspend` and `audit` through the real
/// binary and server, with the first moderator named by the operator (`kiwi role`).
@Suite struct KiwiModerationCommandTests {
    @Test func aReportReachesTheModeratorsOnceAndASuspendedReaderIsToldSo() async throws {
        let port = try FreePort.pick()
        let database = Scratch.url("kiwi", ending: ".sqlite").path
        let base = "http://127.0.0.1:\(port)"
        let host = try ToolboxBinary()
        var server = try await KiwiOfflineTests.serve(host, port: port, database: database)
        let (ada, bob, mod) = (
            try await ToolboxBinary.kiwiReader("ada", on: base), try await ToolboxBinary.kiwiReader("bob", on: base),
            try await ToolboxBinary.kiwiReader("mia", on: base)
        )
        #expect(try await host.run(["kiwi", "role", "mia", "moderator", "--database", "sqlite:\(database)"]).exitCode == 0)
        let photo = Scratch.url("page", ending: ".jpg")
        try TestImages.jpeg.write(to: photo)
        let post = try await bob.run(["kiwi", "post", "--image", photo.path, "--caption", "Cheap pills"]).standardOutput.trimmingCharacters(
            in: .whitespacesAndNewlines
        )

        let reported = try await ada.run(["kiwi", "report", post, "--category", "spam", "--comment", "adverts", "--plain"])
        #expect(
            reported.exitCode == 0 && reported.standardOutput == "Reported post \(post) as spam (report 1). The moderators will look at it.\n",
            "\(reported.standardError)"
        )
        let yourself = try await ada.run(["kiwi", "report", "@ada", "--category", "spam"])
        #expect(yourself.exitCode == 64 && yourself.standardError.contains("you cannot report yourself"), "\(yourself.standardError)")
        let unknown = try await ada.run(["kiwi", "report", "comment:99", "--category", "spam"])
        #expect(unknown.exitCode == 66 && unknown.standardError.hasPrefix("error: no comment 99\n"), "\(unknown.standardError)")
        let notModerator = try await ada.run(["kiwi", "reports"])
        #expect(
            notModerator.exitCode == 77 && notModerator.standardError.hasPrefix("error: only a moderator can do this\n"),
            "\(notModerator.standardError)"
        )

        // A report made while the server is down waits in the outbox and lands once.
        server.process.terminate()
        _ = await server.finish()
        let kept = try await ada.run(["kiwi", "report", "@bob", "--category", "harassment"])
        #expect(kept.exitCode == 75 && kept.standardError.hasPrefix("error: kept in the outbox ("), "\(kept.standardError)")
        server = try await KiwiOfflineTests.serve(host, port: port, database: database)
        defer { server.process.terminate() }
        let sync = try await ada.run(["kiwi", "sync"])
        #expect(sync.standardError.contains("sent report @bob (report 2, open)"), "\(sync.standardError)")
        #expect(try await ada.run(["kiwi", "sync"]).standardError.contains("Nothing waits"))

        let queue = try await mod.run(["kiwi", "reports", "--plain"]).standardOutput
        #expect(
            queue.hasPrefix("Report 1 of post \(post) by @bob (spam), by @ada, just now “adverts”: open.\nReport 2 of @bob (harassment), by @ada"),
            "\(queue)"
        )
        let shown = try await mod.run(["kiwi", "report", "show", "1"]).standardOutput
        #expect(shown.contains("“Cheap pills” – still up") && shown.contains("Standing") && shown.contains("good"), "\(shown)")

        let removed = try await mod.run(["kiwi", "moderate", "1", "remove", "--reason", "adverts"])
        #expect(removed.exitCode == 0 && removed.standardError.contains("Report 1 of post \(post) by @bob: removed."), "\(removed.standardError)")
        #expect(try await ada.run(["kiwi", "show", post]).exitCode == 66, "gone for everyone")
        let closed = try await mod.run(["kiwi", "moderate", "1", "dismiss"])
        #expect(closed.exitCode == 73 && closed.standardError.hasPrefix("error: this report is closed already (remove)\n"), "\(closed.standardError)")
        #expect(try await mod.run(["kiwi", "moderate", "2", "suspend", "--reason", "spam account"]).exitCode == 0)

        // The suspended reader's client says so, and keeps nothing it cannot send.
        let refused = try await bob.run(["kiwi", "comment", "1", "hello"])
        #expect(refused.exitCode == 77 && refused.standardError.hasPrefix("error: this account is suspended\n"), "\(refused.standardError)")
        #expect(try await bob.run(["kiwi", "outbox"]).standardOutput.isEmpty)
        let login = try await bob.run(["kiwi", "login", "bob", "--password-stdin"], input: "pw-bob\n")
        #expect(login.exitCode == 77 && login.standardError.contains("this account is suspended"), "\(login.standardError)")

        let heard = try await ada.run(["kiwi", "notifications", "--plain"]).standardOutput
        #expect(heard.contains("The moderators: Your report of @bob's post (spam): it was removed."), "\(heard)")
        #expect(heard.contains("The moderators: Your report of @bob (harassment): the account was suspended.") && !heard.contains("mia"), "\(heard)")
        let audit = try await mod.run(["kiwi", "audit", "--plain"]).standardOutput
        #expect(audit.hasPrefix("mia: suspend @bob on report 2, just now, because “spam account”.\nmia: remove @bob on report 1"), "\(audit)")

        #expect(try await mod.run(["kiwi", "unsuspend", "bob", "--reason", "appeal"]).standardError.contains("bob is no longer suspended."))
        #expect(try await bob.run(["kiwi", "login", "bob", "--password-stdin"], input: "pw-bob\n").exitCode == 0)
    }
}
