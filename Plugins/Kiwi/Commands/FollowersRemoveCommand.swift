import ArgumentParser
import PluginAPI

extension KiwiCommand.FollowersCommand {
    /// `toolbox kiwi followers remove USERNAME`
    struct Remove: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Stop someone following you, without blocking them.",
            discussion: """
                Their follow ends and nothing else: they are not told, and may follow you again.

                Example:
                  toolbox kiwi followers remove bob
                """
        )
        @OptionGroup var reader: ReaderTarget
        var options: ClientOptions { reader.options }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            _ = try await context.resolve(KiwiSync.self).deliver(.removeFollower(username: reader.username))
            context.output.notice("\(reader.username) no longer follows you.")
        }
    }
}
