import ArgumentParser
import KiwiServer
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi account --name NAME --email EMAIL`
    struct Account: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "account",
            abstract: "Change your name or email.",
            discussion: "Example:\n  toolbox kiwi account --name \"Ada King\""
        )
        @Option(help: "Your full name.") var name: String?
        @Option(help: "Your email address.") var email: String?
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if name == nil && email == nil { throw ValidationError("give --name, --email or both") }
        }

        func run(in context: CommandContext) async throws {
            let user = try await context.resolve(KiwiClient.self).updateProfile(KiwiWire.ProfileChange(fullname: name, email: email))
            context.output.notice("Updated \(user.username) (\(user.shownName)).")
        }
    }
}
