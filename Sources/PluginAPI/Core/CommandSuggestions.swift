import ArgumentParser

/// Finds a mistyped plugin or command before argument-parser does, which would
/// only say "unexpected argument", and suggests the closest name.
enum CommandSuggestions {
    static func unknownCommand(in arguments: [String], root: any ParsableCommand.Type) -> ToolboxError? {
        var command = root
        var path = [root._commandName]
        for token in arguments {
            // Options, help and completion callbacks are the parser's business.
            if token.hasPrefix("-") || token == "help" { return nil }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, command.configuration.defaultSubcommand == nil else { return nil }
            if let next = subcommands.first(where: { $0._commandName == token || $0.configuration.aliases.contains(token) }) {
                command = next
                path.append(token)
                continue
            }
            let names = subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
            let place = path.joined(separator: " ")
            let what = path.count == 1 ? "plugin or command" : "command"
            if let match = Suggestion.closest(to: token, among: names) {
                return .usage("unknown \(what) '\(token)' for '\(place)'", hint: "did you mean '\(place) \(match)'?")
            }
            return .usage("unknown \(what) '\(token)' for '\(place)'", hint: "run '\(place) --help' to see \(names.joined(separator: ", "))")
        }
        return nil
    }
}
