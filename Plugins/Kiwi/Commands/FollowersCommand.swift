import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi followers [USERNAME]`
    struct Followers: PeopleList {
        static let configuration = CommandConfiguration(commandName: "followers", abstract: "Who follows a reader (you by default).")
        static let relation: (name: String, empty: @Sendable (String) -> String) = ("followers", { "Nobody follows \($0) yet." })
        @OptionGroup var reader: ReaderOrYou
    }
}
