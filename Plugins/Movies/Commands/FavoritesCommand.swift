import ArgumentParser
import PluginAPI
import TMDB

/// The user's favourite movies, kept in `$XDG_DATA_HOME/toolbox/movies/favorites.json`.
typealias Favorites = SavedList<MovieItem>

extension MoviesCommand {
    /// `toolbox movies favorites list | add ID | remove ID`
    struct FavoritesCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "favorites",
            abstract: "Your favourite movies, kept on this computer.",
            discussion: """
                Listing asks TMDB about each favourite (cached for hours): one TMDB no longer has is \
                removed, with a notice naming it; any other failure keeps it.

                Examples:
                  toolbox movies favorites add 550
                  toolbox movies favorites add "the grand budapest hotel"
                  toolbox movies favorites list
                """,
            subcommands: [SavedTitlesShow<MovieItem>.self, Add.self, Remove.self],
            aliases: ["favourites"]
        )

        struct Add: TMDBCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a movie (checked against TMDB first).")
            @OptionGroup var movie: MovieArgument
            @OptionGroup var tmdb: TMDBOptions

            func run(in context: CommandContext) async throws {
                guard let (catalog, id) = try await movie.resolve(in: context) else { return }
                try await context.resolve(Favorites.self).runAdd(in: context) { try await catalog.item(id) }
            }
        }

        struct Remove: ToolboxCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a movie from your favourites.")
            @Argument(help: "The TMDB movie id.") var id: Int
            @OptionGroup var global: GlobalOptions

            func run(in context: CommandContext) async throws {
                try context.resolve(Favorites.self).runRemove(id, described: "movie \(id)", in: context)
            }
        }
    }
}
