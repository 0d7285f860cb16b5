import Foundation
import PluginAPI
import TMDB

/// TitleItem as the terminal shows it: a sentence for `--plain`, and the columns of a table.
extension TitleItem {
    /// "Dune, 2021, rated 7.8 out of 10, Movie".
    var spoken: String {
        "\(title), \(year), \(rating.map { "rated \(NumberStyle.oneDecimal($0)) out of 10" } ?? "not rated yet"), \(type.label)\(servicesPhrase)"
    }

    static let columns: [Column<TitleItem>] = [
        Column("Type") { $0.type.label },
        Column("ID", rightAligned: true) { "\($0.id)" },
        Column("Title", flexible: true) { $0.title },
        Column("Year") { $0.year },
        Column("Score") { $0.score },
        Column("Popularity", rightAligned: true) { $0.popularity.map(NumberStyle.oneDecimal) ?? "–" },
    ]
}
