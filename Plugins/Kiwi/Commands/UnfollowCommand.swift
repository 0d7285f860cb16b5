import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi unfollow USERNAME`
    struct Unfollow: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "unfollow", abstract: "Stop following a reader.")
        @Argument(help: "Their username.") var username: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try await context.resolve(KiwiClient.self).setFollowing(username, false)
            context.output.notice("No longer following \(username).")
        }
    }
}
