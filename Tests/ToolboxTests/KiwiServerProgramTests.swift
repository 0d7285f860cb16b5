import Foundation
import TestSupport
import Testing

/// `toolbox kiwi serve` and `migrate` become Kiwi's server program, installed beside
/// toolbox, which alone links the server's libraries (docs/architecture.md, "Start-up").
@Suite struct KiwiServerProgramTests {
    static var serverProgram: URL { ToolboxBinary.url.deletingLastPathComponent().appendingPathComponent("toolbox-kiwi-server") }

    /// The dynamic libraries a binary needs, as the loader lists them.
    static func neededLibraries(_ binary: URL) async throws -> String {
        try await Program.run("/usr/bin/ldd", [binary.path], errors: false).output
    }

    @Test func serveIsTheServerProgramInTheSameProcess() async throws {
        let (server, base) = try await ToolboxBinary().serveKiwi(["--database", "memory"])
        let pid = server.process.processIdentifier
        let running = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        #expect(running == Self.serverProgram.resolvingSymlinksInPath().path, "toolbox's pid now runs \(running)")
        // glibc's arenas, one a core (Tests/Benchmarks/README.md, kiwi_live.sh); the test's toolbox runs without a choice of its own.
        let environment = try String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8).split(separator: "\0")
        #expect(environment.contains("MALLOC_ARENA_MAX=\(ProcessInfo.processInfo.activeProcessorCount)"), "\(environment)")
        let health = try await LiveHTTP().send("GET", base + "/health")
        #expect(health.status == 200)
        server.process.terminate()
        let result = await server.finish()
        #expect(result.exitCode == 0, "SIGTERM reaches the server, which stops cleanly: \(result.standardError)")
    }

    @Test func migrateRunsInTheServerProgram() async throws {
        let toolbox = try ToolboxBinary()
        let folder = toolbox.home.path
        let (server, base) = try await toolbox.serveKiwi(["--database", "sqlite:\(folder)/a.sqlite"])
        let signup = try await LiveHTTP().send("POST", base + "/users", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
        #expect(signup.status == 201)
        server.process.terminate()
        _ = await server.finish()
        let run = try await toolbox.run(["kiwi", "migrate", "--from", "sqlite:\(folder)/a.sqlite", "--to", "sqlite:\(folder)/b.sqlite"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("users\t1\t1\t1\n"), "\(run.standardOutput)")
        #expect(run.standardError.hasSuffix("verified: the target holds every row of the source, compared column by column\n"))
    }

    /// `kiwi approve` lists and decides on the community's database while its server runs.
    @Test func approveRunsInTheServerProgramBesideARunningServer() async throws {
        let toolbox = try ToolboxBinary()
        let database = "sqlite:\(toolbox.home.path)/kiwi.sqlite"
        let (server, base) = try await toolbox.serveKiwi(["--database", database, "--registrations", "approval"])
        defer { server.process.terminate() }
        let http = LiveHTTP()
        for name in ["ada", "bob"] {
            let signup = try await http.send("POST", base + "/users", body: Data(#"{"username":"\#(name)","password":"pw"}"#.utf8))
            #expect(signup.status == 202)
        }
        let listed = try await toolbox.run(["kiwi", "approve", "--database", database])
        #expect(listed.exitCode == 0 && listed.standardOutput.hasPrefix("ada\t–\t–\t") && listed.standardOutput.contains("\nbob\t"), "\(listed)")
        let approved = try await toolbox.run(["kiwi", "approve", "ada", "--database", database])
        #expect(approved.exitCode == 0 && approved.standardError == "ada can log in now\n", "\(approved.standardError)")
        let login = try await http.send("POST", base + "/sessions", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
        #expect(login.status == 200, "the running server lets her in")
        let rejected = try await toolbox.run(["kiwi", "approve", "bob", "ada", "--reject", "--database", database])
        #expect(rejected.exitCode == 66)
        #expect(
            rejected.standardError == """
                bob's sign-up is removed
                error: ada is not waiting for approval
                hint: list the sign-ups that wait with `toolbox kiwi approve`

                """
        )
        let none = try await toolbox.run(["kiwi", "approve", "--database", database])
        #expect(none.exitCode == 0 && none.standardError.contains("No sign-ups wait for approval."), "\(none)")
    }

    /// `kiwi role` names an admin on the community's database while its server runs; the server
    /// answers with it at once.
    @Test func roleRunsInTheServerProgramBesideARunningServer() async throws {
        let toolbox = try ToolboxBinary()
        let database = "sqlite:\(toolbox.home.path)/kiwi.sqlite"
        let (server, base) = try await toolbox.serveKiwi(["--database", database])
        defer { server.process.terminate() }
        let http = LiveHTTP()
        _ = try await http.send("POST", base + "/users", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
        let given = try await toolbox.run(["kiwi", "role", "ada", "admin", "--database", database])
        #expect(given.exitCode == 0 && given.standardError == "ada is now an admin\n", "\(given.standardError)")
        let login = try await http.send("POST", base + "/sessions", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
        let token = try #require((try JSONSerialization.jsonObject(with: login.body) as? [String: Any])?["token"] as? String)
        let me = try await http.send("GET", base + "/users/me", headers: ["Authorization": "Bearer \(token)"])
        #expect((try JSONSerialization.jsonObject(with: me.body) as? [String: Any])?["role"] as? String == "admin")

        let nobody = try await toolbox.run(["kiwi", "role", "nobody", "moderator", "--database", database])
        #expect(nobody.exitCode == 66 && nobody.standardError.hasPrefix("error: there is no member nobody\n"), "\(nobody.standardError)")
        let king = try await toolbox.run(["kiwi", "role", "ada", "king", "--database", database])
        #expect(king.exitCode == 64 && king.standardError.hasPrefix("error: The value 'king' is invalid for '<role>'"), "\(king.standardError)")
        let back = try await toolbox.run(["kiwi", "role", "ada", "member", "--database", database])
        #expect(back.exitCode == 0 && back.standardError == "ada is a member, with no role\n", "the operator may leave none")
    }

    /// Refused before the server program starts: one line quoting the value, its password
    /// masked, and the option's help as the hint.
    @Test func aDatabaseOfNoKnownKindIsAUsageErrorThatHidesItsPassword() async throws {
        let run = try await ToolboxBinary().run(["kiwi", "serve", "--database", "postgres://kiwi:hunter22secret@/kiwi"])
        #expect(run.exitCode == 64)
        #expect(
            run.standardError == """
                error: The value 'postgres://kiwi:••••@/kiwi' is invalid for '--database <database>'
                hint: --database <database>: Where the data lives: sqlite:PATH, postgres://USER:PASSWORD@HOST:PORT/DATABASE[?pool=N], or memory.

                """
        )
        let memory = try await ToolboxBinary().run(["kiwi", "migrate", "--from", "memory", "--to", "sqlite:/nonexistent/kiwi.sqlite"])
        #expect(memory.exitCode == 64)
        #expect(memory.standardError.hasPrefix("error: --from: a memory store holds nothing to move; name sqlite:PATH or a postgres:// URL\n"))
    }

    @Test func toolboxLinksNoneOfTheServersLibraries() async throws {
        let (toolbox, server) = (try await Self.neededLibraries(ToolboxBinary.url), try await Self.neededLibraries(Self.serverProgram))
        #expect(!toolbox.contains("libsqlite3"), "toolbox: no SQLite (GRDB is the server's)")
        #expect(server.contains("libsqlite3"), "the server program's store")
    }

    @Test func aMissingServerProgramIsSaidWithAHint() async throws {
        // toolbox alone in a folder (a hard link: the program finds its folder through /proc/self/exe).
        let folder = Scratch.url("lone")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lone = folder.appendingPathComponent("toolbox")
        try FileManager.default.linkItem(at: ToolboxBinary.url, to: lone)
        let home = try TestHome()
        let (status, stderr) = try await Program.run(lone.path, ["kiwi", "serve", "--port", "0"], environment: home.environment)
        #expect(status == 74)
        #expect(stderr.hasPrefix("error: the Kiwi server's program is missing: no toolbox-kiwi-server beside toolbox in \(folder.path)"))
        #expect(stderr.contains("hint: install both programs"), "\(stderr)")
    }
}
