import Foundation
import KiwiWire
import PluginAPI

/// A library export from Goodreads (`goodreads_library_export.csv`, which BookWyrm writes too) or
/// from StoryGraph, as `kiwi import` reads it: each row's book, the shelf it is on, its readings
/// with their days, and the reader's stars and review. The two sites say these in columns of their own
/// (`Source`); a row reads the same whichever wrote it.
struct LibraryExport {
    /// Which site wrote the file, told by its columns.
    enum Source: String, Encodable, Sendable, CaseIterable {
        case goodreads, storygraph

        /// The columns a file of this site's cannot be read without.
        var required: [String] { self == .goodreads ? ["ISBN13", "Exclusive Shelf"] : ["ISBN/UID", "Read Status"] }

        /// "Goodreads", "StoryGraph".
        var name: String { self == .goodreads ? "Goodreads" : "StoryGraph" }

        var whereToExport: String {
            self == .goodreads
                ? "Goodreads: My Books → Import and export → Export Library"
                : "StoryGraph: Manage Account → Export StoryGraph Library"
        }

        /// Kiwi's shelf for the site's word; nil for a shelf of the reader's own making on Goodreads
        /// and for StoryGraph's "did-not-finish". StoryGraph's "paused" is a book started and not
        /// finished: on Kiwi, that is "reading".
        func shelf(_ status: String) -> KiwiWire.Shelf? {
            switch (self, status) {
            case (_, "to-read"): .want
            case (_, "currently-reading"), (.storygraph, "paused"): .reading
            case (_, "read"): .read
            default: nil
            }
        }
    }

    /// One reading of a book: its days as `YYYY-MM-DD`, nil where the export gives no whole day.
    struct Reading: Encodable, Sendable, Equatable {
        var started: String?
        var finished: String?
    }

    struct Row: Encodable, Sendable, Equatable {
        /// Its place among the file's rows, from 1 (a review may span lines, so not a line number).
        var row: Int
        var title: String
        var authors: [String]
        var isbn13: String?
        /// The site's own word for where the book is: `read`, `currently-reading`, `to-read`,
        /// StoryGraph's `paused` and `did-not-finish`, or a Goodreads shelf of the reader's own.
        var status: String
        var shelf: KiwiWire.Shelf?
        /// The readings it finished, oldest first: a read book has one at least, undated when the
        /// export gives no day.
        var readings: [Reading]
        /// For a book being read: the day it was started.
        var started: String?
        var rating: Int?
        var pages: Int?
        /// The reader's review in plain text, and the warning it goes behind when the file marks it
        /// as a spoiler.
        var review: String? = nil
        var spoiler: String? = nil

        /// "The Tempest by William Shakespeare".
        var byline: String { BookChoice.byline(book) }

        var book: KiwiWire.Book { KiwiWire.Book(title: title, authors: authors, isbn13: isbn13) }

