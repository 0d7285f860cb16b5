import ArgumentParser
import Foundation
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi year [YEAR] [--user NAME]`
    struct Year: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "year",
            abstract: "A year in books: what a reader finished, month by month, with a chart of books and pages.",
            discussion: """
                Examples:
                  toolbox kiwi year
                  toolbox kiwi year 2025 --user ada
                  toolbox kiwi year --json

                Pages are counted for the books whose page count is known (from `kiwi progress BOOK 120/350`, \
                or an import).
                """
        )
        @Argument(help: "The year (default: this one).") var year: Int?
        @Option(help: "Whose year (default: yours).") var user: String?
        @OptionGroup var options: ClientOptions

        func validate() throws {
            if let year, !(1000...9999).contains(year) { throw ValidationError("the year must have four digits, as 2026") }
        }

        /// What `--json` says: the year, its count, and each month's books.
        struct Answer: Encodable {
            struct Month: Encodable {
                var month: Int
                var books: [KiwiWire.ShelfEntry]
                var pages: Int
            }
            var reader: String
            var year: Int
            var books: Int
            var pages: Int
            var months: [Month]
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let name = try user ?? client.session().user.username
            let year = year ?? Int(KiwiWire.Day.today().prefix(4)) ?? 1970
            let books = KiwiWire.YearInBooks(year: year, read: try await client.shelves(of: name).read)
            let pages = books.pages
            if context.output.format == .json {
                let months = books.months.indices.map { Answer.Month(month: $0 + 1, books: books.months[$0], pages: pages[$0]) }
                return try context.output.json(Answer(reader: name, year: year, books: books.books, pages: pages.reduce(0, +), months: months))
            }
            guard books.books > 0 else {
                context.output.notice("\(user.map { "\($0) finished" } ?? "You finished") no books in \(year).")
                return
            }
            let total = pages.reduce(0, +)
            let summary =
                "\(name) finished \(books.books) \(books.books == 1 ? "book" : "books") in \(year)"
                + (total > 0 ? ", \(NumberStyle.grouped(total)) pages." : ".")
            context.output.line(summary)
            // Month by month, the month named on its first book's row; each with its cover, on a
            // terminal that can draw them (when the server has fetched any).
            let finished = books.months.flatMap { $0 }
            let firsts = Set(books.months.compactMap { $0.first?.id })
            if context.output.format == .table { context.output.line("") }
            try await context.resolve(TerminalPictures.self).list(
                finished,
                columns: [
                    Column("Month") { firsts.contains($0.id) ? Self.month($0) : "" }, Column("Title", flexible: true) { $0.book.title },
                    Column("Authors", flexible: true) { $0.book.authors?.joined(separator: ", ") ?? "–" }, Column("Finished") { $0.finished ?? "–" },
                    Column("Stars") { $0.rating.map { String(repeating: "★", count: $0) } ?? "" },
                ],
                plain: { "\(Self.month($0)): \(BookChoice.byline($0.book)), finished \($0.finished ?? "")." },
                empty: "",
                wanted: finished.contains { $0.cover != nil },
                width: Self.coverWidth,
                picture: { try await client.cover(of: $0, filling: Self.coverWidth * KiwiClient.cellPixels) }
            )
            guard context.output.format == .table else { return }
            context.output.line("")
            for line in KiwiShelfText.chart(books) { context.output.line(line) }
        }

        /// A cover's width in cells beside its row.
        static let coverWidth = 6

        /// "Feb", the month a book was finished in.
        static func month(_ entry: KiwiWire.ShelfEntry) -> String {
            guard let month = Int(entry.finished?.dropFirst(5).prefix(2) ?? ""), (1...12).contains(month) else { return "" }
            return KiwiWire.YearInBooks.monthNames[month - 1]
        }
    }
}
