import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi unsilence USERNAME [--reason …]`
    struct Unsilence: StandingLift {
        static let configuration = CommandConfiguration(
            commandName: "unsilence",
            abstract: "Lift a reader's silence (for moderators): their posts are on the public lists again.",
            discussion: """
                Example:
                  toolbox kiwi unsilence bob
                """
        )
        static let lifted = (what: "silence", said: "is no longer silenced")
        @OptionGroup var reader: ReaderTarget
        @Option(help: "Why, for the audit log.") var reason: String?
    }
}
