import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand.ReportCommand {
    /// `toolbox kiwi report [create] POST|comment:ID|@USER --category … [--comment …] [--post ID …]`
    struct Create: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Report a post, a comment or a reader to the moderators.",
            discussion: """
                The moderators see what you reported as it is now, even if its author deletes it, and \
                you are told what came of it (never by whom). Reporting the same thing again changes \
                nothing. The member reported is not told who reported them. A reader on another server \
                (@user@host) is reported to the moderators here and to their server's, which is sent \
                your comment without your name.

                Categories: spam, harassment, spoilers (a spoiler without a warning), rules (breaks \
                the community's rules), other.
                """
        )
        @Argument(help: "What to report: a post's id, comment:ID, @username, or @user@host (a reader elsewhere).") var target: ReportTarget
        @Option(help: "Why you report it.") var category: KiwiWire.ReportCategory
        @Option(help: "What the moderators should know, in your words.") var comment: String?
        @Option(name: .customLong("post"), help: "A post of the reader that shows it (repeat for more).") var posts: [String] = []
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let write = KiwiWrite.report(subject: target.subject, category: category.rawValue, comment: comment, posts: posts)
            guard case .report(let report) = try await context.resolve(KiwiSync.self).deliver(write) else { return }
            try context.output.detail(
                report,
                fields: KiwiModerationText.fields(report),
                plain: "Reported \(write.target) as \(report.category) (report \(report.id)). The moderators will look at it."
            )
        }
    }
}

/// `kiwi report`'s target: a post's id, `comment:ID`, `@username` or `@user@host`.
struct ReportTarget: ExpressibleByArgument, Sendable {
    let subject: KiwiWire.ReportSubject

    init?(argument: String) {
        if argument.hasPrefix("@"), argument.count > 1 {
            subject = .account(String(argument.dropFirst()))
        } else if argument.hasPrefix("comment:"), let id = UInt64(argument.dropFirst(8)), id > 0 {
            subject = .comment(String(id))
        } else if let id = UInt64(argument), id > 0 {
            subject = .post(String(id))
        } else {
            return nil
        }
    }
}

extension KiwiWire.ReportCategory: ExpressibleByArgument {}
