import ArgumentParser
import PluginAPI
import TMDB

/// `toolbox movies`: the MMDB app on the command line.
public enum MoviesPlugin: ToolboxPlugin {
    static let defaultPerson = ConfigKey(
        "movies.default_person", type: .integer, default: "71580",
        summary: "The TMDB person whose movies `movies list` shows (71580: Benedict Cumberbatch).")

    public static let descriptor = PluginDescriptor(
        identifier: "movies", name: "Movies",
        summary: "Movies starring an actor, search, details, similar movies, posters and favourites (TMDB).",
        configurationKeys: TMDBKeys.all + [defaultPerson])

    public static var command: any ParsableCommand.Type { MoviesCommand.self }

    public static func register(into container: inout Container) {
        container.register(MovieCatalog.self) { container in
            MovieCatalog(client: try TMDBClient.live(from: container, namespace: descriptor.identifier))
        }
        container.register(Favorites.self) { container in
            Favorites(dataFolder: try container.resolve(ToolboxPaths.self).data)
        }
    }
}

struct MoviesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "movies",
        abstract: MoviesPlugin.descriptor.summary,
        discussion: """
            \(TMDBKeys.keyNeeded)

            Examples:
              toolbox movies list
              toolbox movies list --actor "Tilda Swinton" --limit 10
              toolbox movies search "fight club"
              toolbox movies similar 550
              toolbox movies poster 550 --output poster.jpg

            \(TMDBKeys.attribution)
            """,
        subcommands: [List.self, Search.self, Actors.self, Show.self, Similar.self, Poster.self, FavoritesCommand.self])
}

/// `--page N` and `--limit N`, shared by the list commands.
struct PageOptions: ParsableArguments {
    @Option(help: "The page to show, from 1 (20 movies a page).")
    var page: Int?

    @Option(help: "Show at most this many movies, fetching more pages as needed.")
    var limit: Int?

    func validate() throws {
        if let page, !(1...MoviePages.lastPage).contains(page) { throw ValidationError("--page must be between 1 and \(MoviePages.lastPage)") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }
}

/// Shows a list of movies the way every movie list looks.
func present(_ movies: [MovieItem], empty: String, in context: CommandContext) throws {
    try context.output.list(movies, columns: MovieItem.columns, plain: \.spoken, empty: empty)
}
