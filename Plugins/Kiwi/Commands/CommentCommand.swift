import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi comment POST_ID TEXT`
    struct Comment: KiwiPostCommand {
        static let configuration = CommandConfiguration(
            commandName: "comment",
            abstract: "Comment on a post.",
            discussion: "Example:\n  toolbox kiwi comment 42 \"That chapter made me cry\""
        )
        @OptionGroup var post: PostTarget
        @Argument(help: "What you want to say.") var text: String

        func validate() throws {
            if text.trimmed.isEmpty { throw ValidationError("the comment is empty") }
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let answer = try await context.resolve(KiwiSync.self).deliver(.comment(postID: id, text: text))
            if case .done(let comment?) = answer { context.output.line(comment) }
            context.output.notice("Commented on post \(id).")
        }
    }
}
