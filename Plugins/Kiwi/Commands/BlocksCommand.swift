import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi blocks`
    struct Blocks: KeptAwayList {
        static let configuration = CommandConfiguration(commandName: "blocks", abstract: "The readers you blocked, most recent first.")
        static let list = (what: "blocks", empty: "You have blocked nobody.")
        @OptionGroup var options: ClientOptions
    }
}
