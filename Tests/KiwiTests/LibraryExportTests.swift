import Foundation
import KiwiWire
import PluginAPI
import Testing

@testable import Kiwi

/// How `kiwi import` reads Goodreads' and StoryGraph's exports, and what it would send to shelves
/// as they are: every reading of a book read again, once, in the order the server needs.
@Suite struct LibraryExportTests {
    /// StoryGraph's export header, its 23 columns in its order.
    static let storygraphHeader =
        "Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,"
        + "Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,"
        + "Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?"

    /// One StoryGraph row with the columns a test names, the others as StoryGraph leaves them.
    static func storygraphRow(
        _ title: String,
        isbn: String,
        status: String,
        datesRead: String = "",
        lastDateRead: String = "",
        stars: String = "",
        added: String = "2024/01/02"
    ) -> String {
        "\(title),Author A,,\(isbn),paperback,\(status),\(added),\(lastDateRead),\"\(datesRead)\",1,reflective,medium,Character,Yes,,,,"
            + "\(stars),\"A review, with a comma.\",,,,No"
    }

    static func storygraph(_ rows: String...) throws -> LibraryExport {
        try LibraryExport(([storygraphHeader] + rows).joined(separator: "\n") + "\n", file: "storygraph.csv")
    }

    /// The row a StoryGraph export of one row reads as.
    static func only(_ row: String) throws -> LibraryExport.Row {
        try #require(try storygraph(row).rows.first)
    }

    static func entry(
        _ isbn13: String,
        _ shelf: KiwiWire.Shelf,
        id: Int,
        started: String? = nil,
        finished: String? = nil,
        review: String? = nil
    ) -> KiwiWire.ShelfEntry {
        KiwiWire.ShelfEntry(
            id: "\(id)",
            reader: "ada",
            book: KiwiWire.Book(title: "A book", authors: nil, isbn13: isbn13),
            shelf: shelf,
            progress: nil,
            started: started,
            finished: finished,
            review: review,
            updatedAt: "2026-01-01T00:00:00Z",
            cover: nil
        )
    }

    static func shelves(_ entries: [KiwiWire.ShelfEntry]) -> KiwiWire.Shelves {
        KiwiWire.Shelves(
            want: entries.filter { $0.shelf == .want },
            reading: entries.filter { $0.shelf == .reading },
            read: entries.filter { $0.shelf == .read },
            readThisYear: 0
        )
    }

    /// Each change as `shelf started→finished ★`, to compare whole sequences at a glance.
    static func said(_ changes: [KiwiWire.ShelfChange]) -> [String] {
        changes.map { "\($0.shelf.rawValue) \($0.started ?? "-")→\($0.finished ?? "-")\($0.rating.map { " ★\($0)" } ?? "")" }
    }

    @Test func storygraphsColumnsAreReadAsItWritesThem() throws {
        let export = try Self.storygraph(
            // Read twice, the later reading listed first: two readings, oldest first, the stars on the latest.
            Self.storygraphRow(
                "Jane Eyre",
                isbn: "9780141441146",
                status: "read",
                datesRead: "2026/09/01-2026/09/12, 2019/03/01-2019/03/14",
                stars: "3.75"
            ),
            // An ISBN-10 with hyphens and its X check digit; a lone day is the day finished.
            Self.storygraphRow("Emma", isbn: "0-8044-2957-X", status: "read", datesRead: "2025/06/30", stars: "4.5"),
            // The reading under way is the latest entry; an earlier one is a reading finished.
            Self.storygraphRow("The Dispossessed", isbn: "9780060512750", status: "currently-reading", datesRead: "2020/01/05-2020/02/01,2026/10/20"),
            Self.storygraphRow("Wolf Hall", isbn: "9780007230204", status: "paused", added: "2026/05/30"),
            Self.storygraphRow("Gravity's Rainbow", isbn: "9780143039945", status: "did-not-finish", datesRead: "2024/01/01-2024/02/01"),
            Self.storygraphRow("Kindred", isbn: "a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d", status: "read", datesRead: "2024/03/01-2024/03/09"),
            // A year alone is no day; an empty Dates Read falls back to Last Date Read; a start after its end is dropped.
            Self.storygraphRow("Dune", isbn: "9780441013593", status: "read", datesRead: "2019"),
            Self.storygraphRow("Beloved", isbn: "9781400033416", status: "read", lastDateRead: "2024/07/04", stars: "0.25"),
            Self.storygraphRow("Frankenstein", isbn: "9780141439471", status: "read", datesRead: "2024/05/20-2024/05/02"),
            // A bad check digit is no ISBN.
            Self.storygraphRow("Misprint", isbn: "0804429578", status: "to-read")
        )
        #expect(export.source == .storygraph)
        let rows = Dictionary(uniqueKeysWithValues: export.rows.map { ($0.title, $0) })
        let jane = try #require(rows["Jane Eyre"])
        #expect(jane.readings == [.init(started: "2019-03-01", finished: "2019-03-14"), .init(started: "2026-09-01", finished: "2026-09-12")])
        #expect(jane.rating == 4 && jane.shelf == .read && jane.authors == ["Author A"])
        #expect(rows["Emma"]?.isbn13 == "9780804429573" && rows["Emma"]?.readings == [.init(finished: "2025-06-30")] && rows["Emma"]?.rating == 5)
        let dispossessed = try #require(rows["The Dispossessed"])
        #expect(dispossessed.shelf == .reading && dispossessed.started == "2026-10-20")
        #expect(dispossessed.readings == [.init(started: "2020-01-05", finished: "2020-02-01")])
        #expect(rows["Wolf Hall"]?.shelf == .reading && rows["Wolf Hall"]?.started == "2026-05-30" && rows["Wolf Hall"]?.readings == [])
        #expect(rows["Gravity's Rainbow"]?.shelf == nil && rows["Gravity's Rainbow"]?.readings == [])
        #expect(rows["Kindred"]?.isbn13 == nil)
        #expect(rows["Dune"]?.readings == [.init(started: nil, finished: nil)])
        #expect(rows["Beloved"]?.readings == [.init(finished: "2024-07-04")] && rows["Beloved"]?.rating == 1)
        #expect(rows["Frankenstein"]?.readings == [.init(started: nil, finished: "2024-05-02")])
        #expect(rows["Misprint"]?.isbn13 == nil)
    }

