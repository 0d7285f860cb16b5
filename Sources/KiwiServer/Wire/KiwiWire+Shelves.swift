import Foundation
import KiwiWire

/// Shelves as the wire shows them.
extension KiwiWire.ShelfEntry {
    /// `cover`: the kept cover's image, if any.
    init(_ reading: KiwiReading, cover: String?, links: Links) {
        self.init(
            id: String(reading.id ?? 0),
            reader: reading.reader,
            book: reading.book.wire,
            shelf: reading.shelf,
            progress: reading.progress,
            started: reading.started,
            finished: reading.finished,
            rating: reading.rating,
            review: reading.review,
            spoiler: reading.spoiler,
            updatedAt: isoTime(reading.updatedAt),
            cover: cover.map(links.coverVersions),
            coverURL: links.coverURL(isbn13: reading.isbn13, kept: cover)
        )
    }
}

extension KiwiWire.Shelves {
    /// A member's readings on their shelves: "want" and "reading" by when they last changed, "read"
    /// by the day finished, the latest first; and how many were finished in `now`'s year (UTC).
    init(_ readings: [KiwiReading], covers: [String: String], links: Links, now: Date = Date()) {
        func entries(_ shelf: KiwiWire.Shelf) -> [KiwiWire.ShelfEntry] {
            readings.on(shelf).map { KiwiWire.ShelfEntry($0, cover: covers[$0.isbn13], links: links) }
        }
        self.init(want: entries(.want), reading: entries(.reading), read: entries(.read), readThisYear: readings.finished(inYearOf: now))
    }
}
