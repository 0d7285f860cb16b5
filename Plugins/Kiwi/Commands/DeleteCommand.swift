import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi delete POST_ID`
    struct Delete: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete one of your posts (asks first).",
            discussion: "Example:\n  toolbox kiwi delete 42 --yes"
        )
        @Argument(help: "The post's id.") var id: String
        @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            _ = try client.session()
            if !yes {
                try context.requireTerminal(for: "confirming the deletion", instead: "--yes")
                context.output.console.write("Delete post \(id) with its likes and comments? [y/N] ", to: .standardError)
                guard context.output.console.readLine(secret: false)?.lowercased().hasPrefix("y") == true else {
                    context.output.notice("Kept post \(id).")
                    return
                }
            }
            try await client.deletePost(id)
            context.output.notice("Deleted post \(id).")
        }
    }
}
