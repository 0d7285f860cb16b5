import ArgumentParser
import Foundation
import PluginAPI
import TMDB

/// `toolbox trailers`: the Trailers app on the command line.
public enum TrailersPlugin: ToolboxPlugin {
    enum Keys {
        static let region = ConfigKey("trailers.region", default: "US", summary: "The country whose releases discover lists (ISO 3166-1).")
        static let language = ConfigKey("trailers.language", default: "en-US", summary: "The language of titles and overviews.")

        static let all = TMDBKeys.all + [region, language]
    }

    public static let descriptor = PluginDescriptor(name: "Trailers", command: TrailersCommand.self, configurationKeys: Keys.all)

    public static func register(into container: inout Container) {
        container.register(TrailerCatalog.self) { container in
            let configuration = try container.resolve(ToolboxConfiguration.self)
            let paths = try container.resolve(ToolboxPaths.self)
            return TrailerCatalog(
                client: try TMDBClient.live(from: container, namespace: descriptor.identifier),
                language: try configuration.required(Keys.language),
                region: try configuration.required(Keys.region),
                genreNamesFile: GenreNames.file(cacheFolder: paths.cache)
            )
        }
        container.registerSavedList(of: TitleItem.self, named: "watchlist", by: descriptor)
    }
}

struct TrailersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trailers",
        abstract: "Trending and discover for movies and TV, genres, details with ranked trailers, watchlist (TMDB).",
        discussion: TMDBKeys.discussion(examples: [
            "toolbox trailers browse",
            "toolbox trailers browse --type all --sort newest --genre \"science fiction\" --limit 40",
            "toolbox trailers show 550",
            "toolbox trailers play 1399 --type tv",
        ]),
        subcommands: [Browse.self, Trending.self, Genres.self, Show.self, Play.self, WatchlistCommand.self]
    )
}

/// `--type movie|tv` for commands about one title.
struct SingleTitle: ParsableArguments {
    @Argument(help: "The TMDB id.")
    var id: Int

    @Option(help: "movie or tv.")
    var type: MediaType = .movie
}

/// Genre names for shell completion, from the last genre lists fetched.
enum GenreNames {
    static func file(cacheFolder: String) -> String { "\(cacheFolder)/trailers/genre-names.txt" }

    static let completion: CompletionKind = .custom { _, _, _ in
        let cache = ToolboxPaths(environment: ProcessInfo.processInfo.environment).cache
        guard let text = try? String(contentsOfFile: file(cacheFolder: cache), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }
}

func present(_ items: [TitleItem], empty: String, images: Bool = false, in context: CommandContext) async throws {
    let catalog = try context.resolve(TrailerCatalog.self)
    try await context.resolve(TerminalPictures.self).list(items, columns: TitleItem.columns, plain: \.spoken, empty: empty, wanted: images) {
        try await catalog.picture(at: $0.posterURL, size: TMDBImageSize.thumbnail)
    }
}
