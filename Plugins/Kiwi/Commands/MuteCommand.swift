import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi mute USERNAME [--for 1h|7d|…]`
    struct Mute: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "mute",
            abstract: "Stop seeing a reader's posts, comments and notifications, for a while or until you unmute them.",
            discussion: """
                You can still open their profile, and they are not told. With --for, the mute ends by \
                itself: 30m, 12h, 7d or 2w (at most a year); without it, it lasts until `kiwi unmute`.

                Examples:
                  toolbox kiwi mute bob
                  toolbox kiwi mute bob --for 7d
                """
        )
        @OptionGroup var reader: ReaderTarget
        @Option(name: .customLong("for"), help: "How long: 30m, 12h, 7d, 2w (default: until unmuted).") var length: MuteLength?
        var options: ClientOptions { reader.options }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let name = reader.username
            _ = try await context.resolve(KiwiSync.self).deliver(.mute(username: name, muting: true, seconds: length?.seconds))
            context.output.notice(length.map { "Muted \(name) for \($0.words)." } ?? "Muted \(name) until you unmute them.")
        }
    }
}
