import PluginAPI

/// TMDB's `vote_average` (0–10) as the MMDB app shows it.
struct MovieRating: Sendable, Equatable {
    let average: Double

    /// No votes, no rating.
    init?(average: Double?, votes: Int?) {
        guard let average, let votes, votes > 0, average.isFinite else { return nil }
        self.average = average
    }

    /// ⌊average × 10⌋: 7.89 → 78. The small epsilon keeps 8.2 at 82 despite binary floating point.
    var percent: Int { Int((average * 10 + 1e-9).rounded(.down)) }

    /// One decimal, for JSON.
    var oneDecimal: Double { (average * 10).rounded() / 10 }

    /// "7.8/10 (78%)".
    var display: String { "\(NumberStyle.oneDecimal(average))/10 (\(percent)%)" }
}
