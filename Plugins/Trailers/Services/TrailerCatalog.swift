import Foundation
import PluginAPI
import TMDB

/// The Trailers app's TMDB calls, each with its cache lifetime.
struct TrailerCatalog: Sendable {
    enum Lifetime {
        static let genres = CachePolicy(kind: "genres", timeToLive: 7 * 24 * 3600)
        static let providers = CachePolicy(kind: "providers", timeToLive: 7 * 24 * 3600)
        static let lists = CachePolicy(kind: "lists", timeToLive: 5 * 60)
        static let details = CachePolicy(kind: "details", timeToLive: 30 * 60)
    }

    let client: TMDBClient
    /// Where genre and provider names are kept for shell completion.
    let genreNamesFile: String
    let providerNamesFile: String
    /// What the lists showed, for `show` when details fail.
    let seen: SeenTitles

    var region: String { client.locale.region }

    /// Both genre lists (fetched concurrently); their names are kept for completion.
    func genres() async throws -> GenreCatalog {
        async let movie: TMDBGenreList = client.get("genre/movie/list", cache: Lifetime.genres)
        async let tv: TMDBGenreList = client.get("genre/tv/list", cache: Lifetime.genres)
        let catalog = GenreCatalog(movie: try await movie.genres, tv: try await tv.genres)
        CompletionNames.keep(catalog.names, in: genreNamesFile)
        return catalog
    }

    /// `GET /watch/providers/{movie|tv}?watch_region=XX`, both at once: every provider of the
    /// region once, by TMDB's display order; their names are kept for completion.
    func providers() async throws -> [WatchProvider] {
        async let movie: TMDBProviderList = client.get("watch/providers/movie", query: ["watch_region": region], cache: Lifetime.providers)
        async let tv: TMDBProviderList = client.get("watch/providers/tv", query: ["watch_region": region], cache: Lifetime.providers)
        let providers = WatchProvider.merge(movie: try await movie.results, tv: try await tv.results)
        CompletionNames.keep(providers.map(\.name), in: providerNamesFile)
        return providers
    }

    /// An image of an item (its `posterURL`), at `size` or the URL's own, through the image cache.
    func picture(at url: String?, size: String? = nil) async throws -> Data? {
        try await client.picture(at: url, size: size)
    }

    /// `GET /trending/{all|movie|tv}/{week|day}`; people are skipped.
    func trending(_ type: ContentType, window: String, page: Int) async throws -> TMDBPage<TitleItem> {
        let answer: TMDBPage<TMDBTitle> = try await client.get(
            "trending/\(type.rawValue)/\(window)",
            query: ["page": "\(page)"],
            cache: Lifetime.lists
        )
        let fallback: MediaType? = type == .all ? nil : MediaType(rawValue: type.rawValue)
        return answer.map { TitleItem($0, type: fallback, imageURL: client.imageURL) }
    }

    /// `GET /discover/{movie|tv}` with the filter's parameters.
    func discover(_ type: MediaType, filter: TrailerFilter, choices: BrowseChoices, page: Int) async throws -> TMDBPage<TitleItem> {
        let answer: TMDBPage<TMDBTitle> = try await client.get(
            "discover/\(type.rawValue)",
            query: Self.discoverQuery(type, filter: filter, choices: choices, page: page, region: region),
            cache: Lifetime.lists
        )
        return answer.map { TitleItem($0, type: type, imageURL: client.imageURL) }
    }

    static func discoverQuery(_ type: MediaType, filter: TrailerFilter, choices: BrowseChoices, page: Int, region: String) -> [String: String] {
        var query = ["include_adult": "false", "page": "\(page)"]
        query["sort_by"] = filter.sort.sortBy(for: type)
        query["vote_count.gte"] = filter.sort.minimumVotes.map(String.init)
        query["with_genres"] = choices.genre?.id(for: type).map(String.init)
        let dateField = type == .movie ? "primary_release_date" : "first_air_date"
        query["\(dateField).gte"] = choices.window.from
        query["\(dateField).lte"] = choices.window.to
        if type == .movie {
            query["region"] = region
            if let certification = filter.certification {
                query["certification_country"] = "US"
                query["certification"] = certification.rawValue
            }
        }
        // Any of the providers, in any of the kinds: TMDB reads "|" as "or".
        if !choices.providerIDs.isEmpty { query["with_watch_providers"] = choices.providerIDs.map(String.init).joined(separator: "|") }
        if !filter.kinds.isEmpty { query["with_watch_monetization_types"] = filter.kinds.map(\.monetization).joined(separator: "|") }
        if !choices.providerIDs.isEmpty || !filter.kinds.isEmpty { query["watch_region"] = region }
        return query
    }

    /// One request with videos, ratings, watch providers (and a show's external ids) appended.
    func details(_ id: Int, type: MediaType) async throws -> TitleDetails {
        let appended = type == .movie ? "release_dates,videos,watch/providers" : "content_ratings,videos,watch/providers,external_ids"
        let details: TMDBTitleDetails = try await client.get(
            "\(type.rawValue)/\(id)",
            query: ["append_to_response": appended],
            cache: Lifetime.details,
            notFound: .notFound(
                "TMDB has no \(type.noun) with id \(id)",
                hint: type == .movie ? "for a TV show, add --type tv" : "check the id"
            )
        )
        var title = TitleDetails(details, type: type, region: region, imageURL: client.imageURL)
        if title.more.overview == nil { title.more.overview = await client.englishOverview(of: "\(type.rawValue)/\(id)", cache: Lifetime.details) }
        return title
    }

    /// Why a watchlist entry should leave the list: TMDB answers 404 for it.
    func gone(_ item: TitleItem) async -> String? {
        await TMDBClient.gone { _ = try await details(item.id, type: item.type) }
    }
}

/// A provider of a region's list (`trailers providers`), for movies, TV or both.
struct WatchProvider: Encodable, Sendable, Equatable {
    var id: Int
    var name: String
    var movies: Bool
    var tv: Bool

    /// Both lists as one, each provider once, in TMDB's display order.
    static func merge(movie: [TMDBProvider], tv: [TMDBProvider]) -> [WatchProvider] {
        var order: [Int] = []
        var found: [Int: (provider: TMDBProvider, movies: Bool, tv: Bool)] = [:]
        for (list, isMovie) in [(movie, true), (tv, false)] {
            for provider in list {
                if found[provider.providerID] == nil { order.append(provider.providerID) }
                var entry = found[provider.providerID] ?? (provider, false, false)
                if isMovie { entry.movies = true } else { entry.tv = true }
                found[provider.providerID] = entry
            }
        }
        return order.compactMap { found[$0] }
            .sorted { ($0.provider.displayPriority ?? .max, $0.provider.providerID) < ($1.provider.displayPriority ?? .max, $1.provider.providerID) }
            .map { WatchProvider(id: $0.provider.providerID, name: $0.provider.providerName, movies: $0.movies, tv: $0.tv) }
    }

    /// The providers named (any case); an unknown name is a usage error with the closest one.
    static func select(_ names: [String], from providers: [WatchProvider], region: String) throws -> [Int] {
        try names.map { name in
            let wanted = name.trimmed.lowercased()
            if let match = providers.first(where: { $0.name.lowercased() == wanted }) { return match.id }
            let hint = Suggestion.closest(to: name, among: providers.map(\.name)).map { "did you mean “\($0)”? " } ?? ""
            throw ToolboxError.usage(
                "no watch provider “\(name)” in \(region)",
                hint: "\(hint)see them with `toolbox trailers providers --region \(region)`"
            )
        }
    }
}
