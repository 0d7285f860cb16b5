import ArgumentParser
import TMDB

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
