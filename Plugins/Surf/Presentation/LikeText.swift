import Foundation
import PluginAPI

/// How a window like a past session reads, and what `--json` gives of it.
enum LikeText {
    struct Item: Encodable {
        var window: LikeWindow

        enum CodingKeys: String, CodingKey { case spot, region, start, end, hours, distance, session, conditions, why }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(window.spot.name, forKey: .spot)
            try container.encode(window.spot.region, forKey: .region)
            try container.encode(SpotTime.iso(window.start), forKey: .start)
            try container.encode(SpotTime.iso(window.end), forKey: .end)
            try container.encode(window.hours, forKey: .hours)
            try container.encode((window.distance * 100).rounded() / 100, forKey: .distance)
            try container.encode(window.session, forKey: .session)
            try container.encode(window.hour, forKey: .conditions)
            try container.encode(LikeText.why(window, units: .metric), forKey: .why)
        }
    }

    static func columns(_ units: UnitSystem) -> [Column<Item>] {
        [
            Column("Spot") { $0.window.spot.name },
            Column("When") { span($0.window) },
            Column("Hours", rightAligned: true) { "\($0.window.hours)" },
            Column("Like") { "#\($0.window.session.number) \(day($0.window.session.start)) \(SessionText.stars($0.window.session.rating))" },
            Column("Why", flexible: true) { why($0.window, units: units) },
        ]
    }

    static func spoken(_ window: LikeWindow, units: UnitSystem) -> String {
        "\(window.spot.name), \(span(window)): like your session of \(day(window.session.start)), rated \(window.session.rating ?? 0) of 5; \(why(window, units: units))."
    }

    /// "1.7m at 9s WNW, 14 km/h offshore, mid tide; then 1.8m at 10s WNW, 12 km/h offshore, mid tide"
    static func why(_ window: LikeWindow, units: UnitSystem) -> String {
        let hour = window.hour
        let now = SessionConditions(
            source: .forecast,
            waveHeight: hour.waveHeight,
            wavePeriod: hour.wavePeriod,
            waveDirection: hour.waveDirection,
            windSpeed: hour.windSpeed,
            windDirection: hour.windDirection,
            relativeWind: hour.relativeWind,
            tideStage: window.tideStage
        )
        return SessionText.conditions(now, units: units) + "; then " + SessionText.conditions(window.session.conditions, units: units)
    }

    private static func span(_ window: LikeWindow) -> String {
        "\(TideText.day(window.start)) \(TideText.clock(window.start).prefix(5))–\(TideText.clock(window.end))"
    }

    private static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_IE")
        formatter.timeZone = SpotTime.zone
        formatter.dateFormat = "d MMM yyyy"
        return formatter.string(from: date)
    }
}
