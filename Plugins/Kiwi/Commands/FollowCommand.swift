import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi follow USERNAME`
    struct Follow: FollowToggle {
        static let configuration = CommandConfiguration(commandName: "follow", abstract: "Follow a reader.")
        static let following = true
        @OptionGroup var reader: ReaderTarget
    }
}
