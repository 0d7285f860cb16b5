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

/// What an import would do: the entries it adds, those already kept, and the rows it cannot place.
struct DiaryImportPlan: Sendable {
    struct Skipped: Sendable, Encodable {
        var line: Int
        var title: String
        var reason: String
    }

    var adding: [DiaryEntry] = []
    var already: [DiaryEntry] = []
    var skipped: [Skipped] = []
}

extension MovieCatalog {
    /// The import of `rows` into a diary holding `kept`: each row placed by its tmdbID, else its
    /// imdbID (TMDB's find), else its title and year when exactly one movie has them.
    func plan(_ rows: [LetterboxdCSV.Row], kept: [DiaryEntry]) async throws -> DiaryImportPlan {
        let placed = try await rows.concurrentMap { row in await self.entry(for: row) }
        var plan = DiaryImportPlan()
        var keys = Set(kept.map(\.key))
        for (row, result) in zip(rows, placed) {
            switch result {
            case .success(let entry):
                if keys.insert(entry.key).inserted { plan.adding.append(entry) } else { plan.already.append(entry) }
            case .failure(let reason):
                plan.skipped.append(.init(line: row.line, title: row.title ?? row.imdbID ?? "(no title)", reason: reason.text))
            }
        }
        return plan
    }

    struct Unplaced: Error {
        var text: String
    }

    private func entry(for row: LetterboxdCSV.Row) async -> Result<DiaryEntry, Unplaced> {
        if let date = row.watchedDate, DateStyle.parse(isoDate: date) == nil {
            return .failure(Unplaced(text: "its watched date “\(date)” is not YYYY-MM-DD"))
        }
        if let rating = row.rating, !DiaryEntry.isRating(rating) {
            return .failure(Unplaced(text: "its rating \(NumberStyle.oneDecimal(rating)) is not 0.5 to 5 in half stars"))
        }
        do {
            let placed: (id: Int, title: String, year: String, imdb: String?)
            if let id = row.tmdbID, let title = row.title, let year = row.year {
                placed = (id, title, year, row.imdbID)
            } else if let id = try await placedID(row) {
                let found = try await movie(id)
                let item = item(found)
                placed = (id, item.title, item.year, row.imdbID ?? found.imdbID)
            } else {
                return .failure(Unplaced(text: "TMDB has no single movie called that" + (row.year.map { " from \($0)" } ?? "")))
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
            return .failure(Unplaced(text: ToolboxError.from(error).message))
        }
    }

    /// The id a row names, or nil when its title matches no single movie.
    private func placedID(_ row: LetterboxdCSV.Row) async throws -> Int? {
        if let id = row.tmdbID { return id }
        if let imdb = row.imdbID.flatMap(TitleReference.imdbID) {
            if case .one(let id, _) = try await client.resolve(.imdb(imdb), type: .movie, strict: true) { return id }
        }
        guard let title = row.title else { return nil }
        let found = try await search(title, year: row.year.flatMap { Int($0) }, page: 1).results
        let named = found.filter { $0.title.lowercased() == title.lowercased() }
        return (found.count == 1 ? found : named.count == 1 ? named : []).first?.id
    }
}
