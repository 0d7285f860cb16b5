import PluginAPI
import TMDB

/// What a filter's names became for discover: the genre's ids per type, the dates, the providers' ids.
struct BrowseChoices: Sendable {
    var genre: GenreCatalog.Selection?
    var window: DateWindow
    var providerIDs: [Int] = []
}

/// The lists of `browse` and `trending`: which endpoint a filter uses, how one
/// stream of pages is cut, and how movies and TV merge into one order.
extension TrailerCatalog {
    /// `trending` as the paging options ask for it, shaped by the viewer page by page (the
    /// trending endpoint filters nothing).
    func trending(_ type: ContentType, window: String, paging: PageOptions, viewer: ViewerPreferences) async throws -> [TitleItem] {
        remembered(
            try await TMDBPaging.collect(from: paging.start, limit: paging.limit, key: \.listKey) {
                await viewer.shape(try await trending(type, window: window, page: $0))
            }.results
        )
    }

    /// Trending when the filter allows it, else discover; with both types, one merged order.
    /// `all` reads every page (each type's concurrently) and merges them whole.
    func browse(
        _ filter: TrailerFilter,
        viewer: ViewerPreferences,
        paging: PageOptions,
        all: Bool = false,
        progress: @escaping @Sendable (Int) -> ProgressIndicator
    ) async throws -> [TitleItem] {
        if filter.usesTrendingEndpoint {
            guard all else { return try await trending(filter.contentType, window: "week", paging: paging, viewer: viewer) }
            let type = filter.contentType
            return remembered(
                try await TMDBPaging.all(key: \.listKey, progress: progress) {
                    await viewer.shape(try await trending(type, window: "week", page: $0))
                }.results
            )
        }
        let choices = try await choices(filter)
        let types = try Self.types(filter.contentType, genre: choices.genre)
        let fetch: MergedListing.Fetch = { type, page in
            await viewer.shape(try await discover(type, filter: filter, choices: choices, viewer: viewer.discoverQuery, page: page))
        }
        if all {
            let lists = try await types.concurrentMap { type in
                try await TMDBPaging.all(key: \.listKey, progress: progress) { try await fetch(type, $0) }.results
            }
            let whole = Dictionary(uniqueKeysWithValues: zip(types, lists))
            let merged = MergedListing(order: MergeOrder(sort: filter.sort), types: types) { type, _ in
                let items = whole[type] ?? []
                return TMDBPage(page: 1, results: items, totalPages: 1, totalResults: items.count)
            }
            return remembered(try await merged.items(count: whole.values.map(\.count).reduce(0, +)))
        }
        if types.count == 1, let type = types.first {
            return remembered(
                try await TMDBPaging.collect(from: paging.start, limit: paging.limit, key: \.listKey) { try await fetch(type, $0) }.results
            )
        }
        let merged = MergedListing(order: MergeOrder(sort: filter.sort), types: types, fetch: fetch)
        return remembered(try await merged.items(offset: paging.window.offset, count: paging.window.count))
    }

    /// The titles a list showed, kept for `show`'s fallback.
    /// (Where a title was on the services is of the moment: it is not kept.)
    private func remembered(_ items: [TitleItem]) -> [TitleItem] {
        seen.remember(
            items.map { item in
                var kept = item
                kept.onMyServices = nil
                return kept
            }
        )
        return items
    }

    /// The filter's names looked up: the genre in both genre lists, the providers in the region's list.
    private func choices(_ filter: TrailerFilter) async throws -> BrowseChoices {
        var choices = BrowseChoices(window: DateWindow(filter.dates))
        if let name = filter.genre { choices.genre = try await genres().select(name) }
        if !filter.providers.isEmpty {
            choices.providerIDs = try WatchProvider.select(filter.providers, from: try await client.regionProviders(), region: region)
        }
        return choices
    }

    /// The types to query: a genre that exists for only one type queries only that type.
    static func types(_ contentType: ContentType, genre: GenreCatalog.Selection?) throws -> [MediaType] {
        guard let genre else { return contentType.mediaTypes }
        let types = contentType.mediaTypes.filter { genre.id(for: $0) != nil }
        guard !types.isEmpty else {
            let kind = contentType == .tv ? "TV" : "movie"
            throw ToolboxError.usage(
                "“\(genre.name)” is not a \(kind) genre",
                hint: "see the genres with `toolbox trailers genres --type \(contentType.rawValue)`"
            )
        }
        return types
    }
}