        /// What the member's shelves need to hold the row: each of its readings that none of
        /// theirs finished on the same day (an undated one: that no other of theirs stands for),
        /// oldest first, each finished already being started again first, since that is how the
        /// server tells a second reading from a change to the first; then the shelf the book is on
        /// now, when that is a step forward on a reading's way (want, reading, read) from where the
        /// shelves have it. A step back from "read" is another reading, taken only when the file
        /// shows it came later: after readings the row brings, or started after the latest finished
        /// here. Any other step back is the export being older than the shelves, which stay.
        /// The review goes with the last change, on the reading where the book is now; to shelves
        /// that hold the row already but for the review, it goes alone to their latest reading. Nothing when they hold the
        /// row, review and all. Every change names the book, so that the server asks its book
        /// search nothing.
        func changes(given held: [KiwiWire.ShelfEntry]) -> [KiwiWire.ShelfChange] {
            guard let shelf else { return [] }
            var finished = held.filter { $0.shelf == .read }.map(\.finished)
            var missing = readings.filter { reading in
                guard reading.finished != nil, let index = finished.firstIndex(of: reading.finished) else { return true }
                finished.remove(at: index)
                return false
            }
            missing.removeAll { reading in
                guard reading.finished == nil, !finished.isEmpty else { return false }
                finished.removeFirst()
                return true
            }
            // Where the book is now: want and reading are always its latest reading.
            var now = held.first { $0.shelf != .read }?.shelf ?? (held.isEmpty ? nil : .read)
            let lastFinished = held.compactMap(\.finished).max()
            let named = KiwiWire.Book(title: title, authors: authors, isbn13: nil)
            let count = pages.map { KiwiWire.ReadingProgress(pages: $0) }
            var changes: [KiwiWire.ShelfChange] = []
            for (index, reading) in missing.enumerated() {
                if now == .read { changes.append(.init(shelf: .reading, progress: count, started: reading.started, book: named)) }
                // The stars are the book's: on the latest reading finished.
                let stars = index == missing.count - 1 ? rating : nil
                changes.append(
                    .init(shelf: .read, progress: count, started: reading.started, finished: reading.finished, rating: stars, book: named)
                )
                now = .read
            }
            let startedLater = shelf == .reading && started.map { start in lastFinished.map { start > $0 } ?? true } == true
            let again = now == .read && (!missing.isEmpty || startedLater)
            if shelf != .read, now != shelf, Self.step(shelf) > Self.step(now) || again {
                changes.append(.init(shelf: shelf, progress: count, started: shelf == .reading ? started : nil, book: named))
            }
            guard let review else { return changes }
            if changes.isEmpty {
                // On the latest reading (the one a change without days changes), when the shelves
                // have it where the file does: one moved on since is another reading than the review's.
                guard let latest = held.max(by: { (Int($0.id) ?? 0) < (Int($1.id) ?? 0) }), latest.shelf == shelf, latest.review == nil
                else { return [] }
                changes.append(.init(shelf: shelf, book: named))
            }
            changes[changes.count - 1].review = review
            changes[changes.count - 1].spoiler = spoiler
            return changes
        }

        /// Where a shelf stands on a reading's way: want, reading, read; on none, before them all.
        private static func step(_ shelf: KiwiWire.Shelf?) -> Int {
            shelf.flatMap { KiwiWire.Shelf.allCases.firstIndex(of: $0) } ?? -1
        }
    }

    let source: Source
    let rows: [Row]

    /// `badData` for a file that is neither site's export, naming the columns it lacks.
    init(_ text: String, file: String) throws {
        var records = try CSV.parse(text, file: file)
        guard !records.isEmpty else { throw ToolboxError.badData("\(file) is empty") }
        let header = records.removeFirst().fields.map(\.trimmed)
        guard let source = Source.allCases.first(where: { $0.required.allSatisfy(header.contains) }) else {
            // Name what is missing of the site whose columns it has most of.
            let closest = Source.allCases.max { a, b in a.required.count { header.contains($0) } < b.required.count { header.contains($0) } }
            let missing = (closest ?? .goodreads).required.filter { !header.contains($0) }
            throw ToolboxError.badData(
                "\(file) is not a Goodreads or StoryGraph library export: it has no \(missing.joined(separator: " or ")) column",
                hint: "export it from \(Source.goodreads.whereToExport), or from \(Source.storygraph.whereToExport)"
            )
        }
        self.source = source
        // A blank line is no row.
        let filled = records.filter { $0.fields.contains { !$0.trimmed.isEmpty } }.map { record in
            Dictionary(zip(header, record.fields).map { ($0, $1.trimmed) }, uniquingKeysWith: { first, _ in first })
        }
        rows = filled.enumerated().map { index, record in
            source == .goodreads ? Self.goodreads(record, row: index + 1) : Self.storygraph(record, row: index + 1)
        }
    }

