import Foundation

/// How alike a forecast hour is to a logged session at the same spot, condition by condition: each
/// difference over what a surfer would still call the same (0 the same, 1 at the edge, past 1 not alike).
struct SessionLikeness: Sendable, Equatable {
    var waveHeight: Double
    var wavePeriod: Double?
    var waveDirection: Double?
    var wind: Double?
    var tide: Double?

    private var known: [Double] { [waveHeight, wavePeriod, waveDirection, wind, tide].compactMap { $0 } }

    /// Alike in every condition both have.
    var isAlike: Bool { known.allSatisfy { $0 <= 1 } }
    /// How far apart on the whole: the mean of the differences.
    var distance: Double { known.reduce(0, +) / Double(known.count) }

    /// The same within 0.3 m or a quarter of the session's height, 2 s, 30°, the wind within 45° and
    /// 12 km/h (two light winds are alike from anywhere), the tide within a quarter of its range.
    /// nil when either lacks a wave height: nothing to compare.
    init?(hour: SpotConditions, tideStage: Double?, session: SessionConditions) {
        guard let height = hour.waveHeight, let then = session.waveHeight else { return nil }
        waveHeight = abs(height - then) / max(0.3, 0.25 * then)
        wavePeriod = Self.both(hour.wavePeriod, session.wavePeriod) { abs($0 - $1) / 2 }
        waveDirection = Self.both(hour.waveDirection, session.waveDirection) { Compass.difference($0, $1) / 30 }
        wind = Self.both(hour.windSpeed, session.windSpeed) { speed, thenSpeed in
            if speed < 10, thenSpeed < 10 { return 0 }
            let turn = Self.both(hour.windDirection, session.windDirection) { Compass.difference($0, $1) / 45 } ?? 0
            return max(abs(speed - thenSpeed) / 12, turn)
        }
        tide = Self.both(tideStage, session.tideStage) { abs($0 - $1) / 0.25 }
    }

    private static func both(_ a: Double?, _ b: Double?, _ compare: (Double, Double) -> Double) -> Double? {
        guard let a, let b else { return nil }
        return compare(a, b)
    }
}

/// A coming run of daylight hours at a spot, each like one of the surfer's best sessions there.
struct LikeWindow: Sendable {
    var spot: Spot
    var start, end: Date
    /// The session the window is most like, at its closest hour, and that hour.
    var session: SurfSession
    var hour: SpotConditions
    var tideStage: Double?
    var distance: Double

    var hours: Int { Int((end.timeIntervalSince(start) / 3600).rounded()) }

    /// Every window at `spot` between now and `until` whose every hour is in daylight and like one of
    /// `sessions`; the closest first.
    static func windows(
        at spot: Spot,
        hours: [SpotConditions],
        tide: TideTable?,
        sessions: [SurfSession],
        from now: Date,
        until end: Date
    ) -> [LikeWindow] {
        typealias Match = (session: SurfSession, likeness: SessionLikeness, stage: Double?)
        let runs = SurfWindows.daylightRuns(at: spot, hours: hours, from: now, until: end) { hour, time -> Match? in
            let stage = tide?.stage(at: time)
            let alike = sessions.compactMap { session in
                session.conditions.flatMap { SessionLikeness(hour: hour, tideStage: stage, session: $0) }.map { (session: session, likeness: $0) }
            }
            return alike.filter(\.likeness.isAlike).min { $0.likeness.distance < $1.likeness.distance }.map { ($0.session, $0.likeness, stage) }
        }
        let windows = runs.compactMap { run -> LikeWindow? in
            guard let first = run.first, let last = run.last, let closest = run.min(by: { $0.taken.likeness.distance < $1.taken.likeness.distance })
            else { return nil }
            return LikeWindow(
                spot: spot,
                start: first.time,
                end: last.time.addingTimeInterval(3600),
                session: closest.taken.session,
                hour: closest.hour,
                tideStage: closest.taken.stage,
                distance: run.map(\.taken.likeness.distance).reduce(0, +) / Double(run.count)
            )
        }
        return closestFirst(windows)
    }

    /// The closest first; ties the sooner first.
    static func closestFirst(_ windows: [LikeWindow]) -> [LikeWindow] {
        windows.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.start < $1.start }
    }
}
