import ArgumentParser
import PluginAPI

extension KiwiCommand.DomainsCommand {
    /// `toolbox kiwi domains block HOST [--reason …]`
    struct Block: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "block",
            abstract: "Block a server: its activities are refused and every follow with it ends.",
            discussion: """
                Blocking a blocked server again changes the reason.

                Example:
                  toolbox kiwi domains block spam.example --reason "floods of spam"
                """
        )
        @Argument(help: "The server, such as mastodon.example (a URL on it will do).") var host: String
        @Option(help: "Why, for the audit log and the list.") var reason: String?
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let block = try await client.blockServer(host, reason: reason)
            context.output.notice("Blocked \(block.host): its activities are refused, and no follow with it lasts.")
        }
    }
}
