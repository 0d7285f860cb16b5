import ArgumentParser
import Foundation
import PluginAPI
import TMDB

/// `toolbox trailers`: the Trailers app on the command line.
public enum TrailersPlugin: ToolboxPlugin {
    static let region = ConfigKey("trailers.region", default: "US", summary: "The country whose releases discover lists (ISO 3166-1).")
    static let language = ConfigKey("trailers.language", default: "en-US", summary: "The language of titles and overviews.")

    public static let descriptor = PluginDescriptor(
        identifier: "trailers", name: "Trailers",
        summary: "Trending and discover for movies and TV, genres, details with ranked trailers, watchlist (TMDB).",
        configurationKeys: TMDBKeys.all + [region, language])

    public static var command: any ParsableCommand.Type { TrailersCommand.self }

    public static func register(into container: inout Container) {
        container.register(TrailerCatalog.self) { container in
            let configuration = try container.resolve(ToolboxConfiguration.self)
            let paths = try container.resolve(ToolboxPaths.self)
            return TrailerCatalog(
                client: try TMDBClient.live(from: container, namespace: descriptor.identifier),
                language: try configuration.required(language.name), region: try configuration.required(region.name),
                genreNamesFile: GenreNames.file(cacheFolder: paths.cache))
        }
        container.register(Watchlist.self) { container in
            Watchlist(dataFolder: try container.resolve(ToolboxPaths.self).data)
        }
    }
}

struct TrailersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trailers",
        abstract: TrailersPlugin.descriptor.summary,
        discussion: """
            \(TMDBKeys.keyNeeded)

            Examples:
              toolbox trailers browse
              toolbox trailers browse --type all --sort newest --genre "science fiction" --limit 40
              toolbox trailers show 550
              toolbox trailers play 1399 --type tv

            \(TMDBKeys.attribution)
            """,
        subcommands: [Browse.self, Trending.self, Genres.self, Show.self, Play.self, WatchlistCommand.self])
}

/// `--page N` or `--limit N`.
struct TitlePaging: ParsableArguments {
    @Option(help: "The page to show, from 1 (20 titles a page).")
    var page: Int?

    @Option(help: "Exactly this many titles, fetching no more pages than needed.")
    var limit: Int?

    func validate() throws {
        if page != nil && limit != nil { throw ValidationError("use --page or --limit, not both") }
        if let page, !(1...MergedListing.lastPage).contains(page) { throw ValidationError("--page must be between 1 and \(MergedListing.lastPage)") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    static let pageSize = 20

    /// The items of one stream of pages: page N, or the first `limit` items.
    func items(_ fetch: (Int) async throws -> TrailerCatalog.Page) async throws -> [TitleItem] {
        guard let limit else { return try await fetch(page ?? 1).items }
        var items: [TitleItem] = []
        var seen = Set<String>()
        var next = 1
        while items.count < limit {
            let answer = try await fetch(next)
            items += answer.items.filter { seen.insert("\($0.type.rawValue)/\($0.id)").inserted }
            if answer.items.isEmpty || next >= min(answer.totalPages, MergedListing.lastPage) { break }
            next += 1
        }
        return Array(items.prefix(limit))
    }

    /// The slice of a merged order this paging asks for.
    var window: (offset: Int, count: Int) {
        limit.map { (0, $0) } ?? (((page ?? 1) - 1) * Self.pageSize, Self.pageSize)
    }
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

func present(_ items: [TitleItem], empty: String, in context: CommandContext) throws {
    try context.output.list(items, columns: TitleItem.columns, plain: \.spoken, empty: empty)
}
