import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies trailer MOVIE`
    struct PlayTrailer: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "trailer",
            abstract: "Play a movie's best trailer (or --pick N), ranked as `trailers play` ranks them.",
            discussion: """
                Opens with $BROWSER, xdg-open or open; prints the link with --print or when nothing \
                can open it. No trailer: exit 66.

                Examples:
                  toolbox movies trailer 550
                  toolbox movies trailer "dune part two" --print
                """
        )

        @OptionGroup var movie: MovieArgument
        @OptionGroup var choice: TrailerChoice
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            guard let (catalog, id) = try await movie.resolve(in: context) else { return }
            let details = try await catalog.details(id)
            try TrailerRanking.play(details.trailers, of: details.item.title, choice: choice, in: context)
        }
    }
}
