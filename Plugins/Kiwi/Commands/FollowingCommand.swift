import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi following [USERNAME]`
    struct Following: PeopleList {
        static let configuration = CommandConfiguration(commandName: "following", abstract: "Whom a reader follows (you by default).")
        static let relation: (name: String, empty: @Sendable (String) -> String) = ("following", { "\($0) follows nobody yet." })
        @OptionGroup var reader: ReaderOrYou
    }
}
