import ArgumentParser
import PluginAPI
import TMDB

/// Titles to watch, kept in `$XDG_DATA_HOME/toolbox/trailers/watchlist.json`.
typealias Watchlist = SavedList<TitleItem>

extension TrailersCommand {
    /// `toolbox trailers watchlist list | add ID | remove ID`
    struct WatchlistCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watchlist",
            abstract: "Titles you want to watch, kept on this computer.",
            discussion: """
                Listing asks TMDB about each title (cached for 30 minutes): one TMDB no longer has is \
                removed, with a notice naming it; any other failure keeps it.

                Examples:
                  toolbox trailers watchlist add 1399 --type tv
                  toolbox trailers watchlist add https://www.themoviedb.org/movie/550-fight-club
                  toolbox trailers watchlist list --on-my-services
                  toolbox trailers watchlist export --output watchlist.csv
                  toolbox trailers watchlist import letterboxd/watchlist.csv --yes
                """,
            subcommands: [SavedTitlesListCommand<TitleItem>.self, Add.self, Remove.self, Export.self, Import.self]
        )
    }
}
