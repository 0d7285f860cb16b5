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
        @OptionGroup var paging: PageOptions
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(TrailerCatalog.self)
            let items = try await catalog.trending(type, window: window.rawValue, paging: paging)
            try await present(items, empty: "Nothing is trending right now.", in: context)
        }
    }
}
