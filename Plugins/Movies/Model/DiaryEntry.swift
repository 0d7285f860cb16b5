import Foundation
import PluginAPI
import TMDB

/// One viewing in the diary, as Letterboxd keeps one: the movie, the day, a rating of
/// half stars out of five, and whether it was a rewatch.
struct DiaryEntry: Codable, Sendable, Equatable {
    var tmdbID: Int
    @Nullable var imdbID: String?
    var title: String
    var year: String
    /// `YYYY-MM-DD`; nil for a viewing without a date (Letterboxd allows one).
    @Nullable var watchedDate: String?
    /// 0.5 to 5 in half stars; nil unrated.
    @Nullable var rating: Double?
    var rewatch: Bool
    /// Where the movie is on the user's services, when listed with them; never kept.
    var onMyServices: [ServiceOffer]?

    /// One viewing is one movie on one day: an import or a second `watched` finds it again.
    var key: String { "\(tmdbID)@\(watchedDate ?? "")" }

    static let ratings = stride(from: 0.5, through: 5, by: 0.5).map { $0 }

    /// Whether `value` is one of Letterboxd's ratings, half a star to five stars.
    static func isRating(_ value: Double) -> Bool { ratings.contains(value) }

    /// "★★★★½".
    var stars: String {
        guard let rating else { return "–" }
        return String(repeating: "★", count: Int(rating)) + (rating.truncatingRemainder(dividingBy: 1) == 0 ? "" : "½")
    }

    /// The day as people read it: "Oct 15, 1999", or "no date".
    var displayDate: String { watchedDate.flatMap { DateStyle.format(isoDate: $0) } ?? "no date" }

    /// Newest first; undated last; then by title.
    static func newestFirst(_ a: DiaryEntry, _ b: DiaryEntry) -> Bool {
        switch (a.watchedDate, b.watchedDate) {
        case let (x?, y?) where x != y: return x > y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a.title.localizedCaseInsensitiveCompare(b.title) == .orderedAscending
        }
    }
}

/// A viewing is of a movie whose services a list can mark; the diary is a record, so nothing in it is hidden.
extension DiaryEntry: ListedTitle {
    var id: Int { tmdbID }
    var mediaType: MediaType { .movie }
    var genreIDs: [Int] { [] }
}
