import ArgumentParser
import PluginAPI

extension KiwiCommand.ReportCommand {
    /// `toolbox kiwi report show N`
    struct Show: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "A report in full: what was reported as it was, and (for moderators) the account's record.",
            discussion: """
                A member reads their own reports; moderators read any, with the account's other \
                reports and the actions taken on it.

                Example:
                  toolbox kiwi report show 3
                """
        )
        @Argument(help: "The report's number.") var id: UInt64
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let report = try await client.report(String(id))
            try context.output.detail(report, fields: KiwiModerationText.fields(report), plain: KiwiModerationText.spoken(report))
        }
    }
}
