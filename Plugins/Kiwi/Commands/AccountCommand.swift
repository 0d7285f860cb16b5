import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi account [update] --name … | account delete`
    struct AccountCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "account",
            abstract: "Change your name, email or avatar, or delete your account.",
            discussion: """
                Examples:
                  toolbox kiwi account --name "Ada King"
                  toolbox kiwi account --avatar ~/Pictures/me.jpg
                  toolbox kiwi account delete
                """,
            subcommands: [Update.self, Delete.self],
            defaultSubcommand: Update.self
        )
    }
}
