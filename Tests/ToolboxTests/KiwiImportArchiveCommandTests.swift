import Foundation
import PluginAPI
import TestSupport
import Testing

/// `toolbox kiwi import-archive` between two real servers: exported from one, it says what it
/// would bring, brings it with --yes, adds nothing the second time, and a run whose server is
/// killed halfway ends, run again, with each post exactly once.
@Suite struct KiwiImportArchiveCommandTests {
    @Test func anArchiveMovesToAnotherServerOnceEvenWhenTheServerDiesHalfway() async throws {
        let first = try ToolboxBinary()
        let (there, thereBase) = try await first.serveKiwi(["--database", "sqlite:\(first.home.path)/there.sqlite"])
        defer { there.process.terminate() }
        let ada = try await ToolboxBinary.kiwiReader("ada", on: thereBase)
        // Photos at a camera's size, so that bringing 40 of them in takes the server long enough to be killed halfway.
        let photo = Scratch.url("page", ending: ".jpg")
        let make = """
            import sys, random
            from PIL import Image
            random.seed(7)
            photo = Image.frombytes("RGB", (1600, 1200), random.randbytes(1600 * 1200 * 3))
            photo.save(sys.argv[1], quality=90)
            """
        #expect(try await Program.run("/usr/bin/env", ["python3", "-c", make, photo.path]).status == 0)
        for number in 1...40 {
            #expect(try await ada.run(["kiwi", "post", "--image", photo.path, "--caption", "Page \(number)"]).exitCode == 0)
        }
        #expect(try await ada.run(["kiwi", "finish", "9780141441146", "--review", "Better the second time."]).exitCode == 0)
        let zip = ada.home.appendingPathComponent("ada.zip").path
        #expect(try await ada.run(["kiwi", "export", "--output", zip]).exitCode == 0)

        // Another server, where ada has an account of her own.
        let second = try ToolboxBinary()
        let serving = ["--database", "sqlite:\(second.home.path)/here.sqlite", "--port", "\(try FreePort.pick())"]
        var (here, hereBase) = try await second.serveKiwi(serving)
        defer { here.process.terminate() }
        let arriving = try await ToolboxBinary.kiwiReader("ada", on: hereBase)

        let plan = try await arriving.run(["kiwi", "import-archive", zip])
        #expect(plan.exitCode == 0, "\(plan.standardError)")
        #expect(plan.standardOutput.contains("Would bring 40 posts, 1 reading, 0 comments from"), "\(plan.standardOutput)")
        #expect(plan.standardError.contains("Nothing is changed yet"))

        // The server is killed while it brings the posts in; run again, each arrives once.
        let cut = try arriving.start(["kiwi", "import-archive", zip, "--yes"])
        // A deadline, not a count of looks: a loaded run can take seconds over each camera-sized
        // photo, and a look the busy server does not answer is looked at again.
        var seen = 0
        let deadline = ContinuousClock.now + .seconds(180)
        while seen < 5, cut.process.isRunning, ContinuousClock.now < deadline {
            seen = (try? await Self.posts(on: hereBase)) ?? seen
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(seen >= 5, "five posts arrived while it ran: \(seen); \(cut.standardErrorSoFar)")
        kill(here.process.processIdentifier, SIGKILL)
        _ = await cut.finish()
        (here, hereBase) = try await second.serveKiwi(serving)
        let landed = try await Self.posts(on: hereBase)
        #expect(landed >= 5 && landed < 40, "killed halfway: \(landed) posts had arrived")

        let again = try await arriving.run(["kiwi", "import-archive", zip, "--yes"])
        #expect(again.exitCode == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("Brought \(40 - landed) posts"), "\(again.standardOutput)")
        #expect(try await Self.posts(on: hereBase) == 40, "each post exactly once")
        let third = try await arriving.run(["kiwi", "import-archive", zip, "--yes"])
        #expect(third.standardOutput.contains("Would bring 0 posts, 0 readings, 0 comments"), "nothing to send: \(third.standardOutput)")
        #expect(third.standardOutput.contains("Already here: 40 posts, 1 reading"), "\(third.standardOutput)")

        // A damaged zip is refused before anything is sent.
        let damaged = ada.home.appendingPathComponent("damaged.zip")
        try Data(try Data(contentsOf: URL(fileURLWithPath: zip)).prefix(1_000)).write(to: damaged)
        let refused = try await arriving.run(["kiwi", "import-archive", damaged.path])
        #expect(refused.exitCode == 65 && refused.standardError.contains("is not a Kiwi archive"), "\(refused.standardError)")
    }

    /// How many posts the server's feed holds (everyone's: only the archive's are there). Asked on
    /// a pool of its own: the process's keeps connections open, and one to the server killed
    /// halfway is dead once a new server listens on its port ("I/O on closed channel" in CI).
    static func posts(on base: String) async throws -> Int {
        let http = LiveHTTP(connections: 1)
        let answer: PluginAPI.HTTPResponse
        do {
            answer = try await http.send("GET", base + "/posts?page=0&pageSize=100")
        } catch {
            try await http.shutdown()
            throw error
        }
        try await http.shutdown()
        return (try? JSONSerialization.jsonObject(with: answer.body) as? [Any])?.count ?? 0
    }
}
