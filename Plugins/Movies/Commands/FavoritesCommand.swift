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
            subcommands: [SavedTitlesListCommand<MovieItem>.self, Add.self, Remove.self],
            aliases: ["favourites"]
        )
    }
}
