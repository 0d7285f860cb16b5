import ArgumentParser
import Foundation
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi import FILE [--yes]`: a Goodreads or StoryGraph library export.
    struct Import: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Bring your shelves from Goodreads or StoryGraph: says what it would do, and with --yes does it.",
            discussion: """
                Examples:
                  toolbox kiwi import goodreads_library_export.csv
                  toolbox kiwi import goodreads_library_export.csv --yes
                  toolbox kiwi import storygraph_export.csv --yes

                Reads Goodreads' library export and StoryGraph's, told apart by their columns: to-read, \
                currently-reading (and StoryGraph's paused) and read become want, reading and read, with the \
                days each book was read (every reading of a book read again, from StoryGraph), the stars, \
                the page count and your review, behind a spoiler warning where the file marks it a spoiler \
                (Goodreads' Spoiler column, or spoiler tags in the review). A reading already on your \
                shelves is left alone, so a second run adds nothing. Rows without an ISBN, and books on shelves of your own making or did-not-finish, \
                are listed, not guessed: shelve those by hand with `toolbox kiwi want|start|finish BOOK`.
                """
        )
        @Argument(
            help: "The export: Goodreads' goodreads_library_export.csv, or StoryGraph's CSV.",
            completion: .file(extensions: ["csv"])
        )
        var file: String
        @Flag(help: "Import, rather than only say what would be imported.") var yes = false
        @OptionGroup var options: ClientOptions

        /// What `--json` says.
        struct Answer: Encodable {
            var file: String
            var source: LibraryExport.Source
            var rows: Int
            var plan: LibraryExport.Plan
            /// With `--yes`: how many landed, were kept in the outbox, or were refused (and why).
            var imported: Int?
            var kept: Int?
            var refused: [Refusal]?
        }

        struct Refusal: Encodable {
            var row: Int
            var reason: String
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ToolboxError.io("cannot read \(file)", hint: "check the path, and that you may read it")
            }
            let library = try LibraryExport(String(decoding: data, as: UTF8.self), file: file)
            let plan = library.plan(against: try await client.shelves(of: try client.session().user.username))
            var answer = Answer(file: file, source: library.source, rows: library.rows.count, plan: plan)
            if !yes {
                if context.output.format == .json { return try context.output.json(answer) }
                say(plan, rows: library.rows.count, in: context)
                if !plan.add.isEmpty { context.output.notice("Nothing is changed yet: run again with --yes to import.") }
                return
            }
            let sync = try context.resolve(KiwiSync.self)
            var (imported, kept, refused) = (0, 0, [Refusal]())
            books: for addition in plan.add {
                guard let isbn13 = addition.row.isbn13 else { continue }
                var wasKept = false
                for change in addition.changes {
                    do {
                        _ = try await sync.deliver(.shelve(isbn13: isbn13, change: change, title: addition.row.title))
                    } catch let error as ToolboxError where error.kind == .deferred {
                        // Kept, to be sent in order by the next command: so is every change after it.
                        wasKept = true
                    } catch let error as ToolboxError {
                        // The book's later readings would stand on this one: none of them is sent.
                        refused.append(Refusal(row: addition.row.row, reason: error.message))
                        continue books
                    }
                }
                if wasKept { kept += 1 } else { imported += 1 }
            }
            (answer.imported, answer.kept, answer.refused) = (imported, kept, refused)
            if context.output.format == .json {
                try context.output.json(answer)
            } else {
                say(plan, rows: library.rows.count, in: context, done: true)
                for refusal in refused { context.output.notice("row \(refusal.row) was refused: \(refusal.reason)") }
                context.output.line("Imported \(KiwiSync.count(imported, "book")).")
            }
            if kept > 0 {
                throw ToolboxError.deferred("\(KiwiSync.count(kept, "book")) kept in the outbox", hint: KiwiSync.later)
            }
        }

        /// What the plan holds, in the output's form: the books to add by shelf, and every row left out.
        private func say(_ plan: LibraryExport.Plan, rows: Int, in context: CommandContext, done: Bool = false) {
            let output = context.output
            let byShelf = KiwiWire.Shelf.allCases.compactMap { shelf -> String? in
                let count = plan.add.count { $0.row.shelf == shelf }
                return count == 0 ? nil : "\(count) \(shelf.title.lowercased())"
            }
            let read = plan.add.count { $0.row.shelf == .read }
            // Books read again, and readings finished before the one under way, are readings more.
            let again = plan.finishedReadings == read ? "" : "; \(KiwiSync.count(plan.finishedReadings, "reading")) finished in all"
            let warned = plan.spoilers == 0 ? "" : ", \(plan.spoilers) behind a spoiler warning"
            let reviews = plan.reviews == 0 ? "" : "; \(KiwiSync.count(plan.reviews, "review"))\(warned)"
            let verb = done ? "Sent" : "Would add"
            let shelves = byShelf.isEmpty ? "" : ": " + byShelf.joined(separator: ", ")
            output.line("\(verb) \(plan.add.count) of \(rows) rows from \(file)\(shelves)\(again)\(reviews).")
            if !plan.already.isEmpty { output.line("\(KiwiSync.count(plan.already.count, "book")) already where the file puts them.") }
            let left = [
                ("without an ISBN-13", plan.withoutISBN), ("on a shelf Kiwi does not keep", plan.otherShelves),
                ("naming a book a row above names", plan.repeated),
            ]
            for (why, rows) in left where !rows.isEmpty {
                output.line("\(KiwiSync.count(rows.count, "row")) \(why), left out:")
                for row in rows {
                    let shelf = why.hasPrefix("on a shelf") ? " (\(row.status.isEmpty ? "no status" : row.status))" : ""
                    output.line("  row \(row.row): \(row.byline)\(shelf)")
                }
            }
        }
    }
}
