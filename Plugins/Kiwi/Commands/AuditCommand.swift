import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi audit`
    struct Audit: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "audit",
            abstract: "What the moderators did, newest first: who, what, to whom, on which report, why (for moderators).",
            discussion: """
                Nobody edits the log: every action is kept as it was taken.

                Example:
                  toolbox kiwi audit
                """
        )
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            try context.output.list(
                try await client.audit(),
                columns: KiwiModerationText.auditColumns,
                plain: KiwiModerationText.spoken,
                empty: "No moderator has acted yet."
            )
        }
    }
}
