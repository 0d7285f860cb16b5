import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi unlike POST_ID`
    struct Unlike: LikeToggle {
        static let configuration = CommandConfiguration(commandName: "unlike", abstract: "Take back a like; prints the new count.")
        static let liked = false
        @OptionGroup var post: PostTarget
    }
}