    @Test func aBookReadTwiceIsSentAsTwoReadingsAndOnlyWhatTheShelvesLack() throws {
        let jane = try Self.only(
            Self.storygraphRow(
                "Jane Eyre",
                isbn: "9780141441146",
                status: "read",
                datesRead: "2026/09/01-2026/09/12,2019/03/01-2019/03/14",
                stars: "4"
            )
        )
        let isbn = "9780141441146"
        // On no shelf: the first reading finished, the second started and finished, the stars on it.
        #expect(Self.said(jane.changes(given: [])) == ["read 2019-03-01→2019-03-14", "reading 2026-09-01→-", "read 2026-09-01→2026-09-12 ★4"])
        #expect(jane.changes(given: []).allSatisfy { $0.book?.title == "Jane Eyre" && $0.book?.isbn13 == nil })
        // The first reading is there: only the second.
        let first = Self.entry(isbn, .read, id: 1, started: "2019-03-01", finished: "2019-03-14")
        #expect(Self.said(jane.changes(given: [first])) == ["reading 2026-09-01→-", "read 2026-09-01→2026-09-12 ★4"])
        // The second reading under way on Kiwi: it is finished as the file says, and the first is not made again.
        let under = Self.entry(isbn, .reading, id: 2, started: "2026-09-01")
        #expect(Self.said(jane.changes(given: [first, under])) == ["read 2026-09-01→2026-09-12 ★4"])
        // Both there, the review with the latest: nothing.
        #expect(jane.changes(given: [first, Self.entry(isbn, .read, id: 2, finished: "2026-09-12", review: "Kept.")]).isEmpty)

        // Read once before, being read again: the reading finished, then the one under way.
        let dispossessed = try Self.only(
            Self.storygraphRow("The Dispossessed", isbn: "9780060512750", status: "currently-reading", datesRead: "2020/01/05-2020/02/01,2026/10/20")
        )
        #expect(Self.said(dispossessed.changes(given: [])) == ["read 2020-01-05→2020-02-01", "reading 2026-10-20→-"])
        // Its stars go on the reading finished: the one under way has none yet.
        let rated = try Self.only(
            Self.storygraphRow(
                "The Dispossessed",
                isbn: "9780060512750",
                status: "currently-reading",
                datesRead: "2020/01/05-2020/02/01,2026/10/20",
                stars: "5"
            )
        )
        #expect(Self.said(rated.changes(given: [])) == ["read 2020-01-05→2020-02-01 ★5", "reading 2026-10-20→-"])
        let done = Self.entry("9780060512750", .read, id: 4, finished: "2020-02-01")
        #expect(Self.said(dispossessed.changes(given: [done])) == ["reading 2026-10-20→-"])
        let under2 = Self.entry("9780060512750", .reading, id: 5, started: "2026-10-20", review: "Kept.")
        #expect(dispossessed.changes(given: [done, under2]).isEmpty)
    }

