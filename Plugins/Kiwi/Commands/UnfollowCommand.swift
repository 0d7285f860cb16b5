import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi unfollow USERNAME|USER@HOST`
    struct Unfollow: FollowToggle {
        static let configuration = CommandConfiguration(commandName: "unfollow", abstract: "Stop following a reader.")
        static let following = false
        @OptionGroup var reader: FollowTarget
    }
}
