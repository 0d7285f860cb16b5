import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi followers [USERNAME]`
    struct Followers: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "followers", abstract: "Who follows a reader (you by default).")
        @Argument(help: "Their username (default: you).") var username: String?
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try await KiwiPresentation.people("followers", of: username, empty: { "Nobody follows \($0) yet." }, in: context)
        }
    }
}
