import ArgumentParser
import PluginAPI
import TMDB

/// How a movie list is ordered (`--sort`).
enum MovieSort: String, Sendable, CaseIterable, ExpressibleByArgument {
    case popularity, rating, date, title

    /// Discover's `sort_by`.
    var sortBy: String {
        switch self {
        case .popularity: "popularity.desc"
        case .rating: "vote_average.desc"
        case .date: "primary_release_date.desc"
        case .title: "title.asc"
        }
    }
}

/// Years `FROM..TO`; either end may be left out (`2000..`, `..1979`).
struct YearRange: Sendable, Equatable, ExpressibleByArgument {
    var from: Int?
    var to: Int?

    static let years = 1874...2200

    init(from: Int?, to: Int?) {
        self.from = from
        self.to = to
    }

    init?(argument: String) {
        let parts = argument.components(separatedBy: "..")
        guard parts.count == 2 else { return nil }
        func year(_ text: String) -> Int?? {
            if text.isEmpty { return .some(nil) }
            guard let value = Int(text), Self.years.contains(value) else { return nil }
            return .some(value)
        }
        guard let from = year(parts[0]), let to = year(parts[1]), from != nil || to != nil else { return nil }
        if let from, let to, from > to { return nil }
        self.init(from: from, to: to)
    }

    func contains(_ year: Int) -> Bool { (from.map { year >= $0 } ?? true) && (to.map { year <= $0 } ?? true) }
}

/// The filters of `list`, `similar` and `recommended`: sent to discover, or applied to the
/// answers of lists TMDB cannot filter. Genres are ids, all of which a movie must have.
struct MovieFilter: Sendable, Equatable {
    /// So that one 10/10 vote does not lead: a rating counts with this many votes (as TMDB's top rated).
    static let defaultMinimumVotes = 50

    var genreIDs: [Int] = []
    var years: YearRange?
    var minimumRating: Double?
    var minimumVotes: Int?
    var sort: MovieSort?

    /// The votes a movie needs: as asked, else the default when a rating matters.
    var votesFloor: Int? { minimumVotes ?? (minimumRating != nil || sort == .rating ? Self.defaultMinimumVotes : nil) }

    /// Discover's parameters (beside `page` and whose movies).
    var discoverQuery: [String: String] {
        var query = ["sort_by": (sort ?? .popularity).sortBy]
        if !genreIDs.isEmpty { query["with_genres"] = genreIDs.map(String.init).joined(separator: ",") }
        query["primary_release_date.gte"] = years?.from.map { "\($0)-01-01" }
        query["primary_release_date.lte"] = years?.to.map { "\($0)-12-31" }
        query["vote_average.gte"] = minimumRating.map { NumberStyle.oneDecimal($0) }
        query["vote_count.gte"] = votesFloor.map(String.init)
        return query
    }

    /// Whether a listed movie passes, judged from what the list says of it.
    func admits(_ movie: TMDBMovie) -> Bool {
        if !genreIDs.isEmpty, !Set(genreIDs).isSubset(of: Set(movie.genreIDs ?? [])) { return false }
        if let years {
            guard let year = Int(ReleaseDate(movie.releaseDate).year), years.contains(year) else { return false }
        }
        if let floor = votesFloor, (movie.voteCount ?? 0) < floor { return false }
        if let minimumRating, (movie.voteAverage ?? 0) < minimumRating { return false }
        return true
    }

    /// Movies in `sort`'s order, missing values last; TMDB's own order breaks ties. Unchanged without a sort.
    func ordered(_ movies: [TMDBMovie]) -> [TMDBMovie] {
        guard let sort else { return movies }
        func precedes(_ a: TMDBMovie, _ b: TMDBMovie) -> Bool? {
            switch sort {
            case .popularity: return Self.compare(a.popularity, b.popularity) { $0 > $1 }
            case .rating: return Self.compare(a.voteAverage, b.voteAverage) { $0 > $1 }
            case .date: return Self.compare(ReleaseDate(a.releaseDate).iso, ReleaseDate(b.releaseDate).iso) { $0 > $1 }
            case .title: return Self.compare(a.title.lowercased(), b.title.lowercased()) { $0 < $1 }
            }
        }
        return movies.enumerated().sorted { a, b in precedes(a.element, b.element) ?? (a.offset < b.offset) }.map(\.element)
    }

    /// The order of two values, a missing one last; nil on a tie.
    private static func compare<Value: Equatable>(_ a: Value?, _ b: Value?, _ before: (Value, Value) -> Bool) -> Bool? {
        switch (a, b) {
        case (nil, nil): return nil
        case (nil, _): return false
        case (_, nil): return true
        case let (a?, b?): return a == b ? nil : before(a, b)
        }
    }
}
