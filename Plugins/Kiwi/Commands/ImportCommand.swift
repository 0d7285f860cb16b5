import ArgumentParser
import Foundation
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi import goodreads_library_export.csv [--yes]`
    struct Import: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Bring your shelves from Goodreads or StoryGraph: says what it would do, and with --yes does it.",
            discussion: """
                Examples:
                  toolbox kiwi import goodreads_library_export.csv
                  toolbox kiwi import goodreads_library_export.csv --yes

                Reads Goodreads' library export (StoryGraph writes the same columns): to-read, \
                currently-reading and read become want, reading and read, with Date Read, My Rating and the \
                page count. A book already where the file puts it is left alone, so a second run adds \
                nothing. Rows without an ISBN-13, and books on shelves of your own making, are listed, not \
                guessed: shelve those by hand with `toolbox kiwi want|start|finish BOOK`.
                """
        )
        @Argument(help: "The export, as Goodreads names it: goodreads_library_export.csv.", completion: .file(extensions: ["csv"]))
        var file: String
        @Flag(help: "Import, rather than only say what would be imported.") var yes = false
        @OptionGroup var options: ClientOptions

        /// What `--json` says.
        struct Answer: Encodable {
            var file: String
            var rows: Int
            var plan: GoodreadsLibrary.Plan
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
            let library = try GoodreadsLibrary(String(decoding: data, as: UTF8.self), file: file)
            let plan = library.plan(against: try await client.shelves(of: try client.session().user.username))
            var answer = Answer(file: file, rows: library.rows.count, plan: plan)
            if !yes {
                if context.output.format == .json { return try context.output.json(answer) }
                say(plan, rows: library.rows.count, in: context)
                if !plan.add.isEmpty { context.output.notice("Nothing is changed yet: run again with --yes to import.") }
                return
            }
            let sync = try context.resolve(KiwiSync.self)
            var (imported, kept, refused) = (0, 0, [Refusal]())
            for row in plan.add {
                guard let isbn13 = row.isbn13, let change = row.change else { continue }
                do {
                    _ = try await sync.deliver(.shelve(isbn13: isbn13, change: change, title: row.title))
                    imported += 1
                } catch let error as ToolboxError where error.kind == .deferred {
                    // Kept, to be sent in order by the next command: so is every row after it.
                    kept += 1
                } catch let error as ToolboxError {
                    refused.append(Refusal(row: row.row, reason: error.message))
                }
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
        private func say(_ plan: GoodreadsLibrary.Plan, rows: Int, in context: CommandContext, done: Bool = false) {
            let output = context.output
            let byShelf = KiwiWire.Shelf.allCases.compactMap { shelf -> String? in
                let count = plan.add.count { $0.shelf == shelf }
                return count == 0 ? nil : "\(count) \(shelf.title.lowercased())"
            }
            let verb = done ? "Sent" : "Would add"
            output.line(
                "\(verb) \(plan.add.count) of \(rows) rows from \(file)\(byShelf.isEmpty ? "" : ": " + byShelf.joined(separator: ", "))."
            )
            if !plan.already.isEmpty { output.line("\(KiwiSync.count(plan.already.count, "book")) already where the file puts them.") }
            let left = [
                ("without an ISBN-13", plan.withoutISBN), ("on a shelf Kiwi does not keep", plan.otherShelves),
                ("naming a book a row above names", plan.repeated),
            ]
            for (why, rows) in left where !rows.isEmpty {
                output.line("\(KiwiSync.count(rows.count, "row")) \(why), left out:")
                for row in rows {
                    let shelf = why.hasPrefix("on a shelf") ? " (\(row.exclusiveShelf))" : ""
                    output.line("  row \(row.row): \(row.byline)\(shelf)")
                }
            }
        }
    }
}
