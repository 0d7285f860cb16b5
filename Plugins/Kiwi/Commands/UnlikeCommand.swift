import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi unlike POST_ID`
    struct Unlike: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "unlike", abstract: "Take back a like; prints the new count.")
        @Argument(help: "The post's id.") var id: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let count = try await context.resolve(KiwiClient.self).setLike(id, liked: false)
            if context.output.format == .json { try context.output.json(count) } else { context.output.line("\(count.likes)") }
        }
    }
}
