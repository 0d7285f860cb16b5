import KiwiWire
import PluginAPI

/// A Goodreads library export (`goodreads_library_export.csv`, which StoryGraph and BookWyrm write
/// too), as `kiwi import` reads it: each row's book (ISBN13, Title, Author, Additional Authors,
/// Number of Pages), its shelf (Exclusive Shelf), its days (Date Read; Date Added, the nearest the
/// export has to the day a book being read was started) and My Rating.
struct GoodreadsLibrary {
    struct Row: Encodable, Sendable, Equatable {
        /// Its place among the file's rows, from 1 (a review may span lines, so not a line number).
        var row: Int
        var title: String
        var authors: [String]
        var isbn13: String?
        /// Goodreads' own name: `read`, `currently-reading`, `to-read`, or one of the reader's.
        var exclusiveShelf: String
        var finished: String?
        var added: String?
        var rating: Int?
        var pages: Int?

        /// Kiwi's shelf for it; nil for a shelf of the reader's own making ("did-not-finish").
        var shelf: KiwiWire.Shelf? {
            switch exclusiveShelf {
            case "to-read": .want
            case "currently-reading": .reading
            case "read": .read
            default: nil
            }
        }

        /// "The Tempest by William Shakespeare".
        var byline: String { BookChoice.byline(book) }

        var book: KiwiWire.Book { KiwiWire.Book(title: title, authors: authors, isbn13: isbn13) }

        /// What the row asks of the shelves, naming the book for a server that does not know it.
        var change: KiwiWire.ShelfChange? {
            guard let shelf else { return nil }
            return KiwiWire.ShelfChange(
                shelf: shelf,
                progress: pages.map { KiwiWire.ReadingProgress(pages: $0) },
                started: shelf == .reading ? added : nil,
                finished: shelf == .read ? finished : nil,
                rating: rating,
                book: KiwiWire.Book(title: title, authors: authors, isbn13: nil)
            )
        }
    }

    static let required = ["ISBN13", "Exclusive Shelf"]

    let rows: [Row]

    /// `badData` for a file that is not such an export.
    init(_ text: String, file: String) throws {
        var records = try CSV.parse(text, file: file)
        guard !records.isEmpty else { throw ToolboxError.badData("\(file) is empty") }
        let header = records.removeFirst().fields
        let missing = Self.required.filter { !header.contains($0) }
        guard missing.isEmpty else {
            throw ToolboxError.badData(
                "\(file) is not a Goodreads library export: it has no \(missing.joined(separator: " or ")) column",
                hint: "export it from Goodreads: My Books → Import and export → Export Library"
            )
        }
        // A blank line is no row.
        let filled = records.filter { $0.fields.contains { !$0.trimmed.isEmpty } }.map { record in
            Dictionary(zip(header, record.fields).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
        }
        rows = filled.enumerated().map { index, record in
            let authors = ([record["Author"]] + (record["Additional Authors"] ?? "").split(separator: ",").map(String.init))
                .compactMap { $0?.trimmed }.filter { !$0.isEmpty }
            return Row(
                row: index + 1,
                title: record["Title"]?.trimmed ?? "",
                authors: authors,
                isbn13: Self.isbn13(record["ISBN13"]),
                exclusiveShelf: record["Exclusive Shelf"]?.trimmed ?? "",
                finished: Self.day(record["Date Read"]),
                added: Self.day(record["Date Added"]),
                rating: Int(record["My Rating"] ?? "").flatMap { (1...5).contains($0) ? $0 : nil },
                pages: Int(record["Number of Pages"] ?? "").flatMap { (1...100_000).contains($0) ? $0 : nil }
            )
        }
    }

    /// Goodreads writes `="9780141439600"` (so that spreadsheets keep it text), or `=""` for none.
    static func isbn13(_ field: String?) -> String? {
        let digits = (field ?? "").filter { $0 != "=" && $0 != "\"" && $0 != "-" }.trimmed
        return KiwiWire.Book.isISBN13(digits) ? digits : nil
    }

    /// `2024/03/15` as `2024-03-15`; nil for none or anything else.
    static func day(_ field: String?) -> String? {
        KiwiWire.Day.parse((field ?? "").trimmed.replacingOccurrences(of: "/", with: "-"))
    }

    /// What importing would do to shelves as they are: each row with an ISBN-13 and a shelf of
    /// Kiwi's is added unless the book is where the row puts it already (the same shelf, and for
    /// "read" the same day, when the row has one); the rest are listed, not guessed.
    struct Plan: Encodable {
        var add: [Row] = []
        var already: [Row] = []
        var withoutISBN: [Row] = []
        var otherShelves: [Row] = []
        /// A book named again further down the file: its first row counts.
        var repeated: [Row] = []
    }

    func plan(against shelves: KiwiWire.Shelves) -> Plan {
        // Where each book is now: its latest reading (want and reading are always the latest).
        var now: [String: KiwiWire.ShelfEntry] = [:]
        for entry in shelves.read.reversed() + shelves.reading + shelves.want { if let isbn13 = entry.book.isbn13 { now[isbn13] = entry } }
        var plan = Plan()
        var seen = Set<String>()
        for row in rows {
            guard let isbn13 = row.isbn13 else {
                plan.withoutISBN.append(row)
                continue
            }
            guard let shelf = row.shelf else {
                plan.otherShelves.append(row)
                continue
            }
            guard seen.insert(isbn13).inserted else {
                plan.repeated.append(row)
                continue
            }
            if let current = now[isbn13], current.shelf == shelf, shelf != .read || row.finished == nil || row.finished == current.finished {
                plan.already.append(row)
            } else {
                plan.add.append(row)
            }
        }
        return plan
    }
}
