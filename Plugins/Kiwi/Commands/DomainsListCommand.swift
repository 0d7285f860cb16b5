import ArgumentParser
import PluginAPI

extension KiwiCommand.DomainsCommand {
    /// `toolbox kiwi domains list`
    struct List: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "The blocked servers, the most recent first: who blocked each, when and why."
        )
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            try context.output.list(
                try await client.blockedServers(),
                columns: KiwiModerationText.domainBlockColumns,
                plain: KiwiModerationText.spoken,
                empty: "No server is blocked."
            )
        }
    }
}
