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

    enum CodingKeys: String, CodingKey {
        case page, results
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }

    public init(page: Int, results: [Item], totalPages: Int, totalResults: Int) {
        self.page = page
        self.results = results
        self.totalPages = totalPages
        self.totalResults = totalResults
    }
}

extension TMDBPage: Decodable where Item: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decodeIfPresent(Int.self, forKey: .page) ?? 1
        results = try container.decode([Item].self, forKey: .results)
        totalPages = try container.decodeIfPresent(Int.self, forKey: .totalPages) ?? 1
        totalResults = try container.decodeIfPresent(Int.self, forKey: .totalResults) ?? results.count
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
    // Details only.
    public var tagline: String?
    public var runtime: Int?
    public var genres: [TMDBGenre]?

    enum CodingKeys: String, CodingKey {
        case id, title, overview, popularity, tagline, runtime, genres
        case releaseDate = "release_date"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
    }

    public init(id: Int, title: String, releaseDate: String? = nil, voteAverage: Double? = nil, voteCount: Int? = nil,
                popularity: Double? = nil, posterPath: String? = nil, backdropPath: String? = nil, overview: String? = nil) {
        self.id = id
        self.title = title
        self.releaseDate = releaseDate
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.overview = overview
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

    enum CodingKeys: String, CodingKey {
        case id, title, name, popularity
        case mediaType = "media_type"
        case releaseDate = "release_date"
        case firstAirDate = "first_air_date"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case posterPath = "poster_path"
    }

    public init(id: Int, mediaType: String? = nil, title: String, date: String? = nil, voteAverage: Double? = nil,
                voteCount: Int? = nil, popularity: Double? = nil, posterPath: String? = nil) {
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
        title = try container.decodeIfPresent(String.self, forKey: .title)
            ?? container.decodeIfPresent(String.self, forKey: .name) ?? ""
        date = try container.decodeIfPresent(String.self, forKey: .releaseDate)
            ?? container.decodeIfPresent(String.self, forKey: .firstAirDate)
        voteAverage = try container.decodeIfPresent(Double.self, forKey: .voteAverage)
        voteCount = try container.decodeIfPresent(Int.self, forKey: .voteCount)
        popularity = try container.decodeIfPresent(Double.self, forKey: .popularity)
        posterPath = try container.decodeIfPresent(String.self, forKey: .posterPath)
    }
}

/// `{genres: [{id, name}]}` from `/genre/movie/list` and `/genre/tv/list`.
public struct TMDBGenreList: Decodable, Sendable {
    public var genres: [TMDBGenre]
}
