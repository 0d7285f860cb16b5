import Foundation
import PluginAPI

/// How tides read: heights above chart datum (LAT) and Irish clock times.
enum TideText {
    /// "14:32 IST".
    static func clock(_ date: Date, zone: TimeZone = SpotTime.zone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_IE")
        formatter.timeZone = zone
        formatter.dateFormat = "HH:mm"
        return "\(formatter.string(from: date)) \(SpotTime.zoneName(zone, at: date))"
    }

    /// "Sat 28 Mar".
    static func day(_ date: Date, zone: TimeZone = SpotTime.zone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_IE")
        formatter.timeZone = zone
        formatter.dateFormat = "EEE d MMM"
        return formatter.string(from: date)
    }

    /// "high 14:32 IST 3.7m".
    static func turn(_ turn: TideTurn, units: UnitSystem) -> String {
        "\(turn.kind.rawValue) \(clock(turn.time)) \(units.height(turn.height))"
    }

    /// "2.1m ↑": a column's worth.
    static func short(_ tide: TideNow?, units: UnitSystem) -> String {
        guard let tide else { return "–" }
        return "\(units.height(tide.height)) \(tide.trend == .rising ? "↑" : "↓")"
    }

    /// "2.1m and rising; high 14:32 IST 3.7m, low 20:51 IST 0.9m (Killybegs, 18 km away)".
    static func summary(_ tide: TideNow?, at station: TideSource?, units: UnitSystem) -> String {
        guard let tide else { return "–" }
        var text = "\(units.height(tide.height)) and \(tide.trend.rawValue)"
        let next = [tide.nextHigh, tide.nextLow].compactMap { $0 }.sorted { $0.time < $1.time }
        if !next.isEmpty { text += "; " + next.map { turn($0, units: units) }.joined(separator: ", ") }
        if let station { text += " (\(place(station)))" }
        return text
    }

    /// "Killybegs, 18 km away", or the station alone when it was named.
    static func place(_ station: TideSource) -> String {
        station.distance.map { "\(station.name), \(Int($0.rounded())) km away" } ?? station.name
    }
}
