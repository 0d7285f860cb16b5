import ArgumentParser
import PluginAPI
import TMDB

extension TrailersCommand {
    /// `toolbox trailers play TITLE`
    struct Play: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "play",
            abstract: "Open the best trailer (or --pick N) in the browser.",
            discussion: """
                Opens with $BROWSER, xdg-open or open; prints the link with --print or when \
                nothing can open it.

                Examples:
                  toolbox trailers play 550
                  toolbox trailers play 1399 --type tv --pick 2 --print
                """
        )

        @OptionGroup var title: SingleTitle
        @OptionGroup var choice: TrailerChoice
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            guard let (catalog, id, type) = try await title.resolve(in: context) else { return }
            let details = try await catalog.details(id, type: type)
            try TrailerRanking.play(details.trailers, of: details.item.title, choice: choice, in: context)
        }
    }
}
