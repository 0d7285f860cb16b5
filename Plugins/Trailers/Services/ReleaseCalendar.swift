import Foundation
import PluginAPI
import TMDB

/// The coming releases of the watchlist's titles, from their details (one cached request each,
/// the one `show` makes).
extension TrailerCatalog {
    /// What the calendar found: the releases by date, and the titles that could not be looked up.
    struct Releases: Sendable {
        var releases: [UpcomingRelease]
        var failed: [(item: TitleItem, error: ToolboxError)]
    }

    /// The releases of `items` in the region from `today` for `days` days. A title that cannot be
    /// looked up is left out and named; when none can be, the first failure is thrown.
    func releases(of items: [TitleItem], days: Int, today: Date = Date()) async throws -> Releases {
        let from = DateStyle.isoDate(today)
        let to = DateStyle.isoDate(Calendar.current.date(byAdding: .day, value: days, to: today) ?? today)
        let looked = try await items.concurrentMap { item -> Result<[UpcomingRelease], ToolboxError> in
            do {
                let details = try await tmdbDetails(item.id, type: item.type)
                return .success(UpcomingRelease.of(details, type: item.type, region: region, from: from, to: to))
            } catch {
                return .failure(ToolboxError.from(error))
            }
        }
        var releases: [UpcomingRelease] = []
        var failed: [(TitleItem, ToolboxError)] = []
        for (item, result) in zip(items, looked) {
            switch result {
            case .success(let found): releases += found
            case .failure(let error): failed.append((item, error))
            }
        }
        if releases.isEmpty, failed.count == items.count, let first = failed.first { throw first.1 }
        releases.sort { ($0.date, $0.title, $0.kind.rawValue) < ($1.date, $1.title, $1.kind.rawValue) }
        return Releases(releases: releases, failed: failed)
    }
}
