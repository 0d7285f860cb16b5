import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi want BOOK`
    struct Want: ShelfMove {
        static let configuration = CommandConfiguration(
            commandName: "want",
            abstract: "Put a book on your “want to read” shelf.",
            discussion: "Examples:\n  toolbox kiwi want 9780141439600\n  toolbox kiwi want \"the tempest\""
        )
        @OptionGroup var target: BookTarget
        var change: KiwiWire.ShelfChange { KiwiWire.ShelfChange(shelf: .want) }
    }
}
