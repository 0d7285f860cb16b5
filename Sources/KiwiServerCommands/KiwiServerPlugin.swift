import ArgumentParser
import KiwiServerSettings
import PluginAPI

/// `toolbox-kiwi-server kiwi …`: the server's commands as the server's program runs them, without
/// the client. `toolbox kiwi serve` (the Kiwi plugin) parses the same commands and execs here, so
/// both programs take one command line; the program registers the host that serves in-process.
public enum KiwiServerPlugin: ToolboxPlugin {
    public static let descriptor = PluginDescriptor(name: "Kiwi", command: KiwiServerCommand.self, configurationKeys: KiwiServerKeys.all)

    public static func register(into container: inout Container) {}
}

/// `kiwi serve | migrate | approve | role | media`, as the server's program knows Kiwi.
public struct KiwiServerCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "kiwi",
        abstract: "Kiwi's server: serve the community, move it between databases and its photos to an object store, let members in, give roles.",
        subcommands: [ServeCommand.self, MigrateCommand.self, ApproveCommand.self, RoleCommand.self, MediaCommand.self]
    )

    public init() {}
}
