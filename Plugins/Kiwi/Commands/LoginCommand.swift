import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi login USERNAME`
    struct Login: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Log in; the session is kept for the next commands.",
            discussion: "Examples:\n  toolbox kiwi login ada\n  printf '%s\\n' \"$PASSWORD\" | toolbox kiwi login ada --password-stdin"
        )
        @Argument(help: "Your username.") var username: String
        @OptionGroup var passwordOptions: PasswordOptions
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let password = try passwordOptions.read(for: client.server, context: context)
            let session = try await client.logIn(KiwiWire.Credentials(username: username, password: password))
            context.output.notice("Logged in to \(session.server) as \(session.user.username).")
        }
    }
}
