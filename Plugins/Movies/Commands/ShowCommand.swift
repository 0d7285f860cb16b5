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
        @OptionGroup var locale: LanguageOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(MovieCatalog.self)
            guard let id = try await movie.id(catalog, in: context) else { return }
            let details = try await catalog.details(id)
            try await context.resolve(TerminalPictures.self).detail(
                details.json,
                fields: details.fields,
                plain: details.spoken,
                width: picture.imageWidth
            ) { try await catalog.picture(at: details.item.posterURL) }
        }
    }
}
