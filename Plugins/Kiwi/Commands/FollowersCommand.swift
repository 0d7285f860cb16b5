import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi followers [USERNAME] | followers remove USERNAME`
    struct FollowersCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "followers",
            abstract: "Who follows a reader (you by default), or remove one of your followers.",
            discussion: """
                Examples:
                  toolbox kiwi followers
                  toolbox kiwi followers ada
                  toolbox kiwi followers remove bob
                """,
            subcommands: [List.self, Remove.self],
            defaultSubcommand: List.self
        )
    }
}