    @Test func goodreadsReadsItsOwnColumnsAndAnUndatedReadingIsAnyReading() throws {
        let header = GoodreadsLibraryExport.header
        // Row 1: read, no Date Read; row 2: no ISBN13 but an ISBN-10 (The Tempest's); row 3: a shelf of the reader's own.
        let text = [
            header,
            GoodreadsLibraryExport.row(title: "Middlemarch", isbn13: "9780141439549", isbn10: "", shelf: "read", dateRead: "", rating: "5"),
            GoodreadsLibraryExport.row(title: "The Tempest", isbn13: "", isbn10: "0141439602", shelf: "to-read", dateRead: "", rating: "0"),
            GoodreadsLibraryExport.row(title: "Ulysses", isbn13: "9780141182803", isbn10: "", shelf: "did-not-finish", dateRead: "", rating: "0"),
        ].joined(separator: "\n")
        let export = try LibraryExport(text, file: "goodreads_library_export.csv")
        #expect(export.source == .goodreads)
        #expect(export.rows.map(\.isbn13) == ["9780141439549", "9780141439600", "9780141182803"])
        let middlemarch = export.rows[0]
        #expect(middlemarch.readings == [.init(started: nil, finished: nil)] && middlemarch.rating == 5)
        // Read on Kiwi on a day Goodreads does not know: the same reading, not a second.
        #expect(middlemarch.changes(given: [Self.entry("9780141439549", .read, id: 1, finished: "2025-02-02")]).isEmpty)
        #expect(Self.said(middlemarch.changes(given: [])) == ["read -→- ★5"])
        // Wanted on Kiwi and read on Goodreads: moved to read, as the file says.
        #expect(Self.said(middlemarch.changes(given: [Self.entry("9780141439549", .want, id: 1)])) == ["read -→- ★5"])
        // A Goodreads shelf named "paused" is the reader's own: left out, not taken for StoryGraph's.
        let paused = try LibraryExport(
            [header, GoodreadsLibraryExport.row(title: "Emma", isbn13: "9780141439587", isbn10: "", shelf: "paused", dateRead: "", rating: "0")]
                .joined(separator: "\n"),
            file: "goodreads_library_export.csv"
        )
        #expect(paused.rows.first?.shelf == nil)

        let plan = export.plan(against: Self.shelves([Self.entry("9780141439549", .read, id: 1, finished: "2025-02-02")]))
        #expect(plan.already.map(\.title) == ["Middlemarch"] && plan.add.map(\.row.title) == ["The Tempest"])
        #expect(plan.otherShelves.map(\.status) == ["did-not-finish"])
        #expect(Self.said(plan.add[0].changes) == ["want -→-"])
    }

    /// A review comes in as plain text, behind a warning where Goodreads marks it a spoiler (its
    /// column, or spoiler tags in its text); StoryGraph's has no such column. It goes on the
    /// reading where the book is now, alone to shelves that hold the rest, and never twice.
    @Test func aReviewKeepsItsSpoilerMarking() throws {
        let rows = [
            GoodreadsLibraryExport.row(
                title: "Jane Eyre",
                isbn13: "9780141441146",
                isbn10: "",
                shelf: "read",
                dateRead: "2024/03/15",
                rating: "5",
                review: "\"Reader, I married him.<br/><br/>The fire at <b>Thornfield</b> &amp; Bertha.\"",
                spoiler: "true"
            ),
            GoodreadsLibraryExport.row(
                title: "The Tempest",
                isbn13: "9780141439600",
                isbn10: "",
                shelf: "read",
                dateRead: "2025/06/01",
                rating: "4",
                review: "\"A storm, then <spoiler>Prospero drowns his book</spoiler>. 1 < 2 <3\""
            ),
            GoodreadsLibraryExport.row(
                title: "Emma",
                isbn13: "9780141439587",
                isbn10: "",
                shelf: "to-read",
                dateRead: "",
                rating: "0",
                review: "Soon."
            ),
            GoodreadsLibraryExport.row(
                title: "Middlemarch",
                isbn13: "9780141439549",
                isbn10: "",
                shelf: "read",
                dateRead: "",
                rating: "0",
                review: "<br/>"
            ),
        ]
        let export = try LibraryExport(([GoodreadsLibraryExport.header] + rows).joined(separator: "\n"), file: "goodreads_library_export.csv")
        let (jane, tempest, emma, middlemarch) = (export.rows[0], export.rows[1], export.rows[2], export.rows[3])
        #expect(jane.review == "Reader, I married him.\n\nThe fire at Thornfield & Bertha.")
        #expect(jane.spoiler == "marked as a spoiler on Goodreads")
        #expect(tempest.review == "A storm, then Prospero drowns his book. 1 < 2 <3" && tempest.spoiler == "marked as a spoiler on Goodreads")
        #expect(emma.review == "Soon." && emma.spoiler == nil)
        #expect(middlemarch.review == nil && middlemarch.spoiler == nil, "markup alone is no review")

        // With the stars, on the latest reading finished; on the shelf a book is wanted on.
        let sent = jane.changes(given: [])
        #expect(sent.count == 1 && sent[0].review == jane.review && sent[0].spoiler == jane.spoiler && sent[0].rating == 5)
        #expect(emma.changes(given: []).map(\.review) == ["Soon."])
        // Shelves that hold the reading without the review get the review alone; with it, nothing.
        var held = Self.entry("9780141441146", .read, id: 3, finished: "2024-03-15")
        let alone = jane.changes(given: [held])
        #expect(alone.count == 1 && alone[0].shelf == .read && alone[0].finished == nil && alone[0].review == jane.review)
        held.review = "Rewritten here."
        #expect(jane.changes(given: [held]).isEmpty, "a review of the shelves' own stays")
        // A book moved on since the export is another reading than the one the review is of.
        #expect(emma.changes(given: [Self.entry("9780141439587", .reading, id: 4, started: "2026-01-02")]).isEmpty)

        let plan = export.plan(against: Self.shelves([]))
        #expect(plan.reviews == 3 && plan.spoilers == 2)
        let storygraph = try Self.only(Self.storygraphRow("Emma", isbn: "9780141439587", status: "read", datesRead: "2025/06/30"))
        #expect(storygraph.review == "A review, with a comma." && storygraph.spoiler == nil)
    }

