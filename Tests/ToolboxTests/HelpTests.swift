import ArgumentParser
import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import toolbox

/// Every command of the real toolbox, with its path: `["toolbox", "movies", "list"]`.
func everyCommand() -> [(path: [String], command: any ParsableCommand.Type)] {
    var found: [([String], any ParsableCommand.Type)] = []
    func walk(_ command: any ParsableCommand.Type, path: [String]) {
        found.append((path, command))
        // `subcommands` includes the grouped ones (the plugins, under the root).
        for subcommand in command.configuration.subcommands {
            walk(subcommand, path: path + [subcommand._commandName])
        }
    }
    walk(Toolbox.self, path: ["toolbox"])
    return found
}

/// The long options a command's help lists (`image-width` for `--image-width <n>`), without help and version.
func longOptions(of command: any ParsableCommand.Type) -> [String] {
    Toolbox.helpMessage(for: command, columns: 1000).split(separator: "\n").compactMap { line in
        guard line.trimmed.hasPrefix("--"), let option = line.trimmed.split(separator: " ").first else { return nil }
        let name = String(option.dropFirst(2).prefix { $0.isLetter || $0 == "-" })
        return name.isEmpty || ["help", "version"].contains(name) ? nil : name
    }
}

@Suite struct HelpTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/help")
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The help of every command as a person reads it, 100 columns wide; a change to any is a change to review.
    @Test func everyCommandsHelpMatchesItsSnapshot() throws {
        var expected = Set<String>()
        for (path, command) in everyCommand() {
            let name = path.joined(separator: "-") + ".txt"
            expected.insert(name)
            let help = Toolbox.helpMessage(for: command, columns: 100) + "\n"
            let snapshot = Self.snapshots.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
                try FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true)
                try help.write(to: snapshot, atomically: true, encoding: .utf8)
            }
            let recorded = try? String(contentsOf: snapshot, encoding: .utf8)
            #expect(recorded == help, "\(path.joined(separator: " ")): run with UPDATE_SNAPSHOTS=1 to accept its new help")
        }
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.snapshots.path))
        #expect(files.subtracting(expected).isEmpty, "snapshots of commands that no longer exist")
    }

    /// The man page is generated, not written: it must name every command with its abstract and every option.
    /// Regenerate it as the README says when this fails.
    @Test func theManPageIsCurrent() throws {
        // The generator leaves out backslash escapes and characters beyond ASCII; so does the comparison.
        func plain(_ text: String) -> String { String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.isASCII && $0 != "\\" })) }
        let manual = plain(try String(contentsOf: Self.repository.appendingPathComponent("docs/toolbox.1"), encoding: .utf8))
        var missing: [String] = []
        for (path, command) in everyCommand() {
            let abstract = plain(command.configuration.abstract)
            if !abstract.isEmpty, !manual.contains(abstract) { missing.append("\(path.joined(separator: " ")): “\(abstract)”") }
            for name in longOptions(of: command) where !manual.contains("-\(name)") {
                missing.append("\(path.joined(separator: " ")) --\(name)")
            }
        }
        #expect(missing.isEmpty, "docs/toolbox.1 is out of date: \(missing.joined(separator: "; "))")
    }

    /// Every folder under Plugins/ that declares a plugin is in the one list.
    @Test func everyPluginFolderIsRegistered() throws {
        let plugins = Self.repository.appendingPathComponent("Plugins")
        var declared: [String] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: plugins.path) {
            guard let files = FileManager.default.enumerator(atPath: plugins.appendingPathComponent(folder).path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let source = try String(contentsOf: plugins.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                for line in source.split(separator: "\n") where line.contains(": ToolboxPlugin {") {
                    let words = line.split(whereSeparator: { $0 == " " || $0 == ":" })
                    if let index = words.firstIndex(of: "enum") ?? words.firstIndex(of: "struct"), index + 1 < words.count {
                        declared.append(String(words[index + 1]))
                    }
                }
            }
        }
        let registered = Toolbox.plugins.map { String(describing: $0) }
        #expect(!declared.isEmpty)
        #expect(Set(declared) == Set(registered), "declared: \(declared.sorted()), in Sources/toolbox/main.swift: \(registered.sorted())")
    }

    /// The lines of every Swift file under `folder` of the repository, with the file's path in it.
    static func sources(under folder: String) throws -> [(file: String, line: Substring)] {
        let root = repository.appendingPathComponent(folder)
        guard let files = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var lines: [(String, Substring)] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            lines += source.split(separator: "\n").map { (file, $0) }
        }
        return lines
    }

    /// The server's program links no client, and only the stores speak to a database's library.
    @Test func theServerImportsNoClientAndOnlyItsStoresADatabaseLibrary() throws {
        let program = try Self.sources(under: "Sources/toolbox-kiwi-server").filter { $0.line == "import Kiwi" }
        #expect(program.isEmpty, "\(program.map(\.file))")
        let server = try Self.sources(under: "Sources/KiwiServer")
        #expect(server.contains { $0.line == "import GRDB" } && server.contains { $0.line == "import PostgresNIO" }, "the check sees the stores")
        let outside = server.filter { ["import GRDB", "import PostgresNIO"].contains($0.line) && !$0.file.hasPrefix("Stores/") }
        #expect(outside.isEmpty, "\(outside.map(\.file))")
        let commands = try Self.sources(under: "Sources/KiwiServer").filter { $0.line == "import KiwiServerCommands" }
        #expect(commands.isEmpty, "the server imports its settings, not the commands: \(commands.map(\.file))")
    }

    /// Every plugin has the same rooms (docs/architecture.md, "Where a plugin's code goes"): its
    /// plugin file, then `Commands/` (a command a file; the option groups and command protocols its
    /// commands share in `Commands/CommandOptions.swift`), `Model/`, `Services/`, `Wire/` and
    /// `Presentation/`. TMDB, the library both TMDB plugins share, is no plugin.
    @Test func everyPluginKeepsTheSameRooms() throws {
        let rooms: Set<String> = ["Commands", "Model", "Services", "Wire", "Presentation"]
        let root = Self.repository.appendingPathComponent("Plugins")
        var checked = 0
        for folder in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            let entries = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            guard let plugin = entries.first(where: { $0.hasSuffix("Plugin.swift") }) else { continue }
            checked += 1
            #expect(Set(entries.filter { $0 != plugin }).isSubset(of: rooms), "\(folder): \(entries.sorted())")
            let lines = try Self.sources(under: "Plugins/\(folder)")
            for file in Set(lines.map(\.file)) {
                let source = lines.filter { $0.file == file }.map(\.line)
                let commands = source.filter { $0.contains("CommandConfiguration(") }.count
                let options = source.filter { $0.contains(": ParsableArguments") }.count
                if file.hasPrefix("Commands/") && file != "Commands/CommandOptions.swift" {
                    #expect(commands == 1, "\(folder)/\(file): a command a file, found \(commands)")
                }
                if file != "Commands/CommandOptions.swift" {
                    #expect(options == 0, "\(folder)/\(file): option groups go in Commands/CommandOptions.swift")
                }
                if file.hasPrefix("Model/") {
                    #expect(commands == 0, "\(folder)/\(file): no command in Model/")
                    let shown = source.filter { $0.contains("Column<") || $0.contains("var spoken") }
                    #expect(shown.isEmpty, "\(folder)/\(file): a table's columns and a sentence go in Presentation/: \(shown)")
                }
            }
        }
        #expect(checked == Toolbox.plugins.count)
    }

    /// A discussion's prose is a paragraph a line, which the help wraps to the terminal: a line
    /// broken by hand inside a sentence shows as a fragment at any other width ("down," alone at 80
    /// columns). Example lines (indented), list items and a line ending in a colon keep their breaks.
    @Test func discussionsAreWrappedByTheHelpNotByHand() {
        for (path, command) in everyCommand() {
            let lines = command.configuration.discussion.components(separatedBy: "\n")
            for (line, next) in zip(lines, lines.dropFirst()) {
                let prose = { (text: String) in !text.isEmpty && !text.hasPrefix(" ") && !text.hasPrefix("-") }
                #expect(
                    !(prose(line) && prose(next) && !line.hasSuffix(":")),
                    "\(path.joined(separator: " ")): “\(line)” is broken by hand before “\(next)”"
                )
            }
        }
    }

    /// One naming rule for command types: a command nested in its group and run is named for what
    /// it does (`MoviesCommand.FavoritesCommand.Add`), as argument-parser's examples name them; a
    /// group (`FavoritesCommand`, `LogCommand`) and a command declared outside any group (the
    /// plugins' roots, `CompletionCommand`, `ServeCommand`, which two trees share) end in `Command`.
    @Test func commandTypesFollowOneConvention() {
        for (path, command) in everyCommand().dropFirst() {
            let name = String(describing: command).prefix { $0 != "<" }
            let nested = String(reflecting: command).prefix { $0 != "<" }.split(separator: ".").count > 2
            let where_ = "\(path.joined(separator: " ")): \(String(reflecting: command))"
            if nested && command.configuration.subcommands.isEmpty {
                #expect(!name.hasSuffix("Command"), "\(where_) runs inside its group, so it is named for what it does")
            } else {
                #expect(name.hasSuffix("Command"), "\(where_) is a group or stands outside one, so it ends in Command")
            }
        }
    }
}
