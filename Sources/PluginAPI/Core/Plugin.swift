import ArgumentParser

/// What a plugin says about itself: shown by `toolbox plugins` and `--help`,
/// and checked by the registry at start-up.
public struct PluginDescriptor: Sendable {
    /// The command name, e.g. `movies`.
    public var identifier: String
    /// A human name, e.g. `Movies`.
    public var name: String
    /// One line, shown in `toolbox --help`.
    public var summary: String
    /// Every configuration key the plugin reads.
    public var configurationKeys: [ConfigKey]

    public init(identifier: String, name: String, summary: String, configurationKeys: [ConfigKey] = []) {
        self.identifier = identifier
        self.name = name
        self.summary = summary
        self.configurationKeys = configurationKeys
    }
}

/// The contract of a plugin: a static descriptor, one top-level command with
/// its subcommands nested in it, and the services it registers.
public protocol ToolboxPlugin: SendableMetatype {
    static var descriptor: PluginDescriptor { get }
    /// `toolbox <identifier> …`; its `commandName` must equal the identifier.
    static var command: any ParsableCommand.Type { get }
    /// Registers the plugin's services (API clients, stores, providers).
    static func register(into container: inout Container)
}
