import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi moderate N dismiss|remove|warn|silence|suspend [--reason …]`
    struct Moderate: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "moderate",
            abstract: "Act on a report (for moderators): dismiss it, remove what it is about, warn, silence or suspend its author.",
            discussion: """
                Actions:
                - dismiss: nothing to do
                - remove: takes the post or comment away, for everyone, photo and all
                - warn: the author sees a notice, with --reason
                - silence: the account's posts reach only its followers, off every public list
                - suspend: the account cannot log in and what it wrote leaves every list, until \
                `toolbox kiwi unsuspend`

                The reporter is told what came of the report, never by whom; the audit log \
                (`toolbox kiwi audit`) keeps who did what and why. Only an admin acts on an admin.

                Examples:
                  toolbox kiwi moderate 3 remove --reason "advertising"
                  toolbox kiwi moderate 4 suspend --reason "spam account"
                """
        )
        @Argument(help: "The report's number.") var id: UInt64
        @Argument(help: "dismiss, remove, warn, silence or suspend.") var action: ModerationAction
        @Option(help: "Why, for the audit log (and the warning the author sees).") var reason: String?
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let write = KiwiWrite.moderate(reportID: String(id), action: action.rawValue, reason: reason)
            guard case .report(let report) = try await context.resolve(KiwiSync.self).deliver(write) else { return }
            context.output.notice("Report \(report.id) of \(KiwiModerationText.about(report)): \(action.done).")
        }
    }
}

/// What a moderator does with a report.
enum ModerationAction: String, CaseIterable, ExpressibleByArgument, Sendable {
    case dismiss, remove, warn, silence, suspend

    var done: String {
        switch self {
        case .dismiss: "dismissed"
        case .remove: "removed"
        case .warn: "its author is warned"
        case .silence: "the account is silenced"
        case .suspend: "the account is suspended"
        }
    }
}
