import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi signup USERNAME`
    struct Signup: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "signup",
            abstract: "Create an account (then log in).",
            discussion: "Example:\n  toolbox kiwi signup ada --name \"Ada Lovelace\""
        )
        @Argument(help: "1 to 20 letters, digits, '_', '.' or '-'.") var username: String
        @Option(help: "Your full name.") var name: String?
        @Option(help: "Your email address.") var email: String?
        @OptionGroup var passwordOptions: PasswordOptions
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let password = try passwordOptions.read(for: client.server, prompt: "Choose a password: ", context: context)
            if try await client.signUp(KiwiWire.SignUp(username: username, password: password, fullname: name, email: email)) {
                context.output.notice("Thanks, \(username): a moderator looks at each new member here. Log in once your sign-up is approved.")
            } else {
                context.output.notice("Welcome, \(username)! Log in with `toolbox kiwi login \(username)`.")
            }
        }
    }
}
