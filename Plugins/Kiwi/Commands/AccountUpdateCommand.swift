import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand.AccountCommand {
    /// `toolbox kiwi account [update] --name NAME --email EMAIL --avatar PATH`
    struct Update: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Change your name, email or avatar.",
            discussion: "Examples:\n  toolbox kiwi account --name \"Ada King\"\n  toolbox kiwi account --avatar ~/Pictures/me.jpg"
        )
        @Option(help: "Your full name.") var name: String?
        @Option(help: "Your email address.") var email: String?
        @Option(help: "A photo to show as your avatar: JPEG, PNG, GIF, WebP or HEIC, within the server's limits.", completion: .file()) var avatar:
            String?
        @OptionGroup var options: ClientOptions

        func validate() throws {
            if name == nil && email == nil && avatar == nil { throw ValidationError("give --name, --email, --avatar or several") }
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            // The photo is read and checked before anything changes.
            let photo = try avatar.map { try KiwiPhoto(path: $0) }
            if let photo { try photo.check(against: await client.mediaLimits()) }
            var user = try client.session().user
            if let photo { user = try await client.setAvatar(photo) }
            if name != nil || email != nil { user = try await client.updateProfile(KiwiWire.ProfileChange(fullname: name, email: email)) }
            context.output.notice("Updated \(user.username) (\(user.shownName))\(photo == nil ? "" : ", with a new avatar").")
        }
    }
}
