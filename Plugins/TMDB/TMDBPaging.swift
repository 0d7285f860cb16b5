import ArgumentParser
import PluginAPI

/// TMDB's paging facts, and the one way its lists are gathered page by page.
public enum TMDBPaging {
    /// TMDB serves pages 1…500.
    public static let lastPage = 500
    /// Items on a full page.
    public static let pageSize = 20

    /// Page `start`, and with a limit the pages after it until `limit` items are
    /// collected or the pages run out; an item that shifted onto the next page counts once.
    /// The answer's `results` are the items gathered; its totals are TMDB's.
    public static func collect<Item: Sendable, Key: Hashable>(
        from start: Int,
        limit: Int?,
        key: (Item) -> Key,
        fetch: (Int) async throws -> TMDBPage<Item>
    ) async throws -> TMDBPage<Item> {
        var items: [Item] = []
        var seen = Set<Key>()
        var page = start
        while true {
            let answer = try await fetch(page)
            items += answer.results.filter { seen.insert(key($0)).inserted }
            guard let limit, items.count < limit, page < min(answer.totalPages, lastPage), answer.sent > 0 else {
                let kept = limit.map { Array(items.prefix($0)) } ?? items
                return TMDBPage(page: start, results: kept, totalPages: answer.totalPages, totalResults: answer.totalResults)
            }
            page += 1
        }
    }

    /// Every page: page 1, then pages 2…N concurrently (the HTTP client keeps at most
    /// 4 in flight per host), in page order, each item once; the totals are TMDB's.
    public static func all<Item: Sendable, Key: Hashable>(
        key: (Item) -> Key,
        progress makeProgress: (Int) -> ProgressIndicator,
        fetch: @escaping @Sendable (Int) async throws -> TMDBPage<Item>
    ) async throws -> TMDBPage<Item> {
        let first = try await fetch(1)
        let last = min(first.totalPages, lastPage)
        var pages: [Int: [Item]] = [1: first.results]
        if last > 1 {
            let progress = makeProgress(last)
            defer { progress.finish() }
            progress.advance()
            try await withThrowingTaskGroup(of: (Int, [Item]).self) { group in
                for page in 2...last {
                    group.addTask { (page, try await fetch(page).results) }
                }
                for try await (page, results) in group {
                    pages[page] = results
                    progress.advance()
                }
            }
        }
        var seen = Set<Key>()
        let items = (1...last).flatMap { pages[$0] ?? [] }.filter { seen.insert(key($0)).inserted }
        return TMDBPage(page: 1, results: items, totalPages: first.totalPages, totalResults: first.totalResults)
    }
}

/// `--page N` and `--limit N` of every TMDB list: page N alone, or `limit` items
/// starting at page N (default 1), fetching no more pages than needed.
public struct PageOptions: ParsableArguments {
    @Option(help: "The page to show, from 1 (20 a page).")
    public var page: Int?

    @Option(help: "Show this many, from --page on, fetching more pages as needed.")
    public var limit: Int?

    public init() {}

    public func validate() throws {
        if let page, !(1...TMDBPaging.lastPage).contains(page) {
            throw ValidationError("--page must be between 1 and \(TMDBPaging.lastPage)")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    /// The first page asked for.
    public var start: Int { page ?? 1 }

    /// The slice of a merged order these options ask for.
    public var window: (offset: Int, count: Int) {
        ((start - 1) * TMDBPaging.pageSize, limit ?? TMDBPaging.pageSize)
    }
}
