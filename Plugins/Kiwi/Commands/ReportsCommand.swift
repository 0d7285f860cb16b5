import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi reports [--all]`
    struct Reports: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "reports",
            abstract: "The reports waiting for a moderator, oldest first (for moderators).",
            discussion: """
                Act on one with `toolbox kiwi moderate N ACTION`; read one in full with \
                `toolbox kiwi report show N`.

                Examples:
                  toolbox kiwi reports
                  toolbox kiwi reports --all
                """
        )
        @Flag(help: "Closed reports too.") var all = false
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            try context.output.list(
                try await client.reports(all: all),
                columns: KiwiModerationText.reportColumns,
                plain: KiwiModerationText.spoken,
                empty: all ? "Nobody has reported anything." : "No report waits. (`--all` lists closed ones too.)"
            )
        }
    }
}
