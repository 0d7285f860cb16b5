import Foundation
import TestSupport
import Testing

/// `toolbox kiwi shelf`, `want`, `start`, `progress`, `finish`, `year`, `profile` and `import`
/// through the real binary, against the real server (a stub Open Library over HTTP).
@Suite struct KiwiShelfCommandTests {
    static let tempest = "9780141439600"

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aReaderMovesBooksAlongTheirShelvesAndSeesTheirYear() async throws {
        let library = try await OpenLibraryStub.start()
        let serving = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_BOOKS_URL": library.baseURL.absoluteString])
        let (server, base) = try await serving.serveKiwi(["--database", "memory"])
        defer { server.process.terminate() }
        let ada = try await ToolboxBinary.kiwiReader("ada", on: base)

        let want = try await ada.run(["kiwi", "want", "978-0-14-143960-0"])
        #expect(want.exitCode == 0 && want.standardOutput == "The Tempest by William Shakespeare: want to read.\n", "\(want)")
        // A title with two matches, off a terminal: listed, and nothing moves.
        #expect(try await ada.run(["kiwi", "start", "the tempest"]).exitCode == 64)
        let started = try await ada.run(["kiwi", "start", Self.tempest, "--on", "2026-01-05"])
        #expect(started.standardOutput == "The Tempest by William Shakespeare: reading since 2026-01-05.\n", "\(started)")
        let progress = try await ada.run(["kiwi", "progress", Self.tempest, "120/350"])
        #expect(progress.standardOutput.hasPrefix("The Tempest by William Shakespeare: reading since 2026-01-05, p. 120 of 350. █████"))
        #expect(progress.standardOutput.hasSuffix(" 34%\n"))
        let percent = try await ada.run(["kiwi", "progress", Self.tempest, "80%", "--json"])
        #expect((try Self.json(percent.standardOutput)["progress"] as? [String: Int]) == ["pages": 350, "percent": 80])
        for bad in [["progress", Self.tempest, "400/350"], ["progress", Self.tempest, "half"], ["finish", Self.tempest, "--on", "2026-02-30"]] {
            let refused = try await ada.run(["kiwi"] + bad)
            #expect(refused.exitCode == 64 && refused.standardError.hasPrefix("error: "), "\(bad): \(refused.standardError)")
        }
        #expect(try await ada.run(["kiwi", "shelf", "maybe"]).exitCode == 64)
        let finished = try await ada.run(["kiwi", "finish", Self.tempest, "--on", "2026-02-10"])
        #expect(finished.standardOutput == "The Tempest by William Shakespeare: read, finished 2026-02-10.\n")

        let plain = try await ada.run(["kiwi", "shelf", "--plain"])
        #expect(plain.standardOutput == "The Tempest by William Shakespeare: read, finished 2026-02-10.\n")
        let shelves = try Self.json(try await ada.run(["kiwi", "shelf", "--json"]).standardOutput)
        #expect((shelves["read"] as? [[String: Any]])?.first?["finished"] as? String == "2026-02-10")
        // A review with its warning, on the same reading; a warning too long is refused before anything is sent.
        let long = String(repeating: "x", count: 201)
        let refused = try await ada.run(["kiwi", "finish", Self.tempest, "--review", "The storm is his.", "--spoiler", long])
        #expect(refused.exitCode == 64 && refused.standardError.contains("--spoiler is 201 characters; at most 200"))
        let reviewed = try await ada.run([
            "kiwi", "finish", Self.tempest, "--on", "2026-02-10", "--review", "The storm is his.", "--spoiler", "who raised it",
        ])
        #expect(reviewed.exitCode == 0)
        let read = try await ada.run(["kiwi", "shelf", "read", "--json"]).standardOutput
        let withReview = try #require((try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [[String: Any]])?.first)
        #expect(withReview["review"] as? String == "The storm is his." && withReview["spoiler"] as? String == "who raised it")
        #expect(withReview["finished"] as? String == "2026-02-10", "the same reading")
        #expect(try await ada.run(["kiwi", "shelf", "want"]).standardError == "Your “Want to read” shelf is empty.\n")

        let year = try await ada.run(["kiwi", "year", "2026", "--json"])
        let answer = try Self.json(year.standardOutput)
        #expect(answer["books"] as? Int == 1 && answer["pages"] as? Int == 350)
        let february = (answer["months"] as? [[String: Any]])?[1]
        #expect(february?["pages"] as? Int == 350 && (february?["books"] as? [Any])?.count == 1)
        let chart = try await ada.runOnTerminal(["kiwi", "year", "2026", "--no-color"], columns: 80)
        #expect(chart.standardOutput.contains("ada finished 1 book in 2026, 350 pages."), "\(chart.standardOutput)")
        #expect(chart.standardOutput.contains("Feb    The Tempest"), "\(chart.standardOutput)")
        // February's column, and no other, has a bar in both rows (each from zero: one book is the most).
        let rows = chart.standardOutput.split(whereSeparator: \.isNewline).map(String.init)
        #expect(rows.contains { $0.hasPrefix("books  ") && $0.dropFirst(7) == "    █" }, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("pages  ") && $0.dropFirst(7) == "    █" }, "\(rows)")
        #expect(try await ada.run(["kiwi", "year", "2025"]).standardError == "You finished no books in 2025.\n")

        let profile = try await ada.run(["kiwi", "profile", "--json"])
        #expect(((try Self.json(profile.standardOutput)["shelves"] as? [String: Any])?["readThisYear"] as? Int) != nil)
        #expect(try await ada.run(["kiwi", "unshelve", Self.tempest]).exitCode == 0)
        #expect(try await ada.run(["kiwi", "unshelve", Self.tempest]).exitCode == 66)
        await library.stop()
    }

