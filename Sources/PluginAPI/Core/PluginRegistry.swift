import ArgumentParser

/// The statically registered plugins of one toolbox, checked at start-up:
/// no duplicate command names, no conflicting declarations of a configuration key.
public struct PluginRegistry: Sendable {
    /// The names of toolbox's own top-level commands, which no plugin may take.
    public static let builtinCommandNames: Set<String> = ["plugins", "config", "cache", "completion", "help"]

    /// The registry of the running command, for shell-completion callbacks, which
    /// argument-parser calls without a context.
    @TaskLocal public static var current: PluginRegistry?

    public let root: any ParsableCommand.Type
    public let plugins: [any ToolboxPlugin.Type]
    /// Every declared key: PluginAPI's own, then each plugin's, each name once.
    public let keys: [ConfigKey]

    /// Every plugin's keys, checked: a key declared two ways, or two keys one environment
    /// variable would set, is an error. Debug builds (every test run) also check the command
    /// tree at every start (`commandProblems`); a release build skips that walk, which builds
    /// every command's configuration (about a fifth of a short command's start), because its
    /// list was fixed when it was built and a test holds the real list to it.
    public init(root: any ParsableCommand.Type, plugins: [any ToolboxPlugin.Type]) throws {
        var problems: [String] = []
        #if DEBUG
        problems += Self.commandProblems(plugins)
        #endif
        var keys: [String: ConfigKey] = [:]
        var order: [String] = []
        var variables: [String: String] = [:]
        for (owner, key) in CoreKeys.all.map({ ("toolbox", $0) })
            + plugins.flatMap({ plugin in plugin.descriptor.configurationKeys.map { (plugin.descriptor.identifier, $0) } })
        {
            if let existing = keys[key.name] {
                if existing.conflicts(with: key) { problems.append("'\(owner)' declares \(key.name) differently from an earlier declaration") }
                continue
            }
            for variable in key.environmentVariables {
                if let other = variables[variable], other != key.name {
                    problems.append("\(variable) would set both \(other) and \(key.name)")
                }
                variables[variable] = key.name
            }
            keys[key.name] = key
            order.append(key.name)
        }
        guard problems.isEmpty else {
            throw ToolboxError.failure(
                "the plugin registry is inconsistent: " + problems.joined(separator: "; "),
                hint: "this is a bug in toolbox's plugin list"
            )
        }
        self.root = root
        self.plugins = plugins
        self.keys = order.compactMap { keys[$0] }
    }

    /// What is wrong with the plugins' commands: a command name taken twice (by two plugins,
    /// by a plugin and toolbox, or by two subcommands).
    public static func commandProblems(_ plugins: [any ToolboxPlugin.Type]) -> [String] {
        var problems: [String] = []
        var identifiers = builtinCommandNames
        for plugin in plugins {
            let descriptor = plugin.descriptor
            if !identifiers.insert(descriptor.identifier).inserted {
                problems.append("the command name '\(descriptor.identifier)' is taken twice")
            }
            problems += duplicateSubcommands(in: plugin.command, path: descriptor.identifier)
        }
        return problems
    }

    /// A container with every plugin's services registered.
    public func makeContainer() -> Container {
        var container = Container()
        for plugin in plugins { plugin.register(into: &container) }
        return container
    }

    public var pluginIdentifiers: [String] { plugins.map { $0.descriptor.identifier } }

    private static func duplicateSubcommands(in command: any ParsableCommand.Type, path: String) -> [String] {
        var seen: Set<String> = []
        var problems: [String] = []
        for subcommand in command.configuration.subcommands {
            for name in [subcommand._commandName] + subcommand.configuration.aliases where !seen.insert(name).inserted {
                problems.append("'\(path) \(name)' is defined twice")
            }
            problems += duplicateSubcommands(in: subcommand, path: "\(path) \(subcommand._commandName)")
        }
        return problems
    }
}
