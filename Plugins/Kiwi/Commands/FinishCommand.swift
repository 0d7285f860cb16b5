import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi finish BOOK [--on DATE]`
    struct Finish: ShelfMove {
        static let configuration = CommandConfiguration(
            commandName: "finish",
            abstract: "Mark a book read: it goes on your “read” shelf and into your year.",
            discussion: "Examples:\n  toolbox kiwi finish 9780141439600\n  toolbox kiwi finish \"the tempest\" --on 2026-11-20"
        )
        @OptionGroup var target: BookTarget
        @OptionGroup var day: DayOption
        var change: KiwiWire.ShelfChange { KiwiWire.ShelfChange(shelf: .read, finished: day.day) }
    }
}
