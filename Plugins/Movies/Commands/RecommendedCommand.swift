import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies recommended MOVIE`
    struct Recommended: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "recommended",
            abstract: "Movies TMDB recommends to people who liked one movie, filtered as you ask.",
            discussion: """
                Beside `similar` (alike in genres and keywords), these come from what TMDB's users \
                watched and rated together. Same paging and filters as `similar`.

                Examples:
                  toolbox movies recommended 550
                  toolbox movies recommended tt0137523 --years 2000..2009 --limit 10
                """
        )

        @OptionGroup var related: RelatedMovies
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            try await related.run(.recommendations, in: context)
        }
    }
}
