import Foundation
import PluginAPI

/// What TMDB says of a film that the diary's sums need, kept per film (`FilmFactsStore`).
struct FilmFacts: Codable, Sendable, Equatable {
    /// Minutes; nil when TMDB does not know.
    var runtime: Int?
    var genres: [String]
    var directors: [String]
}

/// A year in film: the diary's viewings of a year summed, as Letterboxd's year in review sums them.
struct DiaryStats: Encodable, Sendable, Equatable {
    struct Count: Encodable, Sendable, Equatable {
        var name: String
        var count: Int
    }

    struct Film: Encodable, Sendable, Equatable {
        var tmdbID: Int
        var title: String
        var year: String
        var runtime: Int
    }

    var year: Int
    var viewings: Int
    var films: Int
    var rewatches: Int
    /// Hours of the viewings whose runtime is known; `unknownRuntimes` counts the others.
    var hours: Double
    var unknownRuntimes: Int
    /// Viewings in each month, January first.
    var byMonth: [Int]
    var rated: Int
    @Nullable var averageRating: Double?
    /// The ratings' standard deviation, in stars.
    @Nullable var ratingSpread: Double?
    /// How many viewings had each rating, half a star to five.
    var ratings: [Count]
    var genres: [Count]
    var directors: [Count]
    var decades: [Count]
    @Nullable var longest: Film?
    @Nullable var shortest: Film?

    static let shownTop = 5

    /// The sums of `year`'s dated viewings among `entries`; `facts` by TMDB id.
    init(_ entries: [DiaryEntry], facts: [Int: FilmFacts], year: Int) {
        let prefix = "\(year)-"
        let viewings = entries.filter { $0.watchedDate?.hasPrefix(prefix) == true }
        self.year = year
        self.viewings = viewings.count
        films = Set(viewings.map(\.tmdbID)).count
        rewatches = viewings.filter(\.rewatch).count
        let runtimes = viewings.compactMap { facts[$0.tmdbID]?.runtime }.filter { $0 > 0 }
        hours = Double(runtimes.reduce(0, +)) / 60
        unknownRuntimes = viewings.count - runtimes.count
        var months = [Int](repeating: 0, count: 12)
        for month in viewings.compactMap({ $0.watchedDate.flatMap { DateStyle.parse(isoDate: $0) }?.month }) { months[month - 1] += 1 }
        byMonth = months
        let stars = viewings.compactMap(\.rating)
        rated = stars.count
        if !stars.isEmpty {
            let mean = stars.reduce(0, +) / Double(stars.count)
            averageRating = mean
            ratingSpread = (stars.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(stars.count)).squareRoot()
        }
        ratings = DiaryEntry.ratings.map { value in Count(name: NumberStyle.oneDecimal(value), count: stars.filter { $0 == value }.count) }
        genres = Self.top(viewings.flatMap { facts[$0.tmdbID]?.genres ?? [] })
        directors = Self.top(viewings.flatMap { facts[$0.tmdbID]?.directors ?? [] })
        decades = Self.top(viewings.compactMap { Int($0.year).map { "\($0 / 10 * 10)s" } })
        // Each film once, by runtime; a tie goes to the earlier title.
        var seen = Set<Int>()
        let timed = viewings.filter { seen.insert($0.tmdbID).inserted }.compactMap { entry -> Film? in
            guard let runtime = facts[entry.tmdbID]?.runtime, runtime > 0 else { return nil }
            return Film(tmdbID: entry.tmdbID, title: entry.title, year: entry.year, runtime: runtime)
        }.sorted { ($0.runtime, $0.title) < ($1.runtime, $1.title) }
        longest = timed.max { $0.runtime < $1.runtime }
        shortest = timed.first
    }

    /// The most frequent names, most first, then by name; at most `shownTop`.
    static func top(_ names: [String]) -> [Count] {
        let counted = Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +)
        return counted.map { Count(name: $0.key, count: $0.value) }
            .sorted { ($1.count, $0.name) < ($0.count, $1.name) }
            .prefix(shownTop).map { $0 }
    }
}
