import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi unblock USERNAME`
    struct Unblock: KeepAwayToggle {
        static let configuration = CommandConfiguration(
            commandName: "unblock",
            abstract: "Lift a block: you see each other again (the follows it ended stay ended)."
        )
        static let change = (what: "block", on: false)
        @OptionGroup var reader: ReaderTarget
    }
}
