import ArgumentParser

/// `toolbox plugins`: every plugin, its commands and its configuration keys.
struct PluginsCommand: ToolboxCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List every plugin, its commands and its configuration keys.",
        discussion: """
            Examples:
              toolbox plugins
              toolbox plugins --json | jq '.[].identifier'
            """
    )

    @OptionGroup var global: GlobalOptions

    struct Summary: Encodable {
        var identifier: String
        var name: String
        var summary: String
        var commands: [String]
        var configurationKeys: [String]
    }

    func run(in context: CommandContext) async throws {
        let summaries = context.registry.plugins.map { plugin in
            Summary(
                identifier: plugin.descriptor.identifier,
                name: plugin.descriptor.name,
                summary: plugin.descriptor.summary,
                commands: Self.commandNames(plugin.command),
                configurationKeys: plugin.descriptor.configurationKeys.map(\.name)
            )
        }
        try context.output.list(
            summaries,
            columns: [
                Column("Plugin") { $0.identifier },
                Column("Summary", flexible: true) { $0.summary },
                Column("Commands", flexible: true) { $0.commands.joined(separator: ", ") },
                Column("Keys", flexible: true) { $0.configurationKeys.joined(separator: ", ") },
            ],
            plain: { "\($0.name): \($0.summary) Commands: \($0.commands.joined(separator: ", "))." },
            empty: "No plugins are registered."
        )
    }

    /// Leaf command paths below a plugin's command, e.g. `favorites add`.
    static func commandNames(_ command: any ParsableCommand.Type, prefix: String = "") -> [String] {
        command.configuration.subcommands.flatMap { sub -> [String] in
            let name = prefix + sub._commandName
            let nested = commandNames(sub, prefix: name + " ")
            return nested.isEmpty ? [name] : nested
        }
    }
}
