import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi whoami`
    struct Whoami: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Who you are logged in as.")
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let user = try await client.me()
            let server = client.server.absoluteString
            try context.output.detail(
                user,
                fields: [("Username", user.username), ("Name", user.displayName ?? "–"), ("Server", server)],
                plain: "You are \(user.shownName), \(user.username), on \(server)."
            )
        }
    }
}
