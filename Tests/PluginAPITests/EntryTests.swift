import Foundation
import PluginAPI
import TestSupport
import Testing

@Suite struct EntryTests {
    @Test func mistypedPluginSuggestsTheClosestAndExits64() async throws {
        let run = try await runEcho(["ehco", "greet", "x"])
        #expect(run.exitCode == 64)
        #expect(run.standardError.contains("unknown plugin or command 'ehco'"))
        #expect(run.standardError.contains("hint: did you mean 'toolbox echo'?"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test func mistypedSubcommandSuggestsTheClosest() async throws {
        let run = try await runEcho(["echo", "gret", "x"])
        #expect(run.exitCode == 64)
        #expect(run.standardError.contains("did you mean 'toolbox echo greet'?"))
    }

    @Test func helpAndVersionStillWork() async throws {
        let help = try await runEcho(["--help"])
        #expect(help.exitCode == 0)
        #expect(help.standardOutput.contains("echo"))
        #expect(help.standardOutput.contains("Says things back, for tests."))
        let version = try await runEcho(["--version"])
        #expect(version.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == ToolboxVersion.current)
    }

    @Test func aCommandParsedAloneStillAnswersHelpAndMistakesWithItsFullPath() async throws {
        let help = try await runEcho(["echo", "greet", "--help"])
        #expect(help.exitCode == 0)
        #expect(help.standardOutput.contains("USAGE: toolbox echo greet <name>"))
        let wrong = try await runEcho(["echo", "greet", "Ada", "--greeting"])
        #expect(wrong.exitCode == 64)
        #expect(wrong.standardError.contains("hint: usage: toolbox echo greet"))
        let parsed = try await runEcho(["echo", "greet", "Ada", "--greeting", "hi"])
        #expect(parsed.standardOutput == "hi, Ada\n")
    }

    @Test func usageErrorsAreOneLineWithAHint() async throws {
        let run = try await runEcho(["echo", "greet"])
        #expect(run.exitCode == 64)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("error: ") == true)
        #expect(lines.last?.hasPrefix("hint: usage: toolbox echo greet") == true)
    }

    @Test(arguments: ToolboxError.Kind.allCases.filter { $0 != .interrupted })
    func everyErrorKindMapsToItsExitCode(kind: ToolboxError.Kind) async throws {
        let run = try await runEcho(["echo", "fail", kind.rawValue, "--json"])
        #expect(run.exitCode == kind.exitCode)
        #expect(run.standardError.hasPrefix("error: failed as \(kind.rawValue)\nhint: "))
        #expect(run.standardOutput.isEmpty, "errors never reach stdout, even with --json")
    }

    @Test func documentedExitCodes() {
        let codes = Dictionary(uniqueKeysWithValues: ToolboxError.Kind.allCases.map { ($0, $0.exitCode) })
        #expect(
            codes == [
                .failure: 1, .usage: 64, .badData: 65, .notFound: 66, .unavailable: 69, .conflict: 73, .io: 74,
                .rateLimited: 75, .deferred: 75, .authentication: 77, .permission: 77, .configuration: 78, .interrupted: 130,
            ]
        )
    }

    @Test func theContainerServesAFakeInPlaceOfTheLiveService() async throws {
        let live = try await runEcho(["echo", "greet", "Ada"])
        #expect(live.standardOutput == "hello, Ada\n")
        let fake = try await runEcho(["echo", "greet", "Ada"]) { container in
            container.register(Greeter.self, instance: Greeter { "fake \($0)" })
        }
        #expect(fake.standardOutput == "fake Ada\n")
    }

    @Test func aMissingRequiredSecretIsAConfigurationErrorWithHowToSetIt() async throws {
        let run = try await runEcho(["echo", "token"])
        #expect(run.exitCode == 78)
        #expect(run.standardError.contains("echo.token is not set"))
        #expect(run.standardError.contains("get one from the echo desk"))
        #expect(run.standardError.contains("TOOLBOX_ECHO_TOKEN"))
        let placeholder = try await runEcho(["echo", "token"], environment: ["TOOLBOX_ECHO_TOKEN": "YOUR_API_KEY_HERE"])
        #expect(placeholder.exitCode == 78)
        #expect(placeholder.standardError.contains("placeholder"))
        let set = try await runEcho(["echo", "token"], environment: ["TOOLBOX_ECHO_TOKEN": "s3cr3t-abcd"])
        #expect(set.standardOutput == "token ends in abcd\n")
    }
}

