import Foundation
import PluginAPI
import TMDB

/// The diary of movies watched, kept in `$XDG_DATA_HOME/toolbox/movies/diary.json` like the
/// favourites (atomic writes under a lock), private to its owner (0600): it is a record of a life.
struct Diary: Sendable {
    let store: JSONFileStore<[DiaryEntry]>

    init(dataFolder: String) {
        store = JSONFileStore(path: "\(dataFolder)/movies/diary.json", empty: [], mode: 0o600)
    }

    /// Every entry, newest first.
    func entries() throws -> [DiaryEntry] { try store.load().sorted(by: DiaryEntry.newestFirst) }

    /// Keeps the entries not there yet (by movie and day), in one write; those it added.
    @discardableResult
    func add(_ entries: [DiaryEntry]) throws -> [DiaryEntry] {
        try store.update { kept in
            var keys = Set(kept.map(\.key))
            let added = entries.filter { keys.insert($0.key).inserted }
            kept += added
            return added
        }
    }
}

extension MovieCatalog {
    /// The import of `rows` into a diary holding `kept`: each row placed by its tmdbID, else its
    /// imdbID (TMDB's find), else its title and year when exactly one movie has them.
    func plan(_ rows: [LetterboxdCSV.Row], kept: [DiaryEntry]) async throws -> LetterboxdImport<DiaryEntry> {
        try await LetterboxdImport(rows, kept: Set(kept.map(\.key)), key: \.key) { row in await self.entry(for: row) }
    }

    typealias Unplaced = LetterboxdImport<DiaryEntry>.Unplaced

    private func entry(for row: LetterboxdCSV.Row) async -> Result<DiaryEntry, Unplaced> {
        if let date = row.watchedDate, DateStyle.parse(isoDate: date) == nil {
            return .failure(Unplaced("its watched date “\(date)” is not YYYY-MM-DD"))
        }
        if let rating = row.rating, !DiaryEntry.isRating(rating) {
            return .failure(Unplaced("its rating \(NumberStyle.oneDecimal(rating)) is not 0.5 to 5 in half stars"))
        }
        do {
            let placed: (id: Int, title: String, year: String, imdb: String?)
            if let id = row.tmdbID, let title = row.title, let year = row.year {
                placed = (id, title, year, row.imdbID)
            } else if let id = try await client.placedMovie(row) {
                let found = try await movie(id)
                let item = item(found)
                placed = (id, item.title, item.year, row.imdbID ?? found.imdbID)
            } else {
                return .failure(Unplaced("TMDB has no single movie called that" + (row.year.map { " from \($0)" } ?? "")))
            }
            return .success(
                DiaryEntry(
                    tmdbID: placed.id,
                    imdbID: placed.imdb,
                    title: placed.title,
                    year: placed.year,
                    watchedDate: row.watchedDate,
                    rating: row.rating,
                    rewatch: row.rewatch
                )
            )
        } catch {
            return .failure(Unplaced(ToolboxError.from(error).message))
        }
    }
}
