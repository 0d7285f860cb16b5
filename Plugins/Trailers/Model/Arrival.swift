import Foundation
import PluginAPI
import TMDB

/// A kept title now on one of the user's services in a way it was not at the last look.
struct Arrival: Encodable, Sendable, Equatable {
    var id: Int
    var type: MediaType
    var title: String
    var year: String
    var service: String
    var kind: WatchKind
    /// `YYYY-MM-DD`: the day `arrivals` first saw it there.
    var firstSeen: String
}

/// What `arrivals` saw on the services at its last look, per region and title, so that each
/// arrival is told once: an offer stays recorded while it lasts, and one that goes and comes
/// back arrives again.
struct ArrivalRecord: Codable, Sendable, Equatable {
    struct Seen: Codable, Sendable, Equatable {
        var service: String
        var kind: WatchKind
        var firstSeen: String
    }

    var lastLook: Date?
    /// "US movie/550" → its offers on the services.
    var titles: [String: [Seen]] = [:]

    /// Records a look at `looked` (each kept title asked about, with its offers now) in `region`,
    /// among the kept `titles` (a title no longer kept is forgotten; one that could not be asked
    /// keeps its record); the arrivals, in the titles' order.
    mutating func look(
        at looked: [String: [ServiceOffer]],
        of titles: [KeptTitles.Title],
        region: String,
        today: String,
        now: Date
    ) -> [Arrival] {
        var arrivals: [Arrival] = []
        var kept: [String: [Seen]] = titles.reduce(into: [:]) { record, title in
            let key = "\(region) \(title.key)"
            if let seen = self.titles[key] { record[key] = seen }
        }
        // Other regions' records stay as they were: a look in one says nothing of the others.
        for (key, seen) in self.titles where !key.hasPrefix("\(region) ") { kept[key] = seen }
        for title in titles {
            guard let offers = looked[title.key] else { continue }
            let key = "\(region) \(title.key)"
            let before = kept[key] ?? []
            kept[key] = offers.map { offer in
                if let seen = before.first(where: { $0.service == offer.service && $0.kind == offer.kind }) { return seen }
                arrivals.append(
                    Arrival(
                        id: title.id,
                        type: title.type,
                        title: title.title,
                        year: title.year,
                        service: offer.service,
                        kind: offer.kind,
                        firstSeen: today
                    )
                )
                return Seen(service: offer.service, kind: offer.kind, firstSeen: today)
            }
        }
        self.titles = kept.filter { !$0.value.isEmpty }
        lastLook = now
        return arrivals
    }
}
