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
            subcommands: [SavedTitlesShow<TitleItem>.self, Add.self, Remove.self, Export.self, Import.self]
        )

        struct Add: TMDBCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a title (checked against TMDB first).")
            @OptionGroup var title: SingleTitle
            @OptionGroup var tmdb: TMDBOptions

            func run(in context: CommandContext) async throws {
                guard let (catalog, id, type) = try await title.resolve(in: context) else { return }
                try await context.resolve(Watchlist.self).runAdd(in: context) { try await catalog.details(id, type: type).item }
            }
        }

        struct Remove: ToolboxCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a title from your watchlist.")
            // An id, not a lookup: a title TMDB removed can still be taken off.
            @Argument(help: "The TMDB id.") var id: Int
            @Option(help: "movie or tv.") var type: MediaType = .movie
            @OptionGroup var global: GlobalOptions

            func run(in context: CommandContext) async throws {
                let key = TitleItem.listKey(id: id, type: type)
                try context.resolve(Watchlist.self).runRemove(key, described: "\(type.label) \(id)", in: context)
            }
        }
    }
}
