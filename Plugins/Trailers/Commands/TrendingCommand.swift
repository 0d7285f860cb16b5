import ArgumentParser
import PluginAPI
import TMDB

extension TrailersCommand {
    /// `toolbox trailers trending`
    struct Trending: TMDBCommand {
        enum Window: String, ExpressibleByArgument, CaseIterable { case day, week }

        static let configuration = CommandConfiguration(
            commandName: "trending",
            abstract: "What is trending today or this week.",
            discussion: "Examples:\n  toolbox trailers trending\n  toolbox trailers trending --type tv --window day"
        )

        @Option(help: "all, movie or tv.") var type: ContentType = .all
        @Option(help: "day or week.") var window: Window = .week
        @OptionGroup var services: ServicesOption
        @OptionGroup var paging: PageOptions
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(TrailerCatalog.self)
            let viewer = try await catalog.viewer(services, in: context)
            let items = try await catalog.trending(type, window: window.rawValue, paging: paging, viewer: viewer)
            try await TitleItem.present(items, empty: "Nothing is trending right now.", viewer: viewer, in: context)
        }
    }
}
