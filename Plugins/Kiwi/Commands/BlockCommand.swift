import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi block USERNAME`
    struct Block: KeepAwayToggle {
        static let configuration = CommandConfiguration(
            commandName: "block",
            abstract: "Block a reader: neither of you sees the other, and they cannot follow you or touch your posts.",
            discussion: """
                Both follows between you end. Their posts, comments and likes leave your feeds, book \
                pages, search and notifications, and yours leave theirs; their profile says only that \
                you blocked them. They are not told, but see, if they look, that you have.

                A reader on another server (user@host, toolbox's server with federation on) is sent \
                the block, as Mastodon sends one: both follows end there too, and their follow \
                requests are turned down until you unblock them.

                Examples:
                  toolbox kiwi block spammer
                  toolbox kiwi block spammer@mastodon.example
                """
        )
        static let change = (what: "block", on: true)
        @OptionGroup var reader: ReaderTarget
    }
}