    /// A Goodreads export in its own layout (every column, `="…"` ISBNs, reviews with commas,
    /// quotes and line breaks): 200 rows, of which 10 have no ISBN-13 and 5 are on a shelf of the
    /// reader's own. A dry run changes nothing; `--yes` imports in one run; a second adds nothing.
    @Test func aGoodreadsExportOf200RowsImportsOnceAndASecondRunAddsNothing() async throws {
        let serving = try ToolboxBinary()
        let (server, base) = try await serving.serveKiwi(["--database", "sqlite:\(serving.home.path)/kiwi.sqlite"])
        defer { server.process.terminate() }
        do {
            let ada = try await ToolboxBinary.kiwiReader("ada", on: base)
            let file = Scratch.url("goodreads_library_export", ending: ".csv")
            try GoodreadsExport.make(rows: 200).write(to: file, atomically: true, encoding: .utf8)

            let dry = try await ada.run(["kiwi", "import", file.path])
            #expect(dry.exitCode == 0)
            #expect(
                dry.standardOutput.contains(
                    "Would add 185 of 200 rows from \(file.path): 30 want to read, 31 reading, 124 read; 30 reviews, 10 behind a spoiler warning."
                ),
                "\(dry)"
            )
            #expect(
                dry.standardOutput.contains("10 rows without an ISBN-13, left out:\n  row 20: Untraceable Pamphlet 20 by Anon Y. Mous, Co Author\n")
            )
            #expect(dry.standardOutput.contains("5 rows on a shelf Kiwi does not keep, left out:"))
            #expect(dry.standardOutput.contains("(did-not-finish)"))
            #expect(dry.standardError.contains("run again with --yes"))
            let untouched = try Self.json(try await ada.run(["kiwi", "shelf", "--json"]).standardOutput)
            #expect((untouched["read"] as? [Any])?.isEmpty == true, "a dry run changes nothing")

