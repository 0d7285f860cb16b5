import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi unmute USERNAME`
    struct Unmute: KeepAwayToggle {
        static let configuration = CommandConfiguration(
            commandName: "unmute",
            abstract: "See a muted reader's posts, comments and notifications again."
        )
        static let change = (what: "mute", on: false)
        @OptionGroup var reader: ReaderTarget
    }
}
