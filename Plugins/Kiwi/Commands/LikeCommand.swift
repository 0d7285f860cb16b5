import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi like POST_ID`
    struct Like: LikeToggle {
        static let configuration = CommandConfiguration(commandName: "like", abstract: "Like a post; prints the new count.")
        static let liked = true
        @OptionGroup var post: PostTarget
    }
}
