import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi books QUERY`
    struct Books: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "books",
            abstract: "Find a book (its ISBN-13 names it on a post).",
            discussion:
                "Examples:\n  toolbox kiwi books \"the tempest\"\n  toolbox kiwi book 9780141439600\n"
                + "  toolbox kiwi post --image page-42.jpg --book 9780141439600"
        )
        @Argument(help: "Title, author or ISBN.") var query: String
        @OptionGroup var options: ClientOptions

        func validate() throws {
            if query.trimmed.isEmpty { throw ValidationError("the search is empty") }
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let books = try await client.searchBooks(query)
            try context.output.list(
                books,
                columns: [
                    Column("ISBN-13") { $0.isbn13 ?? "–" },
                    Column("Title", flexible: true) { $0.title },
                    Column("Authors") { $0.authors?.joined(separator: ", ") ?? "–" },
                ],
                plain: { book in "\(book.title)\(book.authors.map { " by " + $0.joined(separator: ", ") } ?? "")." },
                empty: "No books found for “\(query)”."
            )
            // Where a row leads: its page, and a post about it.
            if context.output.format == .table, let isbn13 = books.lazy.compactMap(\.isbn13).first {
                context.output.notice("See one with `toolbox kiwi book \(isbn13)`, or post about it with `--book \(isbn13)`.")
            }
        }
    }
}