    /// An export older than the shelves does not move a book back: finished here since, it is not
    /// started again, and a book being read is not wanted again. A reading begun after the latest
    /// finished here is another reading.
    @Test func anOlderExportMovesNoBookBack() throws {
        let isbn = "9780141439600"
        let reading = try Self.only(Self.storygraphRow("The Tempest", isbn: isbn, status: "currently-reading", datesRead: "2026/11/02"))
        let finishedSince = Self.entry(isbn, .read, id: 1, started: "2026-11-02", finished: "2026-11-28")
        #expect(reading.changes(given: [finishedSince]).isEmpty)
        let finishedBefore = Self.entry(isbn, .read, id: 1, started: "2026-01-02", finished: "2026-02-03")
        #expect(Self.said(reading.changes(given: [finishedBefore])) == ["reading 2026-11-02→-"])
        let wanted = try Self.only(Self.storygraphRow("The Tempest", isbn: isbn, status: "to-read"))
        #expect(wanted.changes(given: [Self.entry(isbn, .reading, id: 1, started: "2026-11-02")]).isEmpty)
        #expect(wanted.changes(given: [finishedSince]).isEmpty)
        // Forward, the file wins: wanted here, being read in the file.
        #expect(Self.said(reading.changes(given: [Self.entry(isbn, .want, id: 1)])) == ["reading 2026-11-02→-"])
    }

    @Test func aFileOfNeitherSiteIsRefusedNamingWhatItLacks() throws {
        let storygraphLike = #expect(throws: ToolboxError.self) {
            try LibraryExport("Title,Authors,Read Status\nEmma,Jane Austen,read\n", file: "sg.csv")
        }
        #expect(storygraphLike?.message == "sg.csv is not a Goodreads or StoryGraph library export: it has no ISBN/UID column")
        let neither = #expect(throws: ToolboxError.self) { try LibraryExport("Title,Author\nEmma,Jane Austen\n", file: "notes.csv") }
        #expect(neither?.message == "notes.csv is not a Goodreads or StoryGraph library export: it has no ISBN13 or Exclusive Shelf column")
        #expect(throws: ToolboxError.self) { try LibraryExport("", file: "empty.csv") }
    }
}

/// Goodreads rows with the columns a test names, in Goodreads' own 24-column layout.
enum GoodreadsLibraryExport {
    static let header =
        "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,"
        + "Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,"
        + "My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    /// `review` as the CSV field holds it (quoted where it must be); `spoiler`: Goodreads' `true` or nothing.
    static func row(
        title: String,
        isbn13: String,
        isbn10: String,
        shelf: String,
        dateRead: String,
        rating: String,
        review: String = "",
        spoiler: String = ""
    ) -> String {
        "1,\(title),Author B,\"B, Author\",,=\"\(isbn10)\",=\"\(isbn13)\",\(rating),3.9,Penguin,Paperback,300,2003,1871,\(dateRead),2023/01/02,,,"
            + "\(shelf),\(review),\(spoiler),,1,0"
    }
}
