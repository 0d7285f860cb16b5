import Foundation
import PluginAPI
import TMDB

/// `trailers arrivals`: the kept titles' offers on the user's services, against what the
/// record saw last, kept in `<data>/trailers/arrivals.json` (atomic, under its lock, 0600).
struct ArrivalWatch: Sendable {
    let store: JSONFileStore<ArrivalRecord>

    init(dataFolder: String) {
        store = JSONFileStore(path: "\(dataFolder)/trailers/arrivals.json", empty: ArrivalRecord(), mode: 0o600)
    }

    /// What a look found: the arrivals, when the record looked before, and the titles TMDB no longer has.
    struct Look: Sendable {
        var arrivals: [Arrival]
        var previous: Date?
        var gone: [KeptTitles.Title]
    }

    /// Asks TMDB once for each title (all at once; the web client caps requests per host) and
    /// records the answers. Any failure but a title TMDB no longer has fails the look before
    /// anything is recorded, as does an answer the cache gave in the network's place: an arrival
    /// is told from what TMDB says now.
    func look(
        at titles: [KeptTitles.Title],
        services: StreamingServices,
        client: TMDBClient,
        web: WebClient,
        now: Date = Date()
    ) async throws -> Look {
        let answers = try await titles.concurrentMap { title -> [ServiceOffer]? in
            do {
                return services.offers(in: try await client.watchOptions(of: title.id, type: title.type))
            } catch let error as ToolboxError where error.kind == .notFound {
                return nil
            }
        }
        if let age = web.staleAge {
            throw ToolboxError.unavailable(
                "TMDB could not be reached, and arrivals are told only from its answers now (the cache's answers are \(RelativeTime.duration(age)) old)",
                hint: "check your network connection and run it again; nothing was told or recorded"
            )
        }
        var looked: [String: [ServiceOffer]] = [:]
        var gone: [KeptTitles.Title] = []
        for (title, offers) in zip(titles, answers) {
            if let offers { looked[title.key] = offers } else { gone.append(title) }
        }
        let region = client.locale.region
        return try store.update { record in
            let previous = record.lastLook
            let arrivals = record.look(at: looked, of: titles, region: region, today: DateStyle.isoDate(now), now: now)
            return Look(arrivals: arrivals, previous: previous, gone: gone)
        }
    }
}
