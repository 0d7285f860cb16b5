import Foundation
import PluginAPI
import TMDB

/// What the Trailers app asks TMDB (`TMDBEndpoints`), with its own cache lifetimes (5 minutes for
/// lists, 30 for details), and how it reads the answers.
struct TrailerCatalog: Sendable {
    enum Lifetime {
        static let lists = CachePolicy(kind: "lists", timeToLive: 5 * 60)
        static let details = CachePolicy(kind: "details", timeToLive: 30 * 60)
    }

    let client: TMDBClient
    /// Where genre names are kept for shell completion.
    let genreNamesFile: String
    /// What the lists showed, for `show` when details fail.
    let seen: SeenTitles

    var region: String { client.locale.region }

    /// What the user hid and the services they pay for, as this command's lists apply them.
    func viewer(_ services: ServicesOption, in context: CommandContext) async throws -> ViewerPreferences {
        try await ViewerPreferences.load(client: client, context: context, onlyMine: services.onMyServices)
    }

    /// Both genre lists (fetched concurrently); their names are kept for completion.
    func genres() async throws -> GenreCatalog {
        let catalog = try await client.genres()
        CompletionNames.keep(catalog.names, in: genreNamesFile)
        return catalog
    }

    /// An image of an item (its `posterURL`), at `size` or the URL's own, through the image cache.
    func picture(at url: String?, size: String? = nil) async throws -> Data? {
        try await client.picture(at: url, size: size)
    }

    /// `GET /trending/{all|movie|tv}/{week|day}`; people are skipped.
    func trending(_ type: ContentType, window: String, page: Int) async throws -> TMDBPage<TitleItem> {
        let only: MediaType? = type == .all ? nil : MediaType(rawValue: type.rawValue)
        let answer = try await client.trending(only, window: window, page: page, cache: Lifetime.lists)
        return answer.map { TitleItem($0, type: only, imageURL: client.imageURL) }
    }

    /// `GET /discover/{movie|tv}` with the filter's parameters, and the viewer's where the filter's
    /// say nothing of watching (`--kind` narrows `--on-my-services`).
    func discover(
        _ type: MediaType,
        filter: TrailerFilter,
        choices: BrowseChoices,
        viewer: [String: String] = [:],
        page: Int
    ) async throws
        -> TMDBPage<TitleItem>
    {
        let query = Self.discoverQuery(type, filter: filter, choices: choices, page: page, region: region).merging(viewer) { chosen, _ in chosen }
        let answer: TMDBPage<TMDBTitle> = try await client.discover(type, query: query, cache: Lifetime.lists)
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
        let details = try await tmdbDetails(id, type: type)
        var title = TitleDetails(details, type: type, region: region, imageURL: client.imageURL)
        if title.more.overview == nil { title.more.overview = await client.englishOverview(of: id, type: type, cache: Lifetime.details) }
        return title
    }

    /// `GET /{movie|tv}/<id>` with everything `show` and the calendar read appended, as TMDB sends it.
    func tmdbDetails(_ id: Int, type: MediaType) async throws -> TMDBTitleDetails {
        let appended =
            type == .movie ? ["release_dates", "videos", "watch/providers"] : ["content_ratings", "videos", "watch/providers", "external_ids"]
        return try await client.title(
            id,
            type: type,
            appending: appended,
            cache: Lifetime.details,
            notFound: .notFound(
                "TMDB has no \(type.noun) with id \(id)",
                hint: type == .movie ? "for a TV show, add --type tv" : "check the id"
            )
        )
    }

    /// Why a watchlist entry should leave the list: TMDB answers 404 for it.
    func gone(_ item: TitleItem) async -> String? {
        await TMDBClient.gone { _ = try await details(item.id, type: item.type) }
    }
}