@Suite struct RegistryTests {
    enum Clash: ToolboxPlugin {
        static let descriptor = PluginDescriptor(name: "Clash", command: ClashCommand.self)
        static func register(into container: inout Container) {}
    }

    enum Conflicting: ToolboxPlugin {
        static let descriptor = PluginDescriptor(
            name: "Other",
            command: OtherCommand.self,
            configurationKeys: [ConfigKey("echo.greeting", default: "bonjour", summary: "What to say.")]
        )
        static func register(into container: inout Container) {}
    }

    enum Agreeing: ToolboxPlugin {
        static let descriptor = PluginDescriptor(
            name: "Other",
            command: OtherCommand.self,
            configurationKeys: [
                ConfigKey("echo.greeting", default: "hello", environmentAliases: ["ECHO_GREETING"], summary: "Same key, other words.")
            ]
        )
        static func register(into container: inout Container) {}
    }

    @Test func rejectsACommandNameTakenTwice() {
        #expect(throws: ToolboxError.self) { try PluginRegistry(root: EchoRoot.self, plugins: [EchoPlugin.self, EchoPlugin.self]) }
        #expect(throws: ToolboxError.self) { try PluginRegistry(root: EchoRoot.self, plugins: [Clash.self]) }
    }

    @Test func aPluginIsNamedAndSummedUpByItsCommand() {
        #expect(EchoPlugin.descriptor.identifier == "echo")
        #expect(EchoPlugin.descriptor.summary == "Says things back, for tests.")
        #expect(ObjectIdentifier(EchoPlugin.command) == ObjectIdentifier(EchoCommand.self))
    }

    @Test func rejectsConflictingKeyDeclarationsButAcceptsIdenticalOnes() throws {
        #expect(throws: ToolboxError.self) { try PluginRegistry(root: EchoRoot.self, plugins: [EchoPlugin.self, Conflicting.self]) }
        let registry = try PluginRegistry(root: EchoRoot.self, plugins: [EchoPlugin.self, Agreeing.self])
        #expect(registry.keys.filter { $0.name == "echo.greeting" }.count == 1)
        #expect(registry.keys.first?.name == "http.timeout", "PluginAPI's own keys come first")
    }
}

@Suite struct CacheCommandTests {
    @Test func statsCountEntriesAndTreatUnreadableOnesAsExpired() async throws {
        let server = try await StubServer.start()
        server.route("/greeting", .json(Data(#"{"hello":"world"}"#.utf8)))
        let toolbox = try InProcessToolbox(EchoRoot.self, environment: ["TOOLBOX_ECHO_BASE_URL": server.baseURL.absoluteString])
        #expect(await toolbox.run(["echo", "fetch", "greeting"]).exitCode == 0)
        let fresh = await toolbox.run(["cache", "stats"])
        #expect(fresh.standardOutput.hasPrefix("echo\t1\t0\t"), "\(fresh.standardOutput)")
        // An entry in a format this toolbox cannot read (an older one) counts as expired.
        let folder = toolbox.environment["XDG_CACHE_HOME"]! + "/toolbox/echo"
        let entry = try #require(
            FileManager.default.enumerator(atPath: folder)?.allObjects.compactMap { $0 as? String }.first {
                $0.hasPrefix("http/") && ($0 as NSString).lastPathComponent.count == 64
            }
        )
        try Data("TOOLBOX-CACHE 1\n{}\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + entry))
        let stale = await toolbox.run(["cache", "stats"])
        #expect(stale.standardOutput.hasPrefix("echo\t1\t1\t"), "\(stale.standardOutput)")
        await server.stop()
    }
}
