import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi mutes`
    struct Mutes: KeptAwayList {
        static let configuration = CommandConfiguration(
            commandName: "mutes",
            abstract: "The readers you mute, most recent first, and when each mute ends."
        )
        static let list = (what: "mutes", empty: "You mute nobody.")
        @OptionGroup var options: ClientOptions
    }
}
