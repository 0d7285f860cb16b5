import Foundation
import PluginAPI
import TMDB

/// MovieItem as the terminal shows it: a sentence for `--plain`, and the columns of a table.
extension MovieItem {
    /// "Fight Club, 1999, Rating 84%, on Netflix" — reads well aloud.
    var spoken: String {
        "\(title), \(year), \(ratingPercent.map { "Rating \($0)%" } ?? "no rating yet")\(servicesPhrase)"
    }

    /// The columns of every movie list.
    static let columns: [Column<MovieItem>] = [
        Column("ID", rightAligned: true) { "\($0.id)" },
        Column("Title", flexible: true) { $0.title },
        Column("Year") { $0.year },
        Column("Rating", rightAligned: true) { item in item.rating.map { NumberStyle.oneDecimal($0) + " (\(item.ratingPercent ?? 0)%)" } ?? "–" },
    ]
}
