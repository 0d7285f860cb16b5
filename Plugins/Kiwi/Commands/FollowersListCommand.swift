import ArgumentParser
import PluginAPI

extension KiwiCommand.FollowersCommand {
    /// `toolbox kiwi followers [USERNAME]`
    struct List: PeopleList {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Who follows a reader (you by default).")
        static let relation: (name: String, empty: @Sendable (String) -> String) = ("followers", { "Nobody follows \($0) yet." })
        @OptionGroup var reader: ReaderOrYou
    }
}
