import Foundation
import PluginAPI

/// Letterboxd's import CSV (letterboxd.com/about/importing-data): `Title, Year, tmdbID, imdbID,
/// WatchedDate, Rating, Rewatch`. Reading also takes the names of Letterboxd's own export
/// (`Name`, `Watched Date`) and `Rating10`, so a diary moves in from Letterboxd too.
enum LetterboxdCSV {
    static let header = ["Title", "Year", "tmdbID", "imdbID", "WatchedDate", "Rating", "Rewatch"]

    /// The columns read, each by the names Letterboxd's import format and its own export give it.
    enum Column: CaseIterable, Sendable {
        case title, year, tmdbID, imdbID, watchedDate, rating, rating10, rewatch

        var names: [String] {
            switch self {
            case .title: ["title", "name"]
            case .watchedDate: ["watcheddate", "watched date"]
            default: [String(describing: self).lowercased()]
            }
        }
    }

    /// One row as read, its values trimmed and none empty; typed when asked for.
    struct Row: Sendable, Equatable {
        var line: Int
        var values: [Column: String]

        var title: String? { values[.title] }
        var tmdbID: Int? { values[.tmdbID].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } }
        var year: String? { values[.year] }
        /// Half stars out of five; Letterboxd's export may give ten-point `Rating10` instead.
        var rating: Double? { values[.rating].flatMap(Double.init) ?? values[.rating10].flatMap(Double.init).map { $0 / 2 } }
        var imdbID: String? { values[.imdbID] }
        var rewatch: Bool { ["true", "yes", "1"].contains(values[.rewatch]?.lowercased() ?? "") }
        var watchedDate: String? { values[.watchedDate] }
    }

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

    /// The rows of a CSV file; a file that is not such a CSV is bad data naming what is wrong.
    static func read(_ text: String, file: String) throws -> [Row] {
        let records = try CSV.parse(text, file: file)
        guard let header = records.first?.fields.map({ $0.trimmed.lowercased() }) else { throw ToolboxError.badData("\(file) is empty") }
        let columns = Column.allCases.compactMap { column in column.names.lazy.compactMap { header.firstIndex(of: $0) }.first.map { (column, $0) } }
        guard columns.contains(where: { [.title, .tmdbID, .imdbID].contains($0.0) }) else {
            throw ToolboxError.badData(
                "\(file) has no Title, tmdbID or imdbID column",
                hint: "give a CSV in Letterboxd's import format: \(self.header.joined(separator: ","))"
            )
        }
        // A blank line is no row; a row with nothing toolbox reads is one, to be listed as skipped.
        return records.dropFirst().filter { $0.fields.contains { !$0.trimmed.isEmpty } }.map { record in
            var values: [Column: String] = [:]
            for (column, index) in columns where index < record.fields.count {
                let text = record.fields[index].trimmed
                if !text.isEmpty { values[column] = text }
            }
            return Row(line: record.line, values: values)
        }
    }
}
