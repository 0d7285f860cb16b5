import Foundation

/// A page of results: `{page, results, total_pages, total_results}`.
///
/// Decodable by a conditional conformance rather than a constraint on `Item`: a
/// constraint makes the runtime search the binary for `Item`'s conformance the
/// first time each page type is used, on every run.
public struct TMDBPage<Item: Sendable>: Sendable {
    public var page: Int
    public var results: [Item]
    public var totalPages: Int
    public var totalResults: Int
    /// How many items TMDB sent on the page, before any were left out: a page emptied by
    /// hiding or filtering is not the end of the list.
    public var sent: Int

    enum CodingKeys: String, CodingKey {
        case page, results
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }

    public init(page: Int, results: [Item], totalPages: Int, totalResults: Int, sent: Int? = nil) {
        self.page = page
        self.results = results
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.sent = sent ?? results.count
    }
}

extension TMDBPage {
    /// The same page with its items turned into the plugin's own.
    public func map<Other: Sendable>(_ transform: (Item) throws -> Other?) rethrows -> TMDBPage<Other> {
        TMDBPage<Other>(page: page, results: try results.compactMap(transform), totalPages: totalPages, totalResults: totalResults, sent: sent)
    }
}

extension TMDBPage: Decodable where Item: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decodeIfPresent(Int.self, forKey: .page) ?? 1
        results = try container.decode([Item].self, forKey: .results)
        totalPages = try container.decodeIfPresent(Int.self, forKey: .totalPages) ?? 1
        totalResults = try container.decodeIfPresent(Int.self, forKey: .totalResults) ?? results.count
        sent = results.count
    }
}

/// A movie as TMDB lists it (discover, search, similar) and, with more fields, its details.
public struct TMDBMovie: Decodable, Sendable, Equatable {
    public var id: Int
    public var title: String
    public var releaseDate: String?
    public var voteAverage: Double?
    public var voteCount: Int?
    public var popularity: Double?
    public var posterPath: String?
    public var backdropPath: String?
    public var overview: String?
    /// Lists only: what the filters of `similar` and `recommended` compare.
    public var genreIDs: [Int]?
    // Details only.
    public var tagline: String?
    public var runtime: Int?
    public var genres: [TMDBGenre]?
    public var imdbID: String?
    public var videos: TMDBTitleDetails.Videos?
    public var watchProviders: TMDBWatchProviders?

    enum CodingKeys: String, CodingKey {
        case id, title, overview, popularity, tagline, runtime, genres, videos
        case genreIDs = "genre_ids"
        case imdbID = "imdb_id"
        case watchProviders = "watch/providers"
        case releaseDate = "release_date"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
    }

    public init(
        id: Int,
        title: String,
        releaseDate: String? = nil,
        voteAverage: Double? = nil,
        voteCount: Int? = nil,
        popularity: Double? = nil,
        posterPath: String? = nil,
        backdropPath: String? = nil,
        overview: String? = nil,
        genreIDs: [Int]? = nil
    ) {
        self.id = id
        self.title = title
        self.releaseDate = releaseDate
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.overview = overview
        self.genreIDs = genreIDs
    }
}

public struct TMDBGenre: Codable, Sendable, Equatable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// A person from `/search/person`.
public struct TMDBPerson: Decodable, Sendable, Equatable {
    public var id: Int
    public var name: String
    public var knownForDepartment: String?
    public var popularity: Double?
    public var profilePath: String?

    enum CodingKeys: String, CodingKey {
        case id, name, popularity
        case knownForDepartment = "known_for_department"
        case profilePath = "profile_path"
    }
}

/// A movie or TV show in a list (trending, discover): TV items say `name` and
/// `first_air_date` where movies say `title` and `release_date`.
public struct TMDBTitle: Decodable, Sendable, Equatable {
    public var id: Int
    /// `movie`, `tv` or `person` on trending lists; nil on discover lists.
    public var mediaType: String?
    public var title: String
    public var date: String?
    public var voteAverage: Double?
    public var voteCount: Int?
    public var popularity: Double?
    public var posterPath: String?
    public var overview: String?
    /// Lists only (a title's details say `genres`).
    public var genreIDs: [Int]?

