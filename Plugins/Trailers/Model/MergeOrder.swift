import TMDB

/// The order of `--type all`: the chosen sort field, then popularity (higher
/// first), then movies before TV, then the lower id. Missing values sort last in
/// descending sorts and first in ascending ones. Numbers compare by their raw values,
/// as TMDB sends them (tmdb.md): 8.94 goes before 8.92 though both show as 8.9.
struct MergeOrder: Sendable {
    let sort: Sort

    func precedes(_ a: TitleItem, _ b: TitleItem) -> Bool {
        switch sort {
        case .newest: if let order = Self.compare(a.releaseDate, b.releaseDate, descending: true) { return order }
        case .oldest: if let order = Self.compare(a.releaseDate, b.releaseDate, descending: false) { return order }
        case .topRated: if let order = Self.compare(a.voteAverage, b.voteAverage, descending: true) { return order }
        case .lowestRated: if let order = Self.compare(a.voteAverage, b.voteAverage, descending: false) { return order }
        case .popularity, .trending: break
        }
        if let order = Self.compare(a.popularity, b.popularity, descending: true) { return order }
        if a.type != b.type { return a.type == .movie }
        return a.id < b.id
    }

    /// true/false when the values decide the order, nil on a tie.
    static func compare<Value: Comparable>(_ a: Value?, _ b: Value?, descending: Bool) -> Bool? {
        switch (a, b) {
        case (nil, nil): return nil
        case (nil, _): return !descending
        case (_, nil): return descending
        case let (a?, b?): return a == b ? nil : (descending ? a > b : a < b)
        }
    }
}

/// Movies and TV merged page by page: a buffer per type, each refilled from its
/// next page only when it runs empty and another item is needed, so no more
/// pages are fetched than the merge uses.
struct MergedListing {
    typealias Fetch = @Sendable (MediaType, Int) async throws -> TMDBPage<TitleItem>

    let order: MergeOrder
    let types: [MediaType]
    let fetch: Fetch

    private struct Source {
        var buffer: [TitleItem] = []
        var nextPage = 1
        var exhausted = false
    }

    /// Items `offset ..< offset + count` of the merged order.
    func items(offset: Int = 0, count: Int) async throws -> [TitleItem] {
        var sources = Dictionary(uniqueKeysWithValues: types.map { ($0, Source()) })
        var seen = Set<String>()
        var merged: [TitleItem] = []
        while merged.count < offset + count {
            try await refill(&sources)
            let candidates = types.compactMap { type in sources[type]?.buffer.first }
            guard let head = candidates.min(by: order.precedes) else { break }
            sources[head.type]?.buffer.removeFirst()
            if seen.insert(head.listKey).inserted { merged.append(head) }
        }
        return Array(merged.dropFirst(offset))
    }

    /// Fetches the next page of every source whose buffer is empty, concurrently, until each
    /// has an item or has run out (a page can arrive empty when hiding left all of it out).
    private func refill(_ sources: inout [MediaType: Source]) async throws {
        while true {
            let empty = types.filter { sources[$0].map { $0.buffer.isEmpty && !$0.exhausted } ?? false }
            guard !empty.isEmpty else { return }
            let pages = try await withThrowingTaskGroup(of: (MediaType, TMDBPage<TitleItem>).self) { group in
                for type in empty {
                    let page = sources[type]?.nextPage ?? 1
                    group.addTask { (type, try await fetch(type, page)) }
                }
                return try await group.reduce(into: [(MediaType, TMDBPage<TitleItem>)]()) { $0.append($1) }
            }
            for (type, answer) in pages {
                guard var source = sources[type] else { continue }
                source.buffer = answer.results
                source.exhausted = answer.sent == 0 || source.nextPage >= min(answer.totalPages, TMDBPaging.lastPage)
                source.nextPage += 1
                sources[type] = source
            }
        }
    }
}
