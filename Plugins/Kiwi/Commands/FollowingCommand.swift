import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi following [USERNAME]`
    struct Following: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "following", abstract: "Whom a reader follows (you by default).")
        @Argument(help: "Their username (default: you).") var username: String?
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try await KiwiPresentation.people("following", of: username, empty: { "\($0) follows nobody yet." }, in: context)
        }
    }
}
