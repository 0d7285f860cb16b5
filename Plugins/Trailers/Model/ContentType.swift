import ArgumentParser
import TMDB

/// What a list shows: movies, TV, or both merged.
enum ContentType: String, Sendable, CaseIterable, ExpressibleByArgument {
    case all, movie, tv

    var mediaTypes: [MediaType] {
        switch self {
        case .all: [.movie, .tv]
        case .movie: [.movie]
        case .tv: [.tv]
        }
    }
}

/// How a list is ordered.
enum Sort: String, Sendable, CaseIterable, ExpressibleByArgument {
    case trending, popularity, newest, oldest
    case topRated = "top-rated"
    case lowestRated = "lowest-rated"

    /// The discover `sort_by` value (trending uses its own endpoint).
    func sortBy(for type: MediaType) -> String? {
        let date = type == .movie ? "primary_release_date" : "first_air_date"
        switch self {
        case .trending: return nil
        case .popularity: return "popularity.desc"
        case .newest: return "\(date).desc"
        case .oldest: return "\(date).asc"
        case .topRated: return "vote_average.desc"
        case .lowestRated: return "vote_average.asc"
        }
    }

    /// Rated sorts only count titles with enough votes to mean something.
    var minimumVotes: Int? { self == .topRated || self == .lowestRated ? 50 : nil }
}

/// US film ratings, the only certifications discover filters by.
enum Certification: String, Sendable, CaseIterable, ExpressibleByArgument {
    case g = "G"
    case pg = "PG"
    case pg13 = "PG-13"
    case r = "R"
    case nc17 = "NC-17"
}

/// Release-date windows, computed from the local calendar.
enum DateRange: String, Sendable, CaseIterable, ExpressibleByArgument {
    case upcoming
    case thisMonth = "this-month"
    case last30Days = "last-30-days"
    case last90Days = "last-90-days"
    case thisYear = "this-year"
    case allTime = "all-time"
}
