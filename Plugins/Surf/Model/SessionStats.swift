import Foundation

/// A log summed up: sessions and hours in all, by spot and by month, and what the best-rated
/// sessions' conditions had in common.
struct SessionStats: Encodable, Sendable {
    struct Group: Encodable, Sendable, Equatable {
        var name: String
        var sessions: Int
        var hours: Double
        var averageRating: Double?
    }

    /// The conditions of the best-rated sessions: their rating, how many, and the means and most
    /// common wind and tide among those whose conditions are known.
    struct Best: Encodable, Sendable, Equatable {
        var rating: Int
        var sessions: Int
        var waveHeight: Double?
        var wavePeriod: Double?
        var relativeWind: RelativeWind?
        var tide: TidePreference?
    }

    var sessions: Int
    var hours: Double
    var averageRating: Double?
    var bySpot: [Group]
    /// "2026-11", oldest first, every month from the first session's to the last's.
    var byMonth: [Group]
    var best: Best?

    init(_ log: [SurfSession]) {
        sessions = log.count
        hours = log.map(\.hours).reduce(0, +)
        averageRating = Self.mean(log.compactMap { $0.rating.map(Double.init) })
        bySpot = Dictionary(grouping: log, by: \.spot).map { Self.group($0.key, $0.value) }
            .sorted { $0.sessions != $1.sessions ? $0.sessions > $1.sessions : $0.name < $1.name }
        let months = Dictionary(grouping: log, by: \.month)
        byMonth = Self.months(from: months.keys.min(), to: months.keys.max()).map { Self.group($0, months[$0] ?? []) }
        best = log.compactMap(\.rating).max().map { top in
            let rated = log.filter { $0.rating == top }
            let known = rated.compactMap(\.conditions)
            return Best(
                rating: top,
                sessions: rated.count,
                waveHeight: Self.mean(known.compactMap(\.waveHeight)),
                wavePeriod: Self.mean(known.compactMap(\.wavePeriod)),
                relativeWind: Self.mostCommon(known.compactMap(\.relativeWind)),
                tide: Self.mostCommon(known.compactMap { $0.tideStage.map(TidePreference.of(stage:)) })
            )
        }
    }

    private static func group(_ name: String, _ sessions: [SurfSession]) -> Group {
        Group(
            name: name,
            sessions: sessions.count,
            hours: sessions.map(\.hours).reduce(0, +),
            averageRating: mean(sessions.compactMap { $0.rating.map(Double.init) })
        )
    }

    private static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The most frequent; ties go to the first in sorted order, so the answer never flickers.
    private static func mostCommon<Value: Hashable & RawRepresentable<String>>(_ values: [Value]) -> Value? {
        Dictionary(grouping: values) { $0 }.max { a, b in
            a.value.count != b.value.count ? a.value.count < b.value.count : a.key.rawValue > b.key.rawValue
        }?.key
    }

    /// "2026-09" … "2026-11"
    private static func months(from first: String?, to last: String?) -> [String] {
        guard let first, let last else { return [] }
        var months: [String] = []
        var (year, month) = (Int(first.prefix(4)) ?? 0, Int(first.suffix(2)) ?? 1)
        while String(format: "%04d-%02d", year, month) <= last, months.count < 1_200 {
            months.append(String(format: "%04d-%02d", year, month))
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        return months
    }
}
