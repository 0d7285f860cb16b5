import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi outbox [--json] | outbox drop ID`
    struct OutboxCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "outbox",
            abstract: "The writes kept until the server confirms them.",
            discussion: """
                A post, comment, like, follow or deletion the server could not confirm (it was down, \
                failed, or did not answer in time) is kept here, with the key that makes it land once, \
                and sent by the next kiwi command or by `toolbox kiwi sync`. A write the server refuses \
                for good (not logged in, not yours, no such post) leaves the outbox with its reason.

                Examples:
                  toolbox kiwi outbox
                  toolbox kiwi outbox drop 3f9a1c2b
                """,
            subcommands: [List.self, Drop.self],
            defaultSubcommand: List.self
        )
    }
}
