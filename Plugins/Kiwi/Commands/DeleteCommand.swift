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
            if !yes {
                try context.requireTerminal(for: "confirming the deletion", instead: "--yes")
                context.output.console.write("Delete post \(id) with its likes and comments? [y/N] ", to: .standardError)
                guard context.output.console.readLine(secret: false)?.lowercased().hasPrefix("y") == true else {
                    context.output.notice("Kept post \(id).")
                    return
                }
            }
            _ = try await context.resolve(KiwiSync.self).deliver(.deletePost(postID: id))
            context.output.notice("Deleted post \(id).")
        }
    }
}
