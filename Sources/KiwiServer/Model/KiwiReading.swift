import Foundation
import KiwiWire

/// One reading of a book by a member, as stored: its shelf, its progress and its days
/// (`YYYY-MM-DD`). Only a member's latest reading of a book is on "want" or "reading"; the
/// earlier ones are readings finished.
struct KiwiReading: Sendable, Equatable {
    /// Nil until stored.
    var id: Int64?
    var reader: String
    var book: KiwiBook
    var shelf: KiwiWire.Shelf
    var progress: KiwiWire.ReadingProgress?
    var started: String?
    var finished: String?
    /// 1 to 5 stars.
    var rating: Int?
    /// The reader's review of this reading, and its spoiler warning.
    var review: String? = nil
    var spoiler: String? = nil
    var updatedAt: Date

    var isbn13: String { book.isbn13 }

    /// Whether followers are told of it live. A book finished, or started, a day or more before
    /// the change that says so, or on no day at all, is history written down (an import from
    /// another site, a day set back), not news: an import of a library must not fill followers'
    /// streams. Progress made is news whenever the book was started; a day ahead of the change's
    /// (a reader east of UTC) is news.
    var isNews: Bool {
        let dayBefore = KiwiWire.Day.today(updatedAt.addingTimeInterval(-86_400))
        switch shelf {
        case .want: return true
        case .reading: return progress?.page != nil || progress?.percent != nil || started.map { $0 >= dayBefore } == true
        case .read: return finished.map { $0 >= dayBefore } == true
        }
    }
}

extension [KiwiReading] {
    /// Those on `shelf` as shelves list them: "want" and "reading" by when they last changed (the
    /// order the stores answer in), "read" by the day finished, the latest first.
    func on(_ shelf: KiwiWire.Shelf) -> [KiwiReading] {
        let chosen = filter { $0.shelf == shelf }
        guard shelf == .read else { return chosen }
        return chosen.sorted { ($0.finished ?? "", $0.updatedAt) > ($1.finished ?? "", $1.updatedAt) }
    }

    /// How many were finished in the year of `now` (UTC).
    func finished(inYearOf now: Date) -> Int {
        let year = KiwiWire.Day.today(now).prefix(5)
        return count { $0.shelf == .read && $0.finished?.hasPrefix(year) == true }
    }
}
