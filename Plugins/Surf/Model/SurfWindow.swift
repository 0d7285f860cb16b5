import Foundation
import PluginAPI

/// A run of consecutive daylight hours at one spot whose every hour reaches a score: when to go.
struct SurfWindow: Encodable, Sendable {
    var spot: Spot
    /// The first hour's start, and the last hour's end.
    var start, end: Date
    /// The mean of its hours' scores.
    var score: Double
    /// Its best hour, with the tide then, and how far that tide was from low to high water.
    var best: SpotConditions
    var stage: Double?

    var hours: Int { Int((end.timeIntervalSince(start) / 3600).rounded()) }

    enum CodingKeys: String, CodingKey { case spot, region, start, end, hours, score, reason, best }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(spot.name, forKey: .spot)
        try container.encode(spot.region, forKey: .region)
        try container.encode(SpotTime.iso(start), forKey: .start)
        try container.encode(SpotTime.iso(end), forKey: .end)
        try container.encode(hours, forKey: .hours)
        try container.encode((score * 100).rounded() / 100, forKey: .score)
        try container.encode(SurfWindows.reason(self, units: .metric), forKey: .reason)
        try container.encode(best, forKey: .best)
    }
}

/// Finding the best windows in spots' forecasts.
enum SurfWindows {
    /// An hour's score: `conditions`' promise (the swell, or the waves, in metres, times how well
    /// the wind suits the beach: offshore 1, cross-offshore 0.9, cross-shore 0.6, cross-onshore 0.4,
    /// onshore 0.2), halved when the spot states a tide and the tide then is another.
    static func score(_ hour: SpotConditions, at spot: Spot, stage: Double?) -> Double {
        guard let preference = spot.tide, let stage, !preference.suits(stage: stage) else { return hour.promise }
        return hour.promise / 2
    }

    /// Every window at a spot whose every hour is in daylight, between the hour now and `until`,
    /// and reaches `minimum`.
    static func windows(
        at spot: Spot,
        hours: [SpotConditions],
        tide: TideTable?,
        minimum: Double,
        from now: Date,
        until end: Date = .distantFuture
    ) -> [SurfWindow] {
        let runs = daylightRuns(at: spot, hours: hours, from: now, until: end) { hour, time -> (score: Double, stage: Double?)? in
            let stage = tide?.stage(at: time)
            let score = score(hour, at: spot, stage: stage)
            return score >= minimum ? (score, stage) : nil
        }
        return runs.compactMap { run in
            guard let first = run.first, let last = run.last, let best = run.max(by: { $0.taken.score < $1.taken.score }) else { return nil }
            return SurfWindow(
                spot: spot,
                start: first.time,
                end: last.time.addingTimeInterval(3600),
                score: run.map(\.taken.score).reduce(0, +) / Double(run.count),
                best: best.hour,
                stage: best.taken.stage
            )
        }
    }

    /// The runs of consecutive daylight hours at a spot, between the hour now and `end`, whose every
    /// hour `take` takes (what it returns for an hour goes with it); in time order.
    static func daylightRuns<Taken>(
        at spot: Spot,
        hours: [SpotConditions],
        from now: Date,
        until end: Date,
        take: (SpotConditions, Date) -> Taken?
    ) -> [[(hour: SpotConditions, time: Date, taken: Taken)]] {
        var runs: [[(hour: SpotConditions, time: Date, taken: Taken)]] = []
        var run: [(hour: SpotConditions, time: Date, taken: Taken)] = []
        func close() {
            if !run.isEmpty { runs.append(run) }
            run = []
        }
        let timed = hours.compactMap { hour in hour.time.map { (hour, $0) } }.sorted { $0.1 < $1.1 }
        for (hour, time) in timed where time.addingTimeInterval(3600) > now && time < end {
            guard let taken = take(hour, time), Daylight.isDaylight(time, latitude: spot.latitude, longitude: spot.longitude) else {
                close()
                continue
            }
            if let previous = run.last?.time, time.timeIntervalSince(previous) != 3600 { close() }
            run.append((hour, time, taken))
        }
        close()
        return runs
    }

    /// Best first: by score, then the longer, then the sooner.
    static func ranked(_ windows: [SurfWindow]) -> [SurfWindow] {
        windows.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.hours != b.hours { return a.hours > b.hours }
            return a.start < b.start
        }
    }

    /// Why, from its best hour: "1.4m at 11s, light offshore, rising mid tide".
    static func reason(_ window: SurfWindow, units: UnitSystem) -> String {
        let hour = window.best
        var parts: [String] = []
        if let height = hour.swellHeight ?? hour.waveHeight {
            parts.append(units.height(height) + (hour.swellPeriod.map { " at \(Int($0.rounded()))s" } ?? ""))
        }
        if let second = hour.secondSwellThatMatters {
            parts.append("with a second swell of \(ConditionsText.swell(second, units: units))")
        }
        if let relative = hour.relativeWind {
            parts.append([strength(hour.windSpeed), relative.rawValue].compactMap { $0 }.joined(separator: " "))
        }
        if let tide = hour.tide, let stage = window.stage {
            parts.append("\(tide.trend.rawValue) \(TidePreference.of(stage: stage).rawValue) tide")
        }
        return parts.joined(separator: ", ")
    }

    /// A wind's strength in words, by its km/h (Beaufort's light breeze and below is light).
    static func strength(_ kilometresPerHour: Double?) -> String? {
        guard let speed = kilometresPerHour else { return nil }
        return speed < 12 ? "light" : speed < 29 ? "moderate" : speed < 50 ? "strong" : "gale"
    }

    /// "Sat 28 Nov 09:00–12:00 GMT".
    static func span(_ window: SurfWindow) -> String {
        let end = TideText.clock(window.end)
        return "\(TideText.day(window.start)) \(TideText.clock(window.start).prefix(5))–\(end)"
    }
}
