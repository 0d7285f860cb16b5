import Foundation
import PluginAPI
import TMDB

/// A coming release of a watchlist title in the region: a movie's release of one kind (TMDB's
/// release types), or a show's next episode.
struct UpcomingRelease: Encodable, Sendable, Equatable {
    /// TMDB's release types (1–6), and a show's next episode.
    enum Kind: String, Encodable, Sendable, CaseIterable {
        case premiere, limited, theatrical, digital, physical, tv, episode

        init?(tmdbType: Int) {
            let kinds: [Int: Kind] = [1: .premiere, 2: .limited, 3: .theatrical, 4: .digital, 5: .physical, 6: .tv]
            guard let kind = kinds[tmdbType] else { return nil }
            self = kind
        }

        /// "in theatres", as a sentence and an event say it.
        var phrase: String {
            switch self {
            case .premiere: "premieres"
            case .limited: "in some theatres"
            case .theatrical: "in theatres"
            case .digital: "to stream or buy digitally"
            case .physical: "on disc"
            case .tv: "on TV"
            case .episode: "new episode"
            }
        }
    }

    var id: Int
    var type: MediaType
    var title: String
    var kind: Kind
    /// `YYYY-MM-DD`.
    var date: String
    var region: String
    /// TMDB's note ("IMAX", "Blu-ray") or the episode ("S2E5 “The Name”").
    @Nullable var note: String?

    /// One UID per title and kind of release, whatever its date: a subscribed calendar moves the
    /// event when the date changes instead of adding another.
    var uid: String { "\(type.rawValue)-\(id)-\(kind.rawValue)@toolbox.trailers" }

    var displayDate: String { DateStyle.format(isoDate: date) ?? date }

    /// "Dune: Part Three in theatres" / "Severance: new episode, S2E5 “Chikhai Bardo”".
    var summary: String {
        kind == .episode ? "\(title): new episode\(note.map { ", \($0)" } ?? "")" : "\(title) \(kind.phrase)\(note.map { " (\($0))" } ?? "")"
    }

    var event: ICalendar.Event {
        ICalendar.Event(
            uid: uid,
            day: date,
            summary: summary,
            description: "\(type.label): \(kind == .episode ? "the next episode" : "the \(kind.rawValue) release") in \(region). Dates from TMDB.",
            url: TitleLinks.tmdb(id, type: type)
        )
    }

    /// The releases of one title in `region` from `from` to `to` (`YYYY-MM-DD`, inclusive): the
    /// first of each kind in that window, and a show's next episode.
    static func of(_ details: TMDBTitleDetails, type: MediaType, region: String, from: String, to: String) -> [UpcomingRelease] {
        let title = details.title
        func within(_ day: String) -> Bool { DateStyle.parse(isoDate: day) != nil && day >= from && day <= to }
        func release(_ kind: Kind, on day: String, note: String?) -> UpcomingRelease {
            let note = note.flatMap { $0.trimmed.isEmpty ? nil : $0.trimmed }
            return UpcomingRelease(id: title.id, type: type, title: title.title, kind: kind, date: day, region: region, note: note)
        }
        if type == .tv {
            guard let episode = details.nextEpisode, let day = episode.airDate, within(day) else { return [] }
            let number = episode.seasonNumber.flatMap { season in episode.episodeNumber.map { "S\(season)E\($0)" } }
            let name = episode.name.flatMap { $0.trimmed.isEmpty ? nil : "“\($0)”" }
            let note = [number, name].compactMap { $0 }.joined(separator: " ")
            return [release(.episode, on: day, note: note)]
        }
        let dates = details.releaseDates?.results.first { $0.iso31661.uppercased() == region }?.releaseDates ?? []
        var first: [Kind: UpcomingRelease] = [:]
        for entry in dates {
            guard let kind = entry.type.flatMap(Kind.init(tmdbType:)), let day = entry.releaseDate.map({ String($0.prefix(10)) }), within(day)
            else { continue }
            if let earlier = first[kind], earlier.date <= day { continue }
            first[kind] = release(kind, on: day, note: entry.note)
        }
        return first.values.sorted { ($0.date, $0.kind.rawValue) < ($1.date, $1.kind.rawValue) }
    }
}
