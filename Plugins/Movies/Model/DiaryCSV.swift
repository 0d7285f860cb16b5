import Foundation
import PluginAPI
import TMDB

extension LetterboxdCSV {
    /// The diary as CSV, RFC 4180 quoting, CRLF line ends as Letterboxd writes them.
    static func write(_ entries: [DiaryEntry]) -> String {
        let rows = entries.map { entry in
            [
                entry.title, entry.year, String(entry.tmdbID), entry.imdbID ?? "", entry.watchedDate ?? "",
                entry.rating.map { NumberStyle.oneDecimal($0) } ?? "", entry.rewatch ? "true" : "false",
            ]
        }
        return CSV.write([header] + rows)
    }
}
