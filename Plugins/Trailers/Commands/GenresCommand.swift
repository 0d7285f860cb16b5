import ArgumentParser
import PluginAPI
import TMDB

extension TrailersCommand {
    /// `toolbox trailers genres`
    struct Genres: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "genres",
            abstract: "The genres browse --genre accepts, for movies and TV.",
            discussion: "Examples:\n  toolbox trailers genres\n  toolbox trailers genres --type tv"
        )

        @Option(help: "movie or tv; both when left out.") var type: MediaType?
        @OptionGroup var tmdb: TMDBOptions

        struct Row: Encodable {
            var name: String
            @Nullable var movieID: Int?
            @Nullable var tvID: Int?
        }

        func run(in context: CommandContext) async throws {
            let catalog = try await context.resolve(TrailerCatalog.self).genres()
            let names = type.map(catalog.names(for:)) ?? catalog.names
            let rows = try names.map { name in
                let selection = try catalog.select(name)
                return Row(name: name, movieID: selection.movieID, tvID: selection.tvID)
            }
            try context.output.list(
                rows,
                columns: [
                    Column("Genre", flexible: true) { $0.name },
                    Column("Movie ID", rightAligned: true) { $0.movieID.map(String.init) ?? "–" },
                    Column("TV ID", rightAligned: true) { $0.tvID.map(String.init) ?? "–" },
                ],
                plain: { $0.name },
                empty: "TMDB listed no genres."
            )
        }
    }
}
