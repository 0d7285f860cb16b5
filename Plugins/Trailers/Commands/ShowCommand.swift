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
        @OptionGroup var locale: LanguageOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(TrailerCatalog.self)
            guard let (id, type) = try await title.resolve(catalog, in: context) else { return }
            let details: TitleDetails
            do {
                details = try await catalog.details(id, type: type)
            } catch let error as ToolboxError where Self.fallsBack(error) {
                // The Trailers app shows partial info from the grid's summary when details fail.
                guard let summary = catalog.seen.summary(of: id, type: type) else { throw error }
                context.output.notice("TMDB could not give the details (\(error.message)); showing what a list said of it.")
                return try await context.resolve(TerminalPictures.self).detail(
                    summary,
                    fields: TitleItem.summaryFields(summary),
                    plain: summary.spoken,
                    width: picture.imageWidth
                ) { try await catalog.picture(at: summary.posterURL) }
            }
            try await context.resolve(TerminalPictures.self).detail(
                details.json,
                fields: details.fields,
                plain: details.spoken,
                width: picture.imageWidth
            ) { try await catalog.picture(at: details.item.posterURL) }
        }

        /// A failure of TMDB's, not of the question: a 404, a rejected key or a bad id stay errors.
        static func fallsBack(_ error: ToolboxError) -> Bool {
            [.unavailable, .badData, .rateLimited, .failure].contains(error.kind)
        }
    }
}