    /// A Goodreads row: Title, Author and Additional Authors, ISBN13 (or ISBN), Exclusive Shelf,
    /// Date Read (the day finished), Date Added (the nearest the export has to the day a book
    /// being read was started), My Rating (0 is none), Number of Pages, My Review and Spoiler
    /// (`true` for a review marked as one).
    private static func goodreads(_ record: [String: String], row: Int) -> Row {
        let status = record["Exclusive Shelf"] ?? ""
        let shelf = Source.goodreads.shelf(status)
        let marked = ["true", "yes", "1"].contains((record["Spoiler"] ?? "").lowercased())
        let review = plainReview(record["My Review"], markedSpoiler: marked, by: .goodreads)
        return Row(
            row: row,
            title: record["Title"] ?? "",
            authors: names([record["Author"], record["Additional Authors"]].compactMap { $0 }.joined(separator: ",")),
            isbn13: isbn13(record["ISBN13"]) ?? isbn13(record["ISBN"]),
            status: status,
            shelf: shelf,
            readings: shelf == .read ? [Reading(started: nil, finished: day(record["Date Read"]))] : [],
            started: shelf == .reading ? day(record["Date Added"]) : nil,
            rating: Int(record["My Rating"] ?? "").flatMap { (1...5).contains($0) ? $0 : nil },
            pages: Int(record["Number of Pages"] ?? "").flatMap { (1...100_000).contains($0) ? $0 : nil },
            review: review.text,
            spoiler: review.spoiler
        )
    }

    /// A StoryGraph row: Title, Authors, ISBN/UID (an ISBN-13, an ISBN-10, or StoryGraph's own id
    /// for a book without one), Read Status, Dates Read (every reading: `2024/01/05-2024/01/20`, or
    /// a lone day, comma-separated), Last Date Read, Date Added, Star Rating (quarter stars) and
    /// Review (StoryGraph's export has no spoiler column: only its markup can mark one).
    private static func storygraph(_ record: [String: String], row: Int) -> Row {
        let status = record["Read Status"] ?? ""
        let shelf = Source.storygraph.shelf(status)
        let review = plainReview(record["Review"], markedSpoiler: false, by: .storygraph)
        var readings = (record["Dates Read"] ?? "").split(separator: ",").map(reading)
            .sorted { ($0.finished ?? $0.started ?? "") < ($1.finished ?? $1.started ?? "") }
        var started: String? = nil
        switch shelf {
        case .read:
            if readings.isEmpty { readings = [Reading(started: nil, finished: day(record["Last Date Read"]))] }
        case .reading:
            // The latest entry is the reading under way: a lone day is the day it was started.
            let current = readings.popLast()
            started = current?.started ?? current?.finished ?? day(record["Date Added"])
        case .want, nil:
            break
        }
        return Row(
            row: row,
            title: record["Title"] ?? "",
            authors: names(record["Authors"] ?? ""),
            isbn13: isbn13(record["ISBN/UID"]),
            status: status,
            shelf: shelf,
            readings: shelf == nil ? [] : readings,
            started: started,
            rating: Double(record["Star Rating"] ?? "").flatMap { $0 > 0 && $0 <= 5 ? max(1, Int($0.rounded())) : nil },
            pages: nil,
            review: review.text,
            spoiler: review.spoiler
        )
    }

    /// One entry of StoryGraph's Dates Read: `2024/01/05-2024/01/20`, or a lone day (the day
    /// finished; for the reading under way, the day started). A start after its end is dropped.
    private static func reading(_ entry: Substring) -> Reading {
        let days = entry.split(separator: "-", omittingEmptySubsequences: false).map { day(String($0)) }
        guard days.count == 2 else { return Reading(started: nil, finished: days.count == 1 ? days[0] : nil) }
        if let start = days[0], let end = days[1], start > end { return Reading(started: nil, finished: end) }
        return Reading(started: days[0], finished: days[1])
    }

    /// A review as an export writes it, in plain text, and its warning when the file marks it a
    /// spoiler: whole (Goodreads' Spoiler column), or in part (`<spoiler>…</spoiler>` or
    /// `[spoiler]…[/spoiler]` in its text, which Kiwi cannot hide apart, so the whole goes behind
    /// the warning). Line breaks (`<br/>`) are lines; other markup (`<b>`, `<i>`, `<a href>`) is
    /// set aside, and its entities read. Nil and nil for none.
    private static func plainReview(_ field: String?, markedSpoiler: Bool, by source: Source) -> (text: String?, spoiler: String?) {
        var text = field ?? ""
        let marked = markedSpoiler || ["<spoiler>", "[spoiler]"].contains { text.lowercased().contains($0) }
        text = text.replacingOccurrences(of: "<br\\s*/?>", with: "\n", options: [.regularExpression, .caseInsensitive])
        // Only the markup the sites write: "<3" and "1 < 2" in a review's words stay.
        let markup = "</?(b|i|u|a|em|strong|strike|s|blockquote|p|div|span|spoiler)(\\s[^<>]*)?>|\\[/?spoiler\\]"
        text = text.replacingOccurrences(of: markup, with: "", options: [.regularExpression, .caseInsensitive])
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        text = text.trimmed
        guard !text.isEmpty else { return (nil, nil) }
        return (text, marked ? "marked as a spoiler on \(source.name)" : nil)
    }

