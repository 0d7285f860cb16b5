import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi follow USERNAME|USER@HOST`
    struct Follow: FollowToggle {
        static let configuration = CommandConfiguration(commandName: "follow", abstract: "Follow a reader.")
        static let following = true
        @OptionGroup var reader: FollowTarget
    }
}
