import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi reading [--days N] [--following]`
    struct Reading: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "reading",
            abstract: "What the community is reading: the books most posted about lately.",
            discussion: """
                Examples:
                  toolbox kiwi reading
                  toolbox kiwi reading --days 7 --following
                  toolbox kiwi reading --json

                Books are ranked by their reflections in the window, then by their readers. Open one with \
                `toolbox kiwi book ISBN`.
                """
        )
        @Option(help: "The last N days, 1 to 365.") var days = KiwiWire.PopularBooks.defaultDays
        @Flag(help: "Count only the posts of the people you follow.") var following = false
        @OptionGroup var options: ClientOptions

        func validate() throws {
            guard KiwiWire.PopularBooks.days.contains(days) else { throw ValidationError("--days must be between 1 and 365") }
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            if following { _ = try client.session() }
            let books = try await client.popularBooks(days: days, following: following)
            let window = days == 1 ? "the last day" : "the last \(days) days"
            try context.output.list(
                books,
                columns: [
                    Column("ISBN-13") { $0.isbn13 },
                    Column("Title", flexible: true) { $0.title },
                    Column("Authors", flexible: true) { $0.authors.isEmpty ? "–" : $0.authors.joined(separator: ", ") },
                    Column("Reflections", rightAligned: true) { "\($0.reflections)" },
                    Column("Readers", rightAligned: true) { "\($0.readers)" },
                ],
                plain: Book.spoken,
                empty: following ? "Nobody you follow has posted about a book in \(window)." : "Nobody has posted about a book in \(window)."
            )
        }
    }
}
