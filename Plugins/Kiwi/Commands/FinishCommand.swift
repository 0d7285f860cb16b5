import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi finish BOOK [--on DATE] [--review TEXT [--spoiler TEXT]]`
    struct Finish: ShelfMove {
        static let configuration = CommandConfiguration(
            commandName: "finish",
            abstract: "Mark a book read: it goes on your “read” shelf and into your year.",
            discussion: """
                Examples:
                  toolbox kiwi finish 9780141439600
                  toolbox kiwi finish "the tempest" --on 2026-11-20
                  toolbox kiwi finish "jane eyre" --review "Reader, I loved it." --spoiler "the ending"

                A review stays with this reading, on your “read” shelf: readers of your shelves see its \
                spoiler warning first, and the review only when they ask for it.
                """
        )
        @OptionGroup var target: BookTarget
        @OptionGroup var day: DayOption
        @Option(help: "Your review of the book (\"\" takes the one there is away).") var review: String?
        @Option(help: "What the review gives away (“the ending”): readers see this in its place.") var spoiler: String?

        func validate() throws {
            try SpoilerWarning.check(spoiler)
            if let review, review.count > Self.longestReview {
                throw ValidationError("--review is \(review.count) characters; at most \(Self.longestReview)")
            }
        }

        /// As the server takes it: Goodreads' own limit.
        static let longestReview = 20_000

        var change: KiwiWire.ShelfChange {
            KiwiWire.ShelfChange(shelf: .read, finished: day.day, review: review, spoiler: SpoilerWarning.kept(spoiler))
        }
    }
}
