import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi domains [list] | domains block HOST | domains unblock HOST`
    struct DomainsCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "domains",
            abstract: "The other servers of the fediverse this community will not talk to (for admins).",
            discussion: """
                A blocked server's activities are refused, every follow between its readers and \
                this community's ends, and nothing more is sent to it. A block covers the servers \
                under the domain named. Each block and unblock is in the audit log.

                Examples:
                  toolbox kiwi domains
                  toolbox kiwi domains block spam.example --reason "floods of spam"
                  toolbox kiwi domains unblock spam.example --reason "cleaned up"
                """,
            subcommands: [List.self, Block.self, Unblock.self],
            defaultSubcommand: List.self
        )
    }
}