            let run = try await ada.run(["kiwi", "import", file.path, "--yes", "--json"])
            #expect(run.exitCode == 0, "\(run.standardError)")
            let done = try Self.json(run.standardOutput)
            #expect(done["imported"] as? Int == 185 && done["kept"] as? Int == 0 && (done["refused"] as? [Any])?.isEmpty == true)
            let shelves = try Self.json(try await ada.run(["kiwi", "shelf", "--json"]).standardOutput)
            let read = try #require(shelves["read"] as? [[String: Any]])
            #expect(read.count == 124 && (shelves["want"] as? [Any])?.count == 30 && (shelves["reading"] as? [Any])?.count == 31)
            // Row 3 is read, finished 2024/03/15, four stars, 352 pages, named by the export (no book search here).
            let third = try #require(read.first { ($0["book"] as? [String: Any])?["isbn13"] as? String == GoodreadsExport.isbn13(3) })
            #expect(third["finished"] as? String == "2024-03-15" && third["rating"] as? Int == 4)
            #expect((third["progress"] as? [String: Int])?["pages"] == 352)
            #expect((third["book"] as? [String: Any])?["title"] as? String == "Book 3, \"Quoted\" Edition")
            // Row 30's review is marked a spoiler, row 15's is not: the terminal hides the one until asked.
            let review = "Loved it, mostly.\nThe \"storm\" chapter, above all."
            let (fifteenth, thirtieth) = (GoodreadsExport.isbn13(15), GoodreadsExport.isbn13(30))
            let marked = try #require(read.first { ($0["book"] as? [String: Any])?["isbn13"] as? String == thirtieth })
            #expect(marked["review"] as? String == review && marked["spoiler"] as? String == "marked as a spoiler on Goodreads")
            let table = try await ada.run(["kiwi", "shelf", "read"]).standardOutput
            let line = { (isbn13: String, text: String) in text.split(separator: "\n").first { $0.contains(isbn13) }.map(String.init) ?? "" }
            #expect(line(thirtieth, table).hasSuffix("Spoiler: marked as a spoiler on Goodreads (hidden; --spoilers shows it)"), "\(table)")
            #expect(line(fifteenth, table).hasSuffix("Loved it, mostly. The \"storm\" chapter, above all."), "a review on one line")
            let shown = try await ada.run(["kiwi", "shelf", "read", "--spoilers"]).standardOutput
            #expect(line(thirtieth, shown).hasSuffix("Loved it, mostly. The \"storm\" chapter, above all."))
            let aloud = try await ada.run(["kiwi", "shelf", "read", "--plain"]).standardOutput
            #expect(aloud.contains("Its review is behind a spoiler warning, “marked as a spoiler on Goodreads”, and hidden."))
            let book = try await ada.run(["kiwi", "book", thirtieth])
            #expect(
                book.standardOutput.contains("ada, read 2025-07-13: Spoiler: marked as a spoiler on Goodreads (hidden; --spoilers shows it)\n"),
                "the book names its reviews, behind their warnings: \(book)"
            )

            let again = try await ada.run(["kiwi", "import", file.path, "--yes"])
            #expect(again.exitCode == 0)
            #expect(
                again.standardOutput.contains("Sent 0 of 200 rows") && again.standardOutput.contains("185 books already where the file puts them.")
            )
            #expect(again.standardOutput.hasSuffix("Imported 0 books.\n"))
            let after = try Self.json(try await ada.run(["kiwi", "shelf", "--json"]).standardOutput)
            #expect((after["read"] as? [Any])?.count == 124, "nothing added twice")

            let notExport = Scratch.url("notes", ending: ".csv")
            try "Title,Author\nEmma,Jane Austen\n".write(to: notExport, atomically: true, encoding: .utf8)
            let refused = try await ada.run(["kiwi", "import", notExport.path])
            #expect(
                refused.exitCode == 65
                    && refused.standardError.contains(
                        "is not a Goodreads or StoryGraph library export: it has no ISBN13 or Exclusive Shelf column"
                    )
            )
            #expect(try await ada.run(["kiwi", "import", "/nonexistent/export.csv"]).exitCode == 74)
        }
    }

    /// A StoryGraph export in its own layout (23 columns, reviews with commas, quotes and line
    /// breaks): a book read twice comes in as two readings with their days and the stars on the
    /// latest, an ISBN-10 as its ISBN-13, "paused" on reading; did-not-finish, StoryGraph's own ids
    /// and a book named twice are listed. A second run adds nothing.
    @Test func aStoryGraphExportBringsEveryReadingOfABookReadAgain() async throws {
        let serving = try ToolboxBinary()
        let (server, base) = try await serving.serveKiwi(["--database", "sqlite:\(serving.home.path)/kiwi.sqlite"])
        defer { server.process.terminate() }
        let ada = try await ToolboxBinary.kiwiReader("ada", on: base)
        let file = Scratch.url("storygraph_export", ending: ".csv")
        try StoryGraphExport.sample.write(to: file, atomically: true, encoding: .utf8)

        let dry = try await ada.run(["kiwi", "import", file.path])
        #expect(dry.exitCode == 0, "\(dry.standardError)")
        #expect(
            dry.standardOutput.hasPrefix(
                "Would add 9 of 12 rows from \(file.path): 1 want to read, 3 reading, 5 read; 7 readings finished in all; 2 reviews.\n"
            ),
            "\(dry.standardOutput)"
        )
        #expect(dry.standardOutput.contains("1 row without an ISBN-13, left out:\n  row 6: Kindred by Octavia E. Butler\n"))
        #expect(
            dry.standardOutput.contains(
                "1 row on a shelf Kiwi does not keep, left out:\n  row 5: Gravity's Rainbow by Thomas Pynchon (did-not-finish)\n"
            )
        )
        #expect(dry.standardOutput.contains("1 row naming a book a row above names, left out:\n  row 11: Piranesi by Susanna Clarke\n"))
        let plan = try Self.json(try await ada.run(["kiwi", "import", file.path, "--json"]).standardOutput)
        #expect(plan["source"] as? String == "storygraph")

        let run = try await ada.run(["kiwi", "import", file.path, "--yes", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let done = try Self.json(run.standardOutput)
        #expect(done["imported"] as? Int == 9 && done["kept"] as? Int == 0 && (done["refused"] as? [Any])?.isEmpty == true, "\(done)")

        let shelves = try Self.json(try await ada.run(["kiwi", "shelf", "--json"]).standardOutput)
        let read = try #require(shelves["read"] as? [[String: Any]])
        func readings(_ isbn13: String, on shelf: [[String: Any]]) -> [String] {
            shelf.filter { ($0["book"] as? [String: Any])?["isbn13"] as? String == isbn13 }
                .map { "\($0["started"] as? String ?? "-")→\($0["finished"] as? String ?? "-")\(($0["rating"] as? Int).map { " ★\($0)" } ?? "")" }
                .sorted()
        }
        #expect(read.count == 7)
        #expect(readings(StoryGraphExport.janeEyre, on: read) == ["2019-03-01→2019-03-14", "2026-09-01→2026-09-12 ★4"])
        #expect(readings(StoryGraphExport.piranesi, on: read) == ["2025-02-12→2025-02-20 ★5"])
        // A review with its line break and quotes, on the latest reading of Jane Eyre; StoryGraph marks no spoiler.
        let reviewed = read.filter { $0["review"] != nil }
        #expect(
            reviewed.compactMap { $0["review"] as? String }.sorted() == [
                "A house of tides, endless.\nThe \"statues\", above all.", "Better the second time.",
            ]
        )
        #expect(reviewed.allSatisfy { $0["spoiler"] == nil && ($0["rating"] as? Int) != nil })
        #expect(readings(StoryGraphExport.dune, on: read) == ["-→- ★4"])
        #expect(readings(StoryGraphExport.frankenstein, on: read) == ["-→2024-05-02"])
        let reading = try #require(shelves["reading"] as? [[String: Any]])
        // The ISBN-10 "0-14-143960-2" is The Tempest's ISBN-13; paused is reading; the Dispossessed is read and read again.
        #expect(readings(StoryGraphExport.tempest, on: reading) == ["2026-11-02→-"])
        #expect(readings(StoryGraphExport.wolfHall, on: reading) == ["2026-05-30→-"])
        #expect(readings(StoryGraphExport.dispossessed, on: reading) == ["2026-10-20→-"])
        #expect(readings(StoryGraphExport.dispossessed, on: read) == ["2020-01-05→2020-02-01"])
        #expect((shelves["want"] as? [Any])?.count == 1)

        // Each reading is in its own year.
        let then = try Self.json(try await ada.run(["kiwi", "year", "2019", "--json"]).standardOutput)
        #expect(then["books"] as? Int == 1)
        let now = try Self.json(try await ada.run(["kiwi", "year", "2026", "--json"]).standardOutput)
        #expect(now["books"] as? Int == 1 && ((now["months"] as? [[String: Any]])?[8]["books"] as? [Any])?.count == 1)

        let again = try await ada.run(["kiwi", "import", file.path, "--yes"])
        #expect(again.exitCode == 0)
        #expect(again.standardOutput.hasPrefix("Sent 0 of 12 rows from \(file.path).\n9 books already where the file puts them.\n"), "\(again)")
        let after = try Self.json(try await ada.run(["kiwi", "shelf", "--json"]).standardOutput)
        #expect((after["read"] as? [Any])?.count == 7 && (after["reading"] as? [Any])?.count == 3, "nothing added twice")
    }

    /// With the server down, `start` and `finish` are kept (75); once it is back, `kiwi sync` sends
    /// each once: one reading, finished, and no second.
    @Test func shelfChangesKeptOfflineLandExactlyOnce() async throws {
        let port = try FreePort.pick()
        let database = Scratch.url("kiwi", ending: ".sqlite").path
        let library = try await OpenLibraryStub.start()
        let host = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_BOOKS_URL": library.baseURL.absoluteString])
        var server = try await KiwiOfflineTests.serve(host, port: port, database: database)
        let ada = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": "http://127.0.0.1:\(port)"])
        #expect(try await ada.run(["kiwi", "signup", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        #expect(try await ada.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        // The first reading, finished while the server is up; the second is started and finished offline.
        #expect(try await ada.run(["kiwi", "finish", Self.tempest, "--on", "2026-01-03"]).exitCode == 0)
        server.process.terminate()
        _ = await server.finish()
        let kept = try await ada.run(["kiwi", "start", Self.tempest, "--on", "2026-02-01"])
        #expect(kept.exitCode == 75 && kept.standardError.hasPrefix("error: kept in the outbox ("), "\(kept.standardError)")
        #expect(try await ada.run(["kiwi", "finish", Self.tempest, "--on", "2026-02-20"]).exitCode == 75)
        let waiting = try await ada.run(["kiwi", "outbox", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(waiting.standardOutput.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["kind"] as? String } == ["start", "finish"])

        server = try await KiwiOfflineTests.serve(host, port: port, database: database)
        let sync = try await ada.run(["kiwi", "sync"])
        #expect(sync.exitCode == 0, "\(sync.standardError)")
        #expect(sync.standardError.contains("sent start book \(Self.tempest) (reading since 2026-02-01)"), "\(sync.standardError)")
        #expect(sync.standardError.contains("sent finish book \(Self.tempest) (read, finished 2026-02-20)"), "\(sync.standardError)")
        #expect(try await ada.run(["kiwi", "sync"]).standardError.contains("Nothing waits"), "sent once")
        let shelves = try Self.json(try await ada.run(["kiwi", "shelf", "--json"]).standardOutput)
        let read = try #require(shelves["read"] as? [[String: Any]])
        #expect(read.map { $0["finished"] as? String } == ["2026-02-20", "2026-01-03"], "two readings, each once")
        #expect((shelves["reading"] as? [Any])?.isEmpty == true)
        server.process.terminate()
        _ = await server.finish()
        await library.stop()
    }
}

