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

                Example:
                  toolbox kiwi block spammer
                """
        )
        static let change = (what: "block", on: true)
        @OptionGroup var reader: ReaderTarget
    }
}
