import ArgumentParser

/// What a plugin says about itself: shown by `toolbox plugins` and `--help`,
/// and checked by the registry at start-up. Its name on the command line and its
/// one line of summary are its command's, so they are written once.
public struct PluginDescriptor: Sendable {
    /// A human name, e.g. `Movies`.
    public var name: String
    /// `toolbox <identifier> …`, with its subcommands nested in it.
    public var command: any ParsableCommand.Type
    /// Every configuration key the plugin reads.
    public var configurationKeys: [ConfigKey]

    public init(name: String, command: any ParsableCommand.Type, configurationKeys: [ConfigKey] = []) {
        self.name = name
        self.command = command
        self.configurationKeys = configurationKeys
    }

    /// The command name, e.g. `movies`.
    public var identifier: String { command._commandName }
    /// One line, shown in `toolbox --help`: the command's abstract.
    public var summary: String { command.configuration.abstract }
}

/// The contract of a plugin: a static descriptor, one top-level command with
/// its subcommands nested in it, and the services it registers.
public protocol ToolboxPlugin: SendableMetatype {
    static var descriptor: PluginDescriptor { get }
    /// Registers the plugin's services (API clients, stores, providers).
    static func register(into container: inout Container)
    /// Its credentials as their services see them, for `toolbox config check`: one cheap request
    /// each, for what the configuration uses. None by default.
    static func checkCredentials(_ context: CommandContext) async -> [CredentialCheck]
}

extension ToolboxPlugin {
    /// `toolbox <identifier> …`
    public static var command: any ParsableCommand.Type { descriptor.command }

    public static func checkCredentials(_ context: CommandContext) async -> [CredentialCheck] { [] }
}
