import ArgumentParser
import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import toolbox

/// The built binary, run as a new user would, in private XDG folders.
@Suite struct CommandLineTests {
    @Test func helpListsThePluginsAndTheBuiltInCommands() async throws {
        let run = try await ToolboxBinary().run(["--help"])
        #expect(run.exitCode == 0)
        for word in ["plugins", "config", "cache", "completion"] { #expect(run.standardOutput.contains(word)) }
        #expect(run.standardError.isEmpty)
    }

    @Test func versionIsPrinted() async throws {
        let run = try await ToolboxBinary().run(["--version"])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    @Test func aMistypedCommandGetsASuggestionAndExit64() async throws {
        let run = try await ToolboxBinary().run(["confg", "list"])
        #expect(run.exitCode == 64)
        #expect(run.standardError == "error: unknown plugin or command 'confg' for 'toolbox'\nhint: did you mean 'toolbox config'?\n")
        #expect(run.standardOutput.isEmpty)
    }

    /// Release builds skip the command-tree walk at start-up; this holds the shipped list to it.
    @Test func theShippedPluginListIsConsistent() throws {
        #expect(PluginRegistry.commandProblems(Toolbox.plugins).isEmpty, "\(PluginRegistry.commandProblems(Toolbox.plugins))")
        _ = try PluginRegistry(root: Toolbox.self, plugins: Toolbox.plugins)
    }

    @Test func theRegistryCheckPassesAtStartUp() async throws {
        let run = try await ToolboxBinary().run(["plugins", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let plugins = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]]
        #expect(plugins != nil)
    }

    @Test func commandGroupsTakeNoOptionsOfTheirOwn() {
        // `toolbox PLUGIN COMMAND …` is parsed by the command alone (ToolboxEntry.parseLeaf),
        // which is the same as parsing from the root only while no group above a command has options.
        var groups: [any ParsableCommand.Type] = [Toolbox.self]
        var withOptions: [String] = []
        while let group = groups.popLast() {
            let subcommands = group.configuration.subcommands
            guard !subcommands.isEmpty else { continue }
            if !Mirror(reflecting: group.init()).children.isEmpty { withOptions.append(group._commandName) }
            groups += subcommands
        }
        #expect(withOptions.isEmpty, "groups with options: \(withOptions)")
    }

    @Test func configSetFromStdinWritesAPrivateFileAndKeepsOtherKeys() async throws {
        let toolbox = try ToolboxBinary()
        #expect(try await toolbox.run(["config", "set", "http.timeout", "12"]).exitCode == 0)
        let set = try await toolbox.run(["config", "set", "http.max_retries"], input: "3\n")
        #expect(set.exitCode == 0, "\(set.standardError)")
        let path = try await toolbox.run(["config", "path"]).standardOutput.trimmingCharacters(in: .newlines)
        #expect(path == toolbox.environment["XDG_CONFIG_HOME"]! + "/toolbox/config.yaml")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let list = try await toolbox.run(["config", "list"])
        #expect(list.standardOutput.contains("http.timeout\t12\tfile\n"))
        #expect(list.standardOutput.contains("http.max_retries\t3\tfile\n"))
        let overridden = try await toolbox.run(["config", "get", "http.timeout"], environment: ["TOOLBOX_HTTP_TIMEOUT": "7"])
        #expect(overridden.standardOutput == "7\n")
    }

    @Test func configSetWithoutAValueAndNoInputIsAUsageError() async throws {
        let run = try await ToolboxBinary().run(["config", "set", "http.timeout"])
        #expect(run.exitCode == 64)
        #expect(run.standardError.contains("no value given"))
    }

    @Test func configCheckNamesInvalidValuesAndExits78() async throws {
        let run = try await ToolboxBinary().run(
            ["config", "check"],
            environment: ["TOOLBOX_HTTP_MAX_RETRIES": "lots", "TMDB_API_KEY": "a-real-looking-key"]
        )
        #expect(run.exitCode == 78)
        #expect(run.standardOutput.contains("http.max_retries"))
        #expect(run.standardError.contains("1 configuration key needs attention"))
    }

    @Test func theExampleConfigurationDocumentsEveryKey() async throws {
        let run = try await ToolboxBinary().run(["config", "template"])
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../config/toolbox.example.yaml")
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(
            run.standardOutput == committed,
            "config/toolbox.example.yaml is out of date: run `toolbox config template > config/toolbox.example.yaml`"
        )
    }

    @Test func cacheStatsAndClearAnswerOnAnEmptyCache() async throws {
        let toolbox = try ToolboxBinary()
        #expect(try await toolbox.run(["cache", "stats"]).exitCode == 0)
        let unknown = try await toolbox.run(["cache", "clear", "--plugin", "nope"])
        #expect(unknown.exitCode == 64)
    }
}

/// Completion scripts as text snapshots, and the bash one loaded into a real bash.
@Suite struct CompletionTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    @Test(arguments: ["bash", "zsh", "fish"])
    func scriptsMatchTheirSnapshots(shell: String) async throws {
        let run = try await ToolboxBinary().run(["completion", shell])
        #expect(run.exitCode == 0)
        let snapshot = Self.snapshots.appendingPathComponent("toolbox.\(shell)")
        if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
            try run.standardOutput.write(to: snapshot, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: snapshot, encoding: .utf8)
        #expect(run.standardOutput == expected, "run with UPDATE_SNAPSHOTS=1 to accept the new \(shell) script")
    }

    @Test func theGenerateCompletionScriptFlagPrintsTheSameScript() async throws {
        let toolbox = try ToolboxBinary()
        let flag = try await toolbox.run(["--generate-completion-script", "zsh"])
        let command = try await toolbox.run(["completion", "zsh"])
        #expect(flag.standardOutput == command.standardOutput)
    }

    /// What bash offers for a command line, with the script loaded as a user would.
    static func complete(_ words: [String], environment: [String: String]? = nil) async throws -> [String] {
        let toolbox = try ToolboxBinary()
        let line = words.joined(separator: " ")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            shopt -s extglob
            source <(toolbox completion bash)
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            _toolbox toolbox '\(words.last ?? "")' '\(words.dropLast().last ?? "")'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var environment = environment ?? toolbox.environment
        environment["PATH"] = ToolboxBinary.url.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        let offered = try await Program.run("/bin/bash", ["-c", script], environment: environment, errors: false).output
        return offered.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandNames() async throws {
        #expect(try await Self.complete(["toolbox", "con"]) == ["config"])
    }

    @Test func bashCompletesConfigurationKeysFromTheRegistry() async throws {
        let offered = try await Self.complete(["toolbox", "config", "get", "http.b"])
        #expect(offered == ["http.backoff_initial", "http.backoff_max"])
    }
}
