import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies show MOVIE`
    struct Show: TMDBRegionalCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "One movie in full: poster, rating, overview, its best trailer, where to watch it, and its links.",
            discussion: """
                MOVIE is a TMDB id, a themoviedb.org link, an IMDb id or link, or words from the title \
                (one match is shown, several are listed). Where to watch is for --region, else \
                tmdb.region, else trailers.region; streaming data by JustWatch.

                Examples:
                  toolbox movies show 550
                  toolbox movies show https://www.themoviedb.org/movie/550-fight-club
                  toolbox movies show tt0137523 --region GB
                  toolbox movies show "fight club" --language fr-FR
                """
        )

        @OptionGroup var movie: MovieArgument
        @OptionGroup var region: RegionOption
        @OptionGroup var picture: PictureOptions
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            guard let (catalog, id) = try await movie.resolve(in: context) else { return }
            let details = try await catalog.details(id)
            try await catalog.client.present(details, width: picture.imageWidth, in: context)
        }
    }
}
