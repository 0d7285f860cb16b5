import Foundation
import PluginAPI
import TMDB

/// DiaryEntry as the terminal shows it: a sentence for `--plain`, and the columns of a table.
extension DiaryEntry {
    /// "Watched Fight Club, 1999, on Oct 15, 2026, rated 4.5 stars, a rewatch."
    var spoken: String {
        var sentence = "Watched \(title), \(year)"
        sentence += watchedDate == nil ? ", no date" : ", on \(displayDate)"
        if let rating { sentence += ", rated \(NumberStyle.oneDecimal(rating)) stars" }
        if rewatch { sentence += ", a rewatch" }
        return sentence + servicesPhrase + "."
    }

    static let columns: [Column<DiaryEntry>] = [
        Column("Watched") { $0.watchedDate ?? "–" },
        Column("ID", rightAligned: true) { "\($0.tmdbID)" },
        Column("Title", flexible: true) { $0.title },
        Column("Year") { $0.year },
        Column("Rating") { $0.stars },
        Column("Rewatch") { $0.rewatch ? "yes" : "" },
    ]
}
