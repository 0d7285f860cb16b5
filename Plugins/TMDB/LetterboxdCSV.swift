import Foundation
import PluginAPI

/// Letterboxd's import CSV (letterboxd.com/about/importing-data): `Title, Year, tmdbID, imdbID,
/// WatchedDate, Rating, Rewatch` for a diary, the first four for a watchlist. Reading also takes the
/// names of Letterboxd's own exports (`Name`, `Watched Date`) and `Rating10`, so a diary and a
/// watchlist move in from Letterboxd too.
public enum LetterboxdCSV {
    /// The columns a diary is written with; a watchlist, the first four.
    public static let header = ["Title", "Year", "tmdbID", "imdbID", "WatchedDate", "Rating", "Rewatch"]

    /// The columns read, each by the names Letterboxd's import format and its own export give it.
    public enum Column: CaseIterable, Sendable {
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
    public struct Row: Sendable, Equatable {
        public var line: Int
        public var values: [Column: String]

        public init(line: Int, values: [Column: String]) {
            self.line = line
            self.values = values
        }

        public var title: String? { values[.title] }
        public var tmdbID: Int? { values[.tmdbID].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } }
        public var year: String? { values[.year] }
        /// Half stars out of five; Letterboxd's export may give ten-point `Rating10` instead.
        public var rating: Double? { values[.rating].flatMap(Double.init) ?? values[.rating10].flatMap(Double.init).map { $0 / 2 } }
        public var imdbID: String? { values[.imdbID] }
        public var rewatch: Bool { ["true", "yes", "1"].contains(values[.rewatch]?.lowercased() ?? "") }
        public var watchedDate: String? { values[.watchedDate] }
    }

    /// The rows of a CSV file; a file that is not such a CSV is bad data naming what is wrong.
    public static func read(_ text: String, file: String) throws -> [Row] {
        let records = try CSV.parse(text, file: file)
        guard let header = records.first?.fields.map({ $0.trimmed.lowercased() }) else { throw ToolboxError.badData("\(file) is empty") }
        let columns = Column.allCases.compactMap { column in column.names.lazy.compactMap { header.firstIndex(of: $0) }.first.map { (column, $0) } }
        guard columns.contains(where: { [.title, .tmdbID, .imdbID].contains($0.0) }) else {
            throw ToolboxError.badData(
                "\(file) has no Title, tmdbID or imdbID column",
                hint: "give a CSV in Letterboxd's import format, with a Title, tmdbID or imdbID column (\(self.header.joined(separator: ",")))"
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

extension TMDBClient {
    /// The movie a Letterboxd row names: its tmdbID, else its imdbID (TMDB's find), else its title
    /// and year when exactly one movie has them; nil when the title matches no single movie.
    public func placedMovie(_ row: LetterboxdCSV.Row) async throws -> Int? {
        if let id = row.tmdbID { return id }
        if let imdb = row.imdbID.flatMap(TitleReference.imdbID) {
            if case .one(let id, _) = try await resolve(.imdb(imdb), type: .movie, strict: true) { return id }
        }
        guard let title = row.title else { return nil }
        var query = ["query": title, "page": "1"]
        query["year"] = row.year.flatMap { Int($0) }.map(String.init)
        let found = try await get("search/movie", query: query, cache: CachePolicy(kind: "lists", timeToLive: 15 * 60), as: TMDBPage<TMDBTitle>.self)
            .results
        let named = found.filter { $0.title.lowercased() == title.lowercased() }
        return (found.count == 1 ? found : named.count == 1 ? named : []).first?.id
    }
}
