import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies hidden`
    struct Hidden: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "hidden",
            abstract: "The titles and genres you hid from the lists of Movies and Trailers.",
            discussion: "Examples:\n  toolbox movies hidden\n  toolbox movies hidden --json"
        )

        @OptionGroup var global: GlobalOptions

        /// One hidden thing: a title or a genre.
        struct Row: Encodable {
            var kind: String
            @Nullable var id: Int?
            @Nullable var type: MediaType?
            var name: String
            @Nullable var year: String?
        }

        func run(in context: CommandContext) async throws {
            let kept = try HiddenTitles(dataFolder: context.paths.data).load()
            let rows =
                kept.titles.map { Row(kind: "title", id: $0.id, type: $0.type, name: $0.title, year: $0.year) }
                + kept.genres.map { Row(kind: "genre", id: nil, type: nil, name: $0.name, year: nil) }
            try context.output.list(
                rows,
                columns: [
                    Column("Hidden") { $0.kind },
                    Column("ID", rightAligned: true) { $0.id.map(String.init) ?? "" },
                    Column("Name", flexible: true) { $0.name },
                    Column("Year") { $0.year ?? "" },
                    Column("Type") { $0.type?.label ?? "" },
                ],
                plain: { row in row.kind == "genre" ? "The genre \(row.name)." : "\(row.name), \(row.year ?? "TBA"), \(row.type?.label ?? "")." },
                empty: "Nothing is hidden: hide a title with `toolbox movies hide TITLE`, a genre with `--genre NAME`."
            )
        }
    }
}
