import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi delete POST_ID`
    struct Delete: KiwiPostCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete one of your posts (asks first).",
            discussion: "Example:\n  toolbox kiwi delete 42 --yes"
        )
        @OptionGroup var post: PostTarget
        @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false

        func run(in context: CommandContext, client: KiwiClient) async throws {
            _ = try client.session()
            if !yes, try !context.confirm("Delete post \(id) with its likes and comments?", for: "confirming the deletion", instead: "--yes") {
                return context.output.notice("Kept post \(id).")
            }
            _ = try await context.resolve(KiwiSync.self).deliver(.deletePost(postID: id))
            context.output.notice("Deleted post \(id).")
        }
    }
}
