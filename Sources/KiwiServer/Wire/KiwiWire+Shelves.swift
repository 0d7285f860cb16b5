import Foundation
import KiwiWire

/// Shelves as the wire shows them, and as the fast writer writes them.
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
            updatedAt: isoTime(reading.updatedAt),
            cover: cover.map(links.coverVersions)
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

extension KiwiWire.ReadingProgress: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            if let page { object.field("page", .int(page)) }
            if let pages { object.field("pages", .int(pages)) }
            if let percent { object.field("percent", .int(percent)) }
        }
    }
}

extension KiwiWire.ShelfEntry: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("id", .string(id))
            object.field("reader", .string(reader))
            object.field("book", .nested(book.write))
            object.field("shelf", .string(shelf.rawValue))
            if let progress { object.field("progress", .nested(progress.write)) }
            if let started { object.field("started", .string(started)) }
            if let finished { object.field("finished", .string(finished)) }
            if let rating { object.field("rating", .int(rating)) }
            object.field("updatedAt", .string(updatedAt))
            if let cover { object.field("cover", .nested(cover.write)) }
            if let coverColor { object.field("coverColor", .string(coverColor)) }
        }
    }
}

extension KiwiWire.Shelves: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            for shelf in KiwiWire.Shelf.allCases { object.field(shelf.rawValue, .nested { $0.array(self[shelf]) { $1.write(into: &$0) } }) }
            object.field("readThisYear", .int(readThisYear))
        }
    }
}

extension KiwiWire.ShelfCounts: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("want", .int(want))
            object.field("reading", .int(reading))
            object.field("read", .int(read))
        }
    }
}
