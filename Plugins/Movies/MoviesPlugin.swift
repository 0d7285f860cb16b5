import ArgumentParser
import PluginAPI
import TMDB

/// `toolbox movies`: the MMDB app on the command line.
public enum MoviesPlugin: ToolboxPlugin {
    enum Keys {
        static let defaultPerson = ConfigKey(
            "movies.default_person",
            type: .integer,
            default: "71580",
            summary: "The TMDB person whose movies `movies list` shows (71580: Benedict Cumberbatch)."
        )

        static let all = TMDBKeys.all + [defaultPerson]
    }

    public static let descriptor = PluginDescriptor(name: "Movies", command: MoviesCommand.self, configurationKeys: Keys.all)

    public static func register(into container: inout Container) {
        container.register(MovieCatalog.self) { container in
            MovieCatalog(client: try TMDBClient.live(from: container, namespace: descriptor.identifier))
        }
        container.registerSavedList(of: MovieItem.self, named: "favorites", by: descriptor)
    }
}

struct MoviesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "movies",
        abstract: "Movies starring an actor, search, details, similar movies, posters and favourites (TMDB).",
        discussion: TMDBKeys.discussion(examples: [
            "toolbox movies list",
            "toolbox movies list --actor \"Tilda Swinton\" --limit 10",
            "toolbox movies search \"fight club\"",
            "toolbox movies similar 550",
            "toolbox movies poster 550 --output poster.jpg",
        ]),
        subcommands: [List.self, Search.self, Actors.self, Show.self, Similar.self, Poster.self, FavoritesCommand.self]
    )
}

/// Shows a list of movies the way every movie list looks; with `images`, a small poster per row.
func present(_ movies: [MovieItem], empty: String, images: Bool = false, in context: CommandContext) async throws {
    let catalog = try context.resolve(MovieCatalog.self)
    try await context.resolve(TerminalPictures.self).list(movies, columns: MovieItem.columns, plain: \.spoken, empty: empty, wanted: images) {
        try await catalog.picture(at: $0.posterURL, size: TMDBImageSize.thumbnail)
    }
}
