import Foundation
import PluginAPI
import TMDB

/// The Trailers app's TMDB calls, each with its cache lifetime.
struct TrailerCatalog: Sendable {
    enum Lifetime {
        static let genres = CachePolicy(kind: "genres", timeToLive: 7 * 24 * 3600)
        static let lists = CachePolicy(kind: "lists", timeToLive: 5 * 60)
        static let details = CachePolicy(kind: "details", timeToLive: 30 * 60)
    }

    let client: TMDBClient
    let language: String
    let region: String
    /// Where genre names are kept for shell completion.
    let genreNamesFile: String

    /// Both genre lists (fetched concurrently); their names are kept for completion.
    func genres() async throws -> GenreCatalog {
        async let movie: TMDBGenreList = client.get("genre/movie/list", query: ["language": language], cache: Lifetime.genres)
        async let tv: TMDBGenreList = client.get("genre/tv/list", query: ["language": language], cache: Lifetime.genres)
        let catalog = GenreCatalog(movie: try await movie.genres, tv: try await tv.genres)
        try? LocalFile.writeAtomically(Data(catalog.names.joined(separator: "\n").utf8), to: genreNamesFile, durable: false)
        return catalog
    }

    /// An image of an item (its `posterURL`), at `size` or the URL's own, through the image cache.
    func picture(at url: String?, size: String? = nil) async throws -> Data? {
        try await client.picture(at: url, size: size)
    }

    /// `GET /trending/{all|movie|tv}/{week|day}`; people are skipped.
    func trending(_ type: ContentType, window: String, page: Int) async throws -> TMDBPage<TitleItem> {
        let answer: TMDBPage<TMDBTitle> = try await client.get(
            "trending/\(type.rawValue)/\(window)",
            query: ["page": "\(page)", "language": language],
            cache: Lifetime.lists
        )
        let fallback: MediaType? = type == .all ? nil : MediaType(rawValue: type.rawValue)
        return answer.map { TitleItem($0, type: fallback, imageURL: client.imageURL) }
    }

    /// `GET /discover/{movie|tv}` with the filter's parameters.
    func discover(
        _ type: MediaType,
        filter: TrailerFilter,
        genre: GenreCatalog.Selection?,
        window: DateWindow,
        page: Int
    ) async throws -> TMDBPage<TitleItem> {
        let answer: TMDBPage<TMDBTitle> = try await client.get(
            "discover/\(type.rawValue)",
            query: Self.discoverQuery(type, filter: filter, genre: genre, window: window, page: page, language: language, region: region),
            cache: Lifetime.lists
        )
        return answer.map { TitleItem($0, type: type, imageURL: client.imageURL) }
    }

    static func discoverQuery(
        _ type: MediaType,
        filter: TrailerFilter,
        genre: GenreCatalog.Selection?,
        window: DateWindow,
        page: Int,
        language: String,
        region: String
    ) -> [String: String] {
        var query = ["include_adult": "false", "page": "\(page)", "language": language]
        query["sort_by"] = filter.sort.sortBy(for: type)
        query["vote_count.gte"] = filter.sort.minimumVotes.map(String.init)
        query["with_genres"] = genre?.id(for: type).map(String.init)
        let dateField = type == .movie ? "primary_release_date" : "first_air_date"
        query["\(dateField).gte"] = window.from
        query["\(dateField).lte"] = window.to
        if type == .movie {
            query["region"] = region
            if let certification = filter.certification {
                query["certification_country"] = "US"
                query["certification"] = certification.rawValue
            }
        }
        return query
    }

    /// One request with videos and ratings appended.
    func details(_ id: Int, type: MediaType) async throws -> TitleDetails {
        let appended = type == .movie ? "release_dates,videos" : "content_ratings,videos"
        let details: TMDBTitleDetails = try await client.get(
            "\(type.rawValue)/\(id)",
            query: ["append_to_response": appended, "language": language],
            cache: Lifetime.details,
            notFound: .notFound(
                "TMDB has no \(type == .movie ? "movie" : "TV show") with id \(id)",
                hint: type == .movie ? "for a TV show, add --type tv" : "check the id"
            )
        )
        return TitleDetails(details, type: type, imageURL: client.imageURL)
    }
}
