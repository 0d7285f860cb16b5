import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi progress BOOK 120/350|120|35%`
    struct Progress: ShelfMove {
        static let configuration = CommandConfiguration(
            commandName: "progress",
            abstract: "Say how far you are into a book you are reading: a page, a page of a count, or a percent.",
            discussion: "Examples:\n  toolbox kiwi progress 9780141439600 120/350\n  toolbox kiwi progress \"the tempest\" 35%"
        )
        @OptionGroup var target: BookTarget
        @Argument(help: "How far: 120/350 (page of pages), 120 (page) or 35% (percent).") var progress: String

        func validate() throws {
            if KiwiWire.ReadingProgress(argument: progress) == nil {
                throw ValidationError("progress must be a page of the page count (120/350), a page (120) or a percent (35%); “\(progress)” is none")
            }
        }

        var change: KiwiWire.ShelfChange { KiwiWire.ShelfChange(shelf: .reading, progress: KiwiWire.ReadingProgress(argument: progress)) }
    }
}
