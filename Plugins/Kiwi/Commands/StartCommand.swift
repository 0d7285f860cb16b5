import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi start BOOK [--on DATE]`
    struct Start: ShelfMove {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Start reading a book (a book read before is read again; the first reading stays).",
            discussion: "Examples:\n  toolbox kiwi start 9780141439600\n  toolbox kiwi start \"the tempest\" --on 2026-11-01"
        )
        @OptionGroup var target: BookTarget
        @OptionGroup var day: DayOption
        var change: KiwiWire.ShelfChange { KiwiWire.ShelfChange(shelf: .reading, started: day.day) }
    }
}
