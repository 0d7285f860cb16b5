import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi unsuspend USERNAME [--reason …]`
    struct Unsuspend: StandingLift {
        static let configuration = CommandConfiguration(
            commandName: "unsuspend",
            abstract: "Lift a reader's suspension (for moderators): all they wrote is back, and they log in again.",
            discussion: """
                Example:
                  toolbox kiwi unsuspend bob --reason "appeal accepted"
                """
        )
        static let lifted = (what: "suspension", said: "is no longer suspended")
        @OptionGroup var reader: ReaderTarget
        @Option(help: "Why, for the audit log.") var reason: String?
    }
}