    enum CodingKeys: String, CodingKey {
        case id, title, name, popularity, overview
        case genreIDs = "genre_ids"
        case mediaType = "media_type"
        case releaseDate = "release_date"
        case firstAirDate = "first_air_date"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case posterPath = "poster_path"
    }

    public init(
        id: Int,
        mediaType: String? = nil,
        title: String,
        date: String? = nil,
        voteAverage: Double? = nil,
        voteCount: Int? = nil,
        popularity: Double? = nil,
        posterPath: String? = nil
    ) {
        self.id = id
        self.mediaType = mediaType
        self.title = title
        self.date = date
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.posterPath = posterPath
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        mediaType = try container.decodeIfPresent(String.self, forKey: .mediaType)
        // People on /trending/all have a name and no dates; they are skipped by the caller.
        title =
            try container.decodeIfPresent(String.self, forKey: .title)
            ?? container.decodeIfPresent(String.self, forKey: .name) ?? ""
        date =
            try container.decodeIfPresent(String.self, forKey: .releaseDate)
            ?? container.decodeIfPresent(String.self, forKey: .firstAirDate)
        voteAverage = try container.decodeIfPresent(Double.self, forKey: .voteAverage)
        voteCount = try container.decodeIfPresent(Int.self, forKey: .voteCount)
        popularity = try container.decodeIfPresent(Double.self, forKey: .popularity)
        posterPath = try container.decodeIfPresent(String.self, forKey: .posterPath)
        overview = try container.decodeIfPresent(String.self, forKey: .overview)
        genreIDs = try container.decodeIfPresent([Int].self, forKey: .genreIDs)
    }
}

/// `GET /find/<external id>?external_source=imdb_id`: what TMDB knows by another site's id.
public struct TMDBFindAnswer: Decodable, Sendable {
    public var movieResults: [TMDBTitle]
    public var tvResults: [TMDBTitle]

    enum CodingKeys: String, CodingKey {
        case movieResults = "movie_results"
        case tvResults = "tv_results"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        movieResults = try container.decodeIfPresent([TMDBTitle].self, forKey: .movieResults) ?? []
        tvResults = try container.decodeIfPresent([TMDBTitle].self, forKey: .tvResults) ?? []
    }

    public func results(_ type: MediaType) -> [TMDBTitle] { type == .movie ? movieResults : tvResults }
}

/// `{genres: [{id, name}]}` from `/genre/movie/list` and `/genre/tv/list`.
public struct TMDBGenreList: Decodable, Sendable {
    public var genres: [TMDBGenre]
}

/// `GET /movie/<id>?append_to_response=release_dates,videos` or
/// `GET /tv/<id>?append_to_response=content_ratings,videos`, decoded.
public struct TMDBTitleDetails: Decodable, Sendable {
    public struct ReleaseDates: Decodable, Sendable {
        public struct Country: Decodable, Sendable {
            public var iso31661: String
            public var releaseDates: [Release]
            enum CodingKeys: String, CodingKey {
                case iso31661 = "iso_3166_1"
                case releaseDates = "release_dates"
            }
        }
        public struct Release: Decodable, Sendable {
            public var certification: String?
            public var type: Int?
            /// An ISO 8601 date and time ("2026-12-18T00:00:00.000Z"): the day is its first ten characters.
            public var releaseDate: String?
            public var note: String?

            enum CodingKeys: String, CodingKey {
                case certification, type, note
                case releaseDate = "release_date"
            }
        }
        public var results: [Country]
    }

