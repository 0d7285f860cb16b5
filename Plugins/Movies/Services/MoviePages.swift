import PluginAPI
import TMDB

/// Gathers list pages: up to a limit one page after another, or every page at once.
enum MoviePages {
    /// TMDB serves pages 1…500.
    static let lastPage = 500

    /// Pages from `start` until `limit` movies are collected or the pages run out.
    static func collect(from start: Int, limit: Int?, fetch: (Int) async throws -> TMDBPage<TMDBMovie>) async throws -> [TMDBMovie] {
        var movies: [TMDBMovie] = []
        var page = start
        while true {
            let answer = try await fetch(page)
            movies = unique(movies + answer.results)
            guard let limit, movies.count < limit, page < min(answer.totalPages, lastPage), !answer.results.isEmpty else { break }
            page += 1
        }
        return limit.map { Array(movies.prefix($0)) } ?? movies
    }

    /// Page 1, then pages 2…N concurrently (the HTTP client keeps at most 4 in flight
    /// per host), in page order, with duplicates that shifted between pages dropped.
    static func all(
        progress makeProgress: (Int) -> ProgressIndicator, fetch: @escaping @Sendable (Int) async throws -> TMDBPage<TMDBMovie>
    ) async throws -> [TMDBMovie] {
        let first = try await fetch(1)
        let last = min(first.totalPages, lastPage)
        guard last > 1 else { return unique(first.results) }
        var pages: [Int: [TMDBMovie]] = [1: first.results]
        let progress = makeProgress(last)
        defer { progress.finish() }
        progress.advance()
        try await withThrowingTaskGroup(of: (Int, [TMDBMovie]).self) { group in
            for page in 2...last {
                group.addTask { (page, try await fetch(page).results) }
            }
            for try await (page, results) in group {
                pages[page] = results
                progress.advance()
            }
        }
        return unique((1...last).flatMap { pages[$0] ?? [] })
    }

    /// Keeps the first occurrence of each id.
    static func unique(_ movies: [TMDBMovie]) -> [TMDBMovie] {
        var seen = Set<Int>()
        return movies.filter { seen.insert($0.id).inserted }
    }
}
