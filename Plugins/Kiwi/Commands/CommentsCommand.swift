import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi comments POST_ID`
    struct Comments: KiwiPostCommand {
        static let configuration = CommandConfiguration(commandName: "comments", abstract: "A post's comments, oldest first.")
        @OptionGroup var post: PostTarget
        @OptionGroup var warnings: SpoilerOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let comments = try await client.comments(on: id)
            try context.output.list(
                comments,
                columns: KiwiPresentation.commentColumns(spoilers: warnings.spoilers),
                plain: { KiwiPresentation.spoken($0, spoilers: warnings.spoilers) },
                empty: "No comments on post \(id) yet."
            )
        }
    }
}
