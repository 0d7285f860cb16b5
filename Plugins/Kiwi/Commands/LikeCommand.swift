import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi like POST_ID`
    struct Like: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "like", abstract: "Like a post; prints the new count.")
        @Argument(help: "The post's id.") var id: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let count = try await context.resolve(KiwiClient.self).setLike(id, liked: true)
            if context.output.format == .json { try context.output.json(count) } else { context.output.line("\(count.likes)") }
        }
    }
}
