import ArgumentParser
import KiwiServerCommands
import PluginAPI

/// `toolbox-kiwi-server`: Kiwi's server program, which `toolbox kiwi serve`, `migrate` and
/// `approve` become (same command line, same process). It alone links the server's
/// libraries, so no other toolbox command pays for them at start-up; it links no client.
struct ToolboxKiwiServer: ParsableCommand {
    static let configuration = ToolboxEntry.rootConfiguration(
        abstract: "Kiwi's server: `toolbox kiwi serve`, `migrate` and `approve` run here.",
        plugins: [KiwiServerPlugin.self]
    )
}

ToolboxEntry.main(root: ToolboxKiwiServer.self, plugins: [KiwiServerPlugin.self]) { container in
    container.register((any KiwiServerHost).self) { _ in LocalKiwiServer() }
}
