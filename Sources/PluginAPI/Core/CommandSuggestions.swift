import ArgumentParser

/// The commands named by the leading words of a command line (the root first), and the
/// words after them; walked once per run, for suggestions and for parsing.
struct CommandPath {
    let commands: [any ParsableCommand.Type]
    let rest: ArraySlice<String>

    init(_ arguments: [String], root: any ParsableCommand.Type) {
        var commands = [root]
        var rest = arguments[...]
        while let word = rest.first, let next = commands[commands.count - 1].subcommand(named: word) {
            commands.append(next)
            rest = rest.dropFirst()
        }
        self.commands = commands
        self.rest = rest
    }

    /// The last command named.
    var command: any ParsableCommand.Type { commands[commands.count - 1] }
}

/// Finds a mistyped plugin or command before argument-parser does, which would
/// only say "unexpected argument", and suggests the closest name.
enum CommandSuggestions {
    static func unknownCommand(in path: CommandPath) -> ToolboxError? {
        // Options, help and completion callbacks are the parser's business.
        guard let token = path.rest.first, !token.hasPrefix("-"), token != "help" else { return nil }
        let subcommands = path.command.configuration.subcommands
        guard !subcommands.isEmpty, path.command.configuration.defaultSubcommand == nil else { return nil }
        let names = subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        let place = path.commands.map { $0._commandName }.joined(separator: " ")
        let what = path.commands.count == 1 ? "plugin or command" : "command"
        if let match = Suggestion.closest(to: token, among: names) {
            return .usage("unknown \(what) '\(token)' for '\(place)'", hint: "did you mean '\(place) \(match)'?")
        }
        return .usage("unknown \(what) '\(token)' for '\(place)'", hint: "run '\(place) --help' to see \(names.joined(separator: ", "))")
    }
}

extension ParsableCommand {
    /// The subcommand a word names, by its name or an alias.
    static func subcommand(named word: String) -> (any ParsableCommand.Type)? {
        configuration.subcommands.first { $0._commandName == word || $0.configuration.aliases.contains(word) }
    }
}
