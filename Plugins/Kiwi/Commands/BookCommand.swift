import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi book ISBN|TITLE…`
    struct Book: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "book",
            abstract: "A book, its cover, who reads it, their reviews, and what they posted of it, newest first.",
            discussion: """
                Examples:
                  toolbox kiwi book 9780141439600
                  toolbox kiwi book the tempest
                  toolbox kiwi book 9780141439600 --all --json

                A title is looked up in the server's book search: one match is shown; of several, you are \
                asked which on a terminal, and elsewhere they are listed with their ISBN-13s.
                """
        )
        @Argument(help: "The book's ISBN-13, or words of its title.") var book: [String]
        @Option(help: "The page of reflections, from 1.") var page = 1
        @Option(help: "Reflections a page, 1 to 100.") var pageSize = 10
        @Flag(help: "Every reflection, page after page.") var all = false
        @OptionGroup var options: ClientOptions
        @OptionGroup var pictures: ListPictureOptions
        @OptionGroup var warnings: SpoilerOptions

        func validate() throws {
            if book.joined().trimmed.isEmpty { throw ValidationError("name a book by its ISBN-13 or its title") }
            guard page >= 1 else { throw ValidationError("--page counts from 1") }
            guard (1...100).contains(pageSize) else { throw ValidationError("--page-size must be between 1 and 100") }
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let isbn13 = try await BookChoice.isbn13(book.joined(separator: " "), option: "toolbox kiwi book", client: client, in: context)
            let summary = try await client.book(isbn13)
            let list = KiwiPostList.book(isbn13: isbn13)
            let posts = all ? try await client.allPosts(list) : try await client.posts(list, page: page, pageSize: pageSize)
            if context.output.format == .json {
                try context.output.json(KiwiBookPage(book: summary, posts: posts))
                return
            }
            let readers = summary.recentReaders.map { $0.map(\.username).joined(separator: ", ") } ?? ""
            let terminal = try context.resolve(TerminalPictures.self)
            // The cover beside the book, as a post's photo is; the generated one until the server has one.
            let width = min(Self.coverWidth, context.output.console.width * 2 / 5)
            try await terminal.detail(
                summary,
                fields: [
                    ("Book", summary.title), ("Authors", summary.authors.isEmpty ? "–" : summary.authors.joined(separator: ", ")),
                    ("ISBN-13", summary.isbn13), ("Reflections", "\(summary.reflections)"),
                    ("Readers", summary.readers == 0 ? "none yet" : "\(summary.readers)" + (readers.isEmpty ? "" : ": \(readers)")),
                ],
                plain: Self.spoken(summary),
                width: width,
                picture: { try await client.cover(of: summary, filling: width * KiwiClient.cellPixels) },
                otherwise: { columns, rows in
                    let colour = BookCover.colour(isbn13: summary.isbn13)
                    // A cover's shape: half as many rows as columns make about 2:3 in cells of 1:2.
                    return terminal.tile(
                        top: BookCover.lines(summary.title, width: columns - 4, lines: 6),
                        bottom: summary.authors.first.map { BookCover.lines($0, width: columns - 4, lines: 2) } ?? [],
                        colour: (colour.red, colour.green, colour.blue),
                        columns: columns,
                        rows: min(rows, columns * 3 / 4)
                    )
                }
            )
            // Its readers' reviews, then the reflections, in every format, as a profile's posts follow it.
            if context.output.format == .table { context.output.line("") }
            for review in summary.reviews ?? [] {
                context.output.line(KiwiShelfText.reviewed(review, spoilers: warnings.spoilers, aloud: context.output.format == .plain))
            }
            if context.output.format == .table, summary.reviews?.isEmpty == false { context.output.line("") }
            try await KiwiPresentation.list(
                posts,
                empty: page > 1 ? "No reflections on page \(page)." : "Nobody has posted about it yet: `toolbox kiwi post --book \(isbn13)`.",
                images: pictures.images,
                ofOneBook: true,
                spoilers: warnings.spoilers,
                in: context
            )
        }

        /// The cover's width in cells, at most.
        static let coverWidth = 24

        /// "The Tempest by William Shakespeare: 3 reflections by 2 readers."
        static func spoken(_ book: KiwiWire.BookSummary) -> String {
            let reflections = book.reflections == 1 ? "1 reflection" : "\(book.reflections) reflections"
            let readers = book.readers == 1 ? "1 reader" : "\(book.readers) readers"
            return "\(BookChoice.byline(book.book)): \(reflections) by \(readers)."
        }
    }
}
