import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies hide TITLE [--type tv] | --genre NAME`
    struct Hide: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "hide",
            abstract: "Never show a title or a genre again in the lists of Movies and Trailers.",
            discussion: """
                A hidden title or genre leaves every list both plugins show (list, similar, \
                recommended, favourites; browse, trending, watchlist), with a notice counting what \
                was left out. A title asked for by name or id (show, search, play) still shows, and \
                the diary, a record of what you watched, keeps everything. See them with \
                `toolbox movies hidden`; undo with `toolbox movies unhide`.

                Examples:
                  toolbox movies hide 550
                  toolbox movies hide https://www.themoviedb.org/tv/1399
                  toolbox movies hide --genre horror
                """
        )

        @Argument(help: ArgumentHelp("A TMDB id, a themoviedb.org or IMDb link or id, or words from the title.", valueName: "title"))
        var title: String?

        @Option(help: "movie or tv (default: movie, or what a link names).")
        var type: MediaType?

        @Option(help: "A genre name, of movies or TV.", completion: CompletionNames.completion("genre", namespace: "movies"))
        var genre: String?

        @OptionGroup var tmdb: TMDBOptions

        func validate() throws {
            if (title == nil) == (genre == nil) { throw ValidationError("give a title or --genre NAME, one of them") }
            if genre != nil && type != nil { throw ValidationError("--type goes with a title, not with --genre") }
        }

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(MovieCatalog.self).client
            let hidden = HiddenTitles(dataFolder: context.paths.data)
            if let genre {
                let selection = try await client.genres().select(genre)
                let added = try hidden.hide(selection)
                return context.output.notice(added ? "Hid the genre \(selection.name)." : "The genre \(selection.name) is already hidden.")
            }
            guard let title, let found = try await client.listed(TitleReference(parsing: title), type: type, in: context) else { return }
            let added = try hidden.hide(found)
            context.output.notice(added ? "Hid \(found.name)." : "\(found.name) is already hidden.")
        }
    }
}
