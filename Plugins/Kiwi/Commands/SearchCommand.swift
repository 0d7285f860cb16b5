import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi search QUERY [--type posts|books|members]`
    struct Search: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search what the community wrote: posts (captions and comments), books, or members.",
            discussion: """
                Examples:
                  toolbox kiwi search "storm chapter"
                  toolbox kiwi search bronte --type books
                  toolbox kiwi search '"the end"' -rain --json

                Words are all found; put a phrase in "quotes", `or` between alternatives, and -word to \
                leave one out. Case and accents do not matter: "bronte" finds "Brontë". The best come \
                first.
                """
        )
        @Argument(parsing: .allUnrecognized, help: "What to look for.") var words: [String]
        @Option(help: "posts, books or members.", completion: .list(["posts", "books", "members"])) var type = "posts"
        @Option(help: "Results, 1 to 50.") var limit = 20
        @OptionGroup var options: ClientOptions
        @OptionGroup var pictures: ListPictureOptions
        @OptionGroup var warnings: SpoilerOptions

        var query: String { words.joined(separator: " ") }

        func validate() throws {
            if query.trimmed.isEmpty { throw ValidationError("the search is empty") }
            guard ["posts", "books", "members"].contains(type) else { throw ValidationError("--type must be posts, books or members, not “\(type)”") }
            guard (1...50).contains(limit) else { throw ValidationError("--limit must be between 1 and 50") }
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let empty = "Nothing found for “\(query)”."
            switch type {
            case "books":
                let books = try await client.search(query, type: type, limit: limit, as: KiwiWire.BookSummary.self)
                try context.output.list(
                    books,
                    columns: [
                        Column("ISBN-13") { $0.isbn13 }, Column("Title", flexible: true) { $0.title },
                        Column("Authors", flexible: true) { $0.authors.isEmpty ? "–" : $0.authors.joined(separator: ", ") },
                        Column("Reflections", rightAligned: true) { "\($0.reflections)" },
                    ],
                    plain: Book.spoken,
                    empty: empty
                )
            case "members":
                let members = try await client.search(query, type: type, limit: limit, as: KiwiWire.User.self)
                try context.output.list(
                    members,
                    columns: [Column("Username") { $0.username }, Column("Name", flexible: true) { $0.shownName }],
                    plain: { "\($0.shownName) (\($0.username))." },
                    empty: empty
                )
            default:
                let posts = try await client.search(query, type: type, limit: limit, as: KiwiWire.Post.self)
                try await KiwiPresentation.list(posts, empty: empty, images: pictures.images, spoilers: warnings.spoilers, in: context)
            }
        }
    }
}
