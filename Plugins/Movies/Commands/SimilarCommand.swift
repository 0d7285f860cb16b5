import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies similar MOVIE`
    struct Similar: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "similar",
            abstract: "Movies similar to one movie (by genres and keywords), filtered as you ask.",
            discussion: """
                The filters are applied to TMDB's answers, page by page, until --limit is reached.

                Examples:
                  toolbox movies similar 550
                  toolbox movies similar 550 --limit 5 --json
                  toolbox movies similar "arrival" --genre drama --min-rating 7 --sort date
                """
        )

        @OptionGroup var related: RelatedMovies
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            try await related.run(.similar, in: context)
        }
    }
}
