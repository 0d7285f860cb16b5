import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi report POST|comment:ID|@USER --category … | report show N`
    struct ReportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Report a post, a comment or a reader to the moderators, or read a report.",
            discussion: """
                Examples:
                  toolbox kiwi report 12 --category spam
                  toolbox kiwi report @bob --category harassment --comment "in every comment" --post 40 --post 41
                  toolbox kiwi report comment:7 --category spoilers
                  toolbox kiwi report show 3
                """,
            subcommands: [Create.self, Show.self],
            defaultSubcommand: Create.self
        )
    }
}
