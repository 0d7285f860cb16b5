import ArgumentParser
import PluginAPI

extension KiwiCommand.DomainsCommand {
    /// `toolbox kiwi domains unblock HOST [--reason …]`
    struct Unblock: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "unblock",
            abstract: "Lift a server's block: it may follow and be followed again (the follows it ended stay ended).",
            discussion: """
                Example:
                  toolbox kiwi domains unblock spam.example --reason "cleaned up"
                """
        )
        @Argument(help: "The server, as it was blocked.") var host: String
        @Option(help: "Why, for the audit log.") var reason: String?
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            try await client.unblockServer(host, reason: reason)
            context.output.notice("Unblocked \(KiwiClient.serverName(host)).")
        }
    }
}
