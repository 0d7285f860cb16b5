import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi comment POST_ID TEXT`
    struct Comment: KiwiPostCommand {
        static let configuration = CommandConfiguration(
            commandName: "comment",
            abstract: "Comment on a post.",
            discussion: """
                Examples:
                  toolbox kiwi comment 42 "That chapter made me cry"
                  toolbox kiwi comment 42 "So she marries him after all" --spoiler "the ending"
                """
        )
        @OptionGroup var post: PostTarget
        @Argument(help: "What you want to say.") var text: String
        @Option(help: "What your comment gives away, shown in its place until a reader asks (at most 200 characters).")
        var spoiler: String?

        func validate() throws {
            if text.trimmed.isEmpty { throw ValidationError("the comment is empty") }
            try SpoilerWarning.check(spoiler)
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let answer = try await context.resolve(KiwiSync.self).deliver(.comment(postID: id, text: text, spoiler: SpoilerWarning.kept(spoiler)))
            if case .done(let comment?) = answer { context.output.line(comment) }
            context.output.notice("Commented on post \(id).")
        }
    }
}