    public struct ContentRatings: Decodable, Sendable {
        public struct Rating: Decodable, Sendable {
            public var iso31661: String
            public var rating: String?
            enum CodingKeys: String, CodingKey {
                case iso31661 = "iso_3166_1"
                case rating
            }
        }
        public var results: [Rating]
    }

    public struct Videos: Decodable, Sendable, Equatable { public var results: [TMDBVideo] }

    /// A show's `next_episode_to_air` (or `last_episode_to_air`).
    public struct Episode: Decodable, Sendable {
        public var airDate: String?
        public var name: String?
        public var seasonNumber: Int?
        public var episodeNumber: Int?

        enum CodingKeys: String, CodingKey {
            case name
            case airDate = "air_date"
            case seasonNumber = "season_number"
            case episodeNumber = "episode_number"
        }
    }

    /// `external_ids`, appended for TV (a movie's details carry `imdb_id` themselves).
    public struct ExternalIDs: Decodable, Sendable {
        public var imdbID: String?
        enum CodingKeys: String, CodingKey { case imdbID = "imdb_id" }
    }

    public var title: TMDBTitle
    public var tagline: String?
    public var runtime: Int?
    public var episodeRunTime: [Int]?
    public var genres: [TMDBGenre]?
    public var releaseDates: ReleaseDates?
    public var contentRatings: ContentRatings?
    public var videos: Videos?
    public var watchProviders: TMDBWatchProviders?
    /// A show's next episode; nil for a movie, and a show with none announced.
    public var nextEpisode: Episode?
    /// The IMDb id: a movie's `imdb_id`, or a show's `external_ids.imdb_id`.
    public var imdbID: String?

    enum CodingKeys: String, CodingKey {
        case tagline, runtime, genres, videos
        case watchProviders = "watch/providers"
        case imdbID = "imdb_id"
        case externalIDs = "external_ids"
        case episodeRunTime = "episode_run_time"
        case releaseDates = "release_dates"
        case contentRatings = "content_ratings"
        case nextEpisode = "next_episode_to_air"
    }

    public init(from decoder: any Decoder) throws {
        title = try TMDBTitle(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tagline = try container.decodeIfPresent(String.self, forKey: .tagline)
        runtime = try container.decodeIfPresent(Int.self, forKey: .runtime)
        episodeRunTime = try container.decodeIfPresent([Int].self, forKey: .episodeRunTime)
        genres = try container.decodeIfPresent([TMDBGenre].self, forKey: .genres)
        releaseDates = try container.decodeIfPresent(ReleaseDates.self, forKey: .releaseDates)
        contentRatings = try container.decodeIfPresent(ContentRatings.self, forKey: .contentRatings)
        videos = try container.decodeIfPresent(Videos.self, forKey: .videos)
        watchProviders = try container.decodeIfPresent(TMDBWatchProviders.self, forKey: .watchProviders)
        // An episode that does not decode is no reason to lose the show's details.
        nextEpisode = (try? container.decodeIfPresent(Episode.self, forKey: .nextEpisode)) ?? nil
        imdbID =
            try container.decodeIfPresent(String.self, forKey: .imdbID)
            ?? container.decodeIfPresent(ExternalIDs.self, forKey: .externalIDs)?.imdbID
    }
}

/// A video from `videos.results`.
public struct TMDBVideo: Decodable, Sendable, Equatable {
    public var id: String
    public var key: String
    public var name: String
    public var site: String
    public var type: String
    public var size: Int?
    public var official: Bool?
    public var publishedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, key, name, site, type, size, official
        case publishedAt = "published_at"
    }
}

/// Image sizes TMDB serves, and the ones toolbox uses.
public enum TMDBImageSize {
    public static let all = ["w92", "w154", "w185", "w342", "w500", "w780", "original"]
    /// A list item's `posterURL`, and the poster drawn beside details.
    public static let poster = "w500"
    /// The small poster of a list row (`--images`).
    public static let thumbnail = "w92"
    public static let backdrop = "w780"
}
