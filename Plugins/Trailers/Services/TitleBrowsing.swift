import PluginAPI
import TMDB

/// The lists of `browse` and `trending`: which endpoint a filter uses, how one
/// stream of pages is cut, and how movies and TV merge into one order.
extension TrailerCatalog {
    /// `trending` as the paging options ask for it.
    func trending(_ type: ContentType, window: String, paging: PageOptions) async throws -> [TitleItem] {
        try await TMDBPaging.collect(from: paging.start, limit: paging.limit, key: \.listKey) {
            try await trending(type, window: window, page: $0)
        }.results
    }

    /// Trending when the filter allows it, else discover; with both types, one merged order.
    func browse(_ filter: TrailerFilter, paging: PageOptions) async throws -> [TitleItem] {
        if filter.usesTrendingEndpoint {
            return try await trending(filter.contentType, window: "week", paging: paging)
        }
        let genre = try await selection(filter.genre)
        let types = try Self.types(filter.contentType, genre: genre)
        let window = DateWindow(filter.dates)
        if types.count == 1, let type = types.first {
            return try await TMDBPaging.collect(from: paging.start, limit: paging.limit, key: \.listKey) {
                try await discover(type, filter: filter, genre: genre, window: window, page: $0)
            }.results
        }
        let merged = MergedListing(order: MergeOrder(sort: filter.sort), types: types) { type, page in
            try await discover(type, filter: filter, genre: genre, window: window, page: page)
        }
        return try await merged.items(offset: paging.window.offset, count: paging.window.count)
    }

    private func selection(_ name: String?) async throws -> GenreCatalog.Selection? {
        guard let name else { return nil }
        return try await genres().select(name)
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
