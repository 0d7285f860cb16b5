import ArgumentParser
import PluginAPI
import TMDB

extension TrailersCommand {
    /// `toolbox trailers show TITLE`
    struct Show: TMDBRegionalCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "One title in full: poster, certification, runtime, ranked trailers, where to watch it, links.",
            discussion: """
                TITLE is a TMDB id, a themoviedb.org link (/movie/550, /tv/1399), an IMDb id or link, \
                or words from the title. When TMDB cannot give the details but a list showed the \
                title lately, its summary from that list is shown, with a notice. Where to watch is \
                for --region, else tmdb.region, else trailers.region; streaming data by JustWatch.

                Examples:
                  toolbox trailers show 550
                  toolbox trailers show https://www.themoviedb.org/tv/1399 --json
                  toolbox trailers show tt0944947 --region IE
                """
        )

        @OptionGroup var title: SingleTitle
        @OptionGroup var region: RegionOption
        @OptionGroup var picture: PictureOptions
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            guard let (catalog, id, type) = try await title.resolve(in: context) else { return }
            let details: TitleDetails
            do {
                details = try await catalog.details(id, type: type)
            } catch let error as ToolboxError where Self.fallsBack(error) {
                // The Trailers app shows partial info from the grid's summary when details fail.
                guard let summary = catalog.seen.summary(of: id, type: type) else { throw error }
                context.output.notice("TMDB could not give the details (\(error.message)); showing what a list said of it.")
                return try await catalog.client.present(summary, width: picture.imageWidth, in: context)
            }
            try await catalog.client.present(details, width: picture.imageWidth, in: context)
        }

        /// A failure of TMDB's, not of the question: a 404, a rejected key or a bad id stay errors.
        static func fallsBack(_ error: ToolboxError) -> Bool {
            [.unavailable, .badData, .rateLimited, .failure].contains(error.kind)
        }
    }
}
