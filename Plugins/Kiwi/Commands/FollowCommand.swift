import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi follow USERNAME`
    struct Follow: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "follow", abstract: "Follow a reader.")
        @Argument(help: "Their username.") var username: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try await context.resolve(KiwiClient.self).setFollowing(username, true)
            context.output.notice("Following \(username).")
        }
    }
}
