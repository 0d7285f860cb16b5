import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi uncomment COMMENT_ID`
    struct Uncomment: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "uncomment", abstract: "Delete one of your comments.")
        @Argument(help: "The comment's id.") var id: String
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            _ = try await context.resolve(KiwiSync.self).deliver(.uncomment(commentID: id))
            context.output.notice("Deleted comment \(id).")
        }
    }
}