    /// "Author, Co Author" as its names.
    private static func names(_ field: String) -> [String] {
        field.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
    }

    /// An ISBN-13 as it is, or an ISBN-10 with its check digit right as the ISBN-13 it stands for
    /// (978, its first nine digits, a new check digit: the same book, not a guess); hyphens,
    /// spaces and Goodreads' `="…"` (so that spreadsheets keep it text) set aside. Nil for none,
    /// and for anything else (StoryGraph's own ids, an ASIN).
    static func isbn13(_ field: String?) -> String? {
        let text = (field ?? "").filter { !"=\"- ".contains($0) }.uppercased()
        if KiwiWire.Book.isISBN13(text) { return text }
        let digits = text.compactMap { $0 == "X" ? 10 : $0.wholeNumberValue }
        guard text.count == 10, digits.count == 10, digits.dropLast().allSatisfy({ $0 < 10 }),
            digits.enumerated().reduce(0, { $0 + $1.element * (10 - $1.offset) }) % 11 == 0
        else { return nil }
        let twelve = [9, 7, 8] + digits.dropLast()
        let sum = twelve.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        return (twelve + [(10 - sum % 10) % 10]).map(String.init).joined()
    }

    /// `2024/03/15` as `2024-03-15`; nil for none, a year or a month alone, or anything else.
    static func day(_ field: String?) -> String? {
        KiwiWire.Day.parse((field ?? "").trimmed.replacingOccurrences(of: "/", with: "-"))
    }

    /// What importing would do to shelves as they are: each row with an ISBN-13 and a shelf of
    /// Kiwi's whose readings and place the shelves do not hold already is added, with the changes
    /// that make them so; the rest are listed, not guessed.
    struct Plan: Encodable {
        struct Addition: Encodable {
            var row: Row
            /// In the order they are sent.
            var changes: [KiwiWire.ShelfChange]
        }

        var add: [Addition] = []
        var already: [Row] = []
        var withoutISBN: [Row] = []
        var otherShelves: [Row] = []
        /// A book named again further down the file: its first row counts.
        var repeated: [Row] = []

        /// The readings finished that the additions send, books read again counted each time.
        var finishedReadings: Int { add.reduce(0) { $0 + $1.changes.count { $0.shelf == .read } } }
        /// The reviews the additions send, and how many of those go behind a spoiler warning.
        var reviews: Int { add.reduce(0) { $0 + $1.changes.count { $0.review != nil } } }
        var spoilers: Int { add.reduce(0) { $0 + $1.changes.count { $0.spoiler != nil } } }
    }

    func plan(against shelves: KiwiWire.Shelves) -> Plan {
        var held: [String: [KiwiWire.ShelfEntry]] = [:]
        for entry in shelves.want + shelves.reading + shelves.read {
            if let isbn13 = entry.book.isbn13 { held[isbn13, default: []].append(entry) }
        }
        var plan = Plan()
        var seen = Set<String>()
        for row in rows {
            guard let isbn13 = row.isbn13 else {
                plan.withoutISBN.append(row)
                continue
            }
            guard row.shelf != nil else {
                plan.otherShelves.append(row)
                continue
            }
            guard seen.insert(isbn13).inserted else {
                plan.repeated.append(row)
                continue
            }
            let changes = row.changes(given: held[isbn13] ?? [])
            if changes.isEmpty { plan.already.append(row) } else { plan.add.append(Plan.Addition(row: row, changes: changes)) }
        }
        return plan
    }
}