/// A Goodreads library export in Goodreads' own layout (its 24 columns, in its order), made for the tests.
enum GoodreadsExport {
    static let header =
        "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,"
        + "Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,"
        + "My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    /// A made-up but well-formed ISBN-13 for row `row` (978 + the row, with its check digit).
    static func isbn13(_ row: Int) -> String {
        let twelve = "978" + String(format: "%09d", 100_000 + row)
        let sum = twelve.enumerated().reduce(0) { $0 + (Int(String($1.element)) ?? 0) * ($1.offset % 2 == 0 ? 1 : 3) }
        return twelve + String((10 - sum % 10) % 10)
    }

    /// Every 20th row has no ISBN; every 40th of the rest, from the 7th, is on "did-not-finish";
    /// the others go read, read, read, read, to-read, currently-reading in turn. Every 5th has a
    /// review, every 10th marked as a spoiler.
    static func make(rows: Int) -> String {
        var lines = [header]
        for row in 1...rows {
            let noISBN = row % 20 == 0
            let shelf =
                !noISBN && row % 40 == 7 ? "did-not-finish" : ["read", "read", "read", "read", "to-read", "currently-reading"][row % 6]
            let title = row == 3 ? "\"Book 3, \"\"Quoted\"\" Edition\"" : noISBN ? "Untraceable Pamphlet \(row)" : "Book \(row)"
            let isbnField = noISBN ? "=\"\"" : "=\"\(isbn13(row))\""
            let read = shelf == "read" ? (row == 3 ? "2024/03/15" : "2025/\(String(format: "%02d", row % 12 + 1))/1\(row % 9)") : ""
            let review = row % 5 == 0 ? "\"Loved it, mostly.\nThe \"\"storm\"\" chapter, above all.\"" : ""
            let fields = [
                "\(1000 + row)", title, noISBN ? "Anon Y. Mous" : "Author \(row % 17)", "\"\(row % 17), Author\"", row % 4 == 0 ? "Co Author" : "",
                noISBN ? "=\"\"" : "=\"\(String(isbn13(row).dropFirst(3).prefix(9)))X\"", isbnField, row == 3 ? "4" : "\(row % 6)", "3.98",
                "Penguin", "Paperback", row == 3 ? "352" : row % 3 == 0 ? "" : "\(150 + row)", "2003", "1611", read, "2023/01/0\(row % 9 + 1)",
                shelf == "read" ? "" : shelf, shelf == "read" ? "" : "\(shelf) (#\(row))", shelf, review, row % 10 == 0 ? "true" : "", "",
                shelf == "read" ? "1" : "0", "0",
            ]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A StoryGraph library export in StoryGraph's own layout (its 23 columns, in its order), made for
/// the tests: rows of every kind `kiwi import` tells apart.
enum StoryGraphExport {
    static let header =
        "Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,"
        + "Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,"
        + "Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?"
    static let piranesi = "9781635575637"
    static let janeEyre = "9780141441146"
    static let tempest = "9780141439600"
    static let wolfHall = "9780007230204"
    static let dune = "9780441013593"
    static let frankenstein = "9780141439471"
    static let dispossessed = "9780060512750"

    static let sample =
        [
            header,
            "Piranesi,Susanna Clarke,,\(piranesi),hardcover,read,2025/02/01,2025/02/20,2025/02/12-2025/02/20,1,mysterious reflective,medium,"
                + "Character,Yes,Yes,No,Yes,4.5,\"A house of tides, endless.\nThe \"\"statues\"\", above all.\",,,\"fantasy, favourites\",Yes",
            // Read twice, the later reading first, as StoryGraph lists them.
            "Jane Eyre,Charlotte Brontë,,\(janeEyre),paperback,read,2019/02/20,2026/09/12,\"2026/09/01-2026/09/12, 2019/03/01-2019/03/14\",2,"
                + "emotional,slow,Character,Yes,Yes,No,Yes,3.75,Better the second time.,Death: Moderate,,classics,Yes",
            "The Tempest,William Shakespeare,,0-14-143960-2,paperback,currently-reading,2026/10/30,,2026/11/02,0,,,,,,,,,,,,,No",
            "Middlemarch,George Eliot,,9780141439549,paperback,to-read,2026/01/15,,,0,,,,,,,,,,,,,No",
            "Gravity's Rainbow,Thomas Pynchon,,9780143039945,digital,did-not-finish,2024/01/01,2024/02/01,2024/01/01-2024/02/01,0,,,,,,,,1.5,,,,,No",
            "Kindred,Octavia E. Butler,,a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d,audio,read,2024/03/01,2024/03/09,2024/03/01-2024/03/09,1,,,,,,,,5,,,,,No",
            "Wolf Hall,Hilary Mantel,,\(wolfHall),hardcover,paused,2026/05/30,,,0,,,,,,,,,,,,,Yes",
            // A year alone is no day: read, in no year.
            "Dune,Frank Herbert,,\(dune),paperback,read,2023/01/01,,2019,1,adventurous,fast,Plot,,,,,4,,,,,No",
            "Beloved,Toni Morrison,,9781400033416,paperback,read,2024/06/01,2024/07/04,,1,dark,medium,Character,,,,,5,,,,,No",
            "The Dispossessed,Ursula K. Le Guin,,\(dispossessed),paperback,currently-reading,2020/01/01,2020/02/01,"
                + "\"2020/01/05-2020/02/01, 2026/10/20\",1,hopeful,medium,Plot,,,,,,,,,,No",
            "Piranesi,Susanna Clarke,,\(piranesi),audio,to-read,2025/03/01,,,0,,,,,,,,,,,,,No",
            // A start after its end: the end is kept.
            "Frankenstein,Mary Shelley,,\(frankenstein),paperback,read,2024/05/01,2024/05/02,2024/05/20-2024/05/02,1,dark,medium,Plot,,,,,,,,,,No",
        ].joined(separator: "\n") + "\n"
}
