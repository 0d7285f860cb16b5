import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi logout`
    struct Logout: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout",
            abstract: "End the session on the server (where it can) and forget it here."
        )
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            guard client.isLoggedIn else {
                context.output.notice("Not logged in.")
                return
            }
            let ended = try await client.logOut()
            context.output.notice(ended ? "Logged out." : "Logged out here (the server could not end the session).")
        }
    }
}
