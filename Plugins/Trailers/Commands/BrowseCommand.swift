import ArgumentParser
import Foundation
import PluginAPI

extension TrailersCommand {
    /// `toolbox trailers browse`: trending or discover, filtered and sorted, movies and TV merged.
    struct Browse: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "browse",
            abstract: "Browse movies and TV: trending, or discover with filters and sorts.",
            discussion: """
                Defaults: --type all --sort trending --dates all-time. Trending cannot be combined \
                with a filter (it becomes popularity), and upcoming titles sort by newest; a notice \
                says so when that changes what you typed. --certification alone means --type movie.

                Examples:
                  toolbox trailers browse
                  toolbox trailers browse --sort top-rated --genre drama --limit 50
                  toolbox trailers browse --dates upcoming --type movie --certification PG-13
                """)

        @Option(help: "all, movie or tv.") var type: ContentType?
        @Option(help: "trending, popularity, newest, oldest, top-rated or lowest-rated.") var sort: Sort?
        @Option(help: "A genre name (see `toolbox trailers genres`).", completion: GenreNames.completion) var genre: String?
        @Option(help: "upcoming, this-month, last-30-days, last-90-days, this-year or all-time.") var dates: DateRange?
        @Option(help: "A US rating for movies: G, PG, PG-13, R or NC-17.") var certification: Certification?
        @OptionGroup var paging: TitlePaging
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if certification != nil, let type, type != .movie {
                throw ValidationError("--certification applies to movies only; it cannot be combined with --type \(type.rawValue)")
            }
        }

        /// The filter the flags describe, with the notices for what the rules changed.
        func filter() -> (TrailerFilter, [String]) {
            var filter = TrailerFilter()
            var notices: [TrailerFilter.Override] = []
            if let type = type ?? (certification != nil ? .movie : nil) { notices += filter.setContentType(type) }
            if let sort { notices += filter.setSort(sort) }
            if let genre { notices += filter.setGenre(genre) }
            if let dates { notices += filter.setDates(dates) }
            if let certification { notices += filter.setCertification(certification) }
            var said: [String] = []
            for override in notices where !said.contains(override.notice) { said.append(override.notice) }
            return (filter, said)
        }

        func run(in context: CommandContext) async throws {
            let (filter, notices) = filter()
            notices.forEach(context.output.notice)
            let catalog = try context.resolve(TrailerCatalog.self)
            let items = try await Self.items(filter, paging: paging, catalog: catalog)
            try present(items, empty: "No titles found for these filters.", in: context)
        }

        static func items(_ filter: TrailerFilter, paging: TitlePaging, catalog: TrailerCatalog) async throws -> [TitleItem] {
            if filter.usesTrendingEndpoint {
                return try await paging.items { try await catalog.trending(filter.contentType, window: "week", page: $0) }
            }
            let genre = try await Self.selection(filter.genre, catalog: catalog)
            let types = try Self.types(filter.contentType, genre: genre)
            let window = DateWindow(filter.dates)
            if types.count == 1, let type = types.first {
                return try await paging.items { try await catalog.discover(type, filter: filter, genre: genre, window: window, page: $0) }
            }
            let merged = MergedListing(order: MergeOrder(sort: filter.sort), types: types) { type, page in
                try await catalog.discover(type, filter: filter, genre: genre, window: window, page: page)
            }
            return try await merged.items(offset: paging.window.offset, count: paging.window.count)
        }

        static func selection(_ name: String?, catalog: TrailerCatalog) async throws -> GenreCatalog.Selection? {
            guard let name else { return nil }
            return try await catalog.genres().select(name)
        }

        /// The types to query: a genre that exists for only one type queries only that type.
        static func types(_ contentType: ContentType, genre: GenreCatalog.Selection?) throws -> [MediaType] {
            guard let genre else { return contentType.mediaTypes }
            let types = contentType.mediaTypes.filter { genre.id(for: $0) != nil }
            guard !types.isEmpty else {
                let kind = contentType == .tv ? "TV" : "movie"
                throw ToolboxError.usage("“\(genre.name)” is not a \(kind) genre", hint: "see the genres with `toolbox trailers genres --type \(contentType.rawValue)`")
            }
            return types
        }
    }
}
