import Foundation
import PluginAPI

/// How logged sessions read: rows, sentences, the conditions in a phrase, ratings as stars.
enum SessionText {
    /// "★★★★☆"; "–" unrated.
    static func stars(_ rating: Int?) -> String {
        guard let rating else { return "–" }
        return String(repeating: "★", count: rating) + String(repeating: "☆", count: max(0, 5 - rating))
    }

    /// "Sat 28 Nov 2026 07:30 GMT"
    static func when(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_IE")
        formatter.timeZone = SpotTime.zone
        formatter.dateFormat = "EEE d MMM yyyy HH:mm"
        return "\(formatter.string(from: date)) \(SpotTime.zoneName(SpotTime.zone, at: date))"
    }

    /// "1.8m at 9s WNW, 15 km/h offshore, rising mid tide"
    static func conditions(_ c: SessionConditions?, units: UnitSystem) -> String {
        guard let c else { return "conditions unknown" }
        var parts: [String] = []
        if c.waveHeight != nil {
            parts.append(
                units.height(c.waveHeight) + (c.wavePeriod.map { " at \(Int($0.rounded()))s" } ?? "")
                    + (c.waveDirection.map { " " + Compass.name($0) } ?? "")
            )
        }
        if c.windSpeed != nil { parts.append([units.speed(c.windSpeed), c.relativeWind?.rawValue].compactMap { $0 }.joined(separator: " ")) }
        if let stage = c.tideStage {
            parts.append(
                [c.tideRising.map { $0 ? "rising" : "falling" }, TidePreference.of(stage: stage).rawValue + " tide"].compactMap { $0 }.joined(
                    separator: " "
                )
            )
        }
        return parts.isEmpty ? "conditions unknown" : parts.joined(separator: ", ")
    }

    static func hours(_ value: Double) -> String {
        NumberStyle.oneDecimal(value) + " h"
    }

    static func columns(_ units: UnitSystem) -> [Column<SurfSession>] {
        [
            Column("#", rightAligned: true) { "\($0.number)" },
            Column("When") { when($0.start) },
            Column("Spot") { $0.spot },
            Column("Hours", rightAligned: true) { NumberStyle.oneDecimal($0.hours) },
            Column("Rating") { stars($0.rating) },
            Column("Conditions", flexible: true) { conditions($0.conditions, units: units) },
            Column("From") { $0.conditions?.said ?? "–" },
            Column("Board") { $0.board ?? "" },
            Column("Note", flexible: true) { $0.note ?? "" },
        ]
    }

    static func spoken(_ session: SurfSession, units: UnitSystem) -> String {
        var text = "Session \(session.number): \(session.spot), \(when(session.start)), \(hours(session.hours))"
        if let rating = session.rating { text += ", rated \(rating) of 5" }
        text += "; " + conditions(session.conditions, units: units)
        if let said = session.conditions?.said { text += " (\(said))" }
        if let board = session.board { text += "; board: \(board)" }
        if let note = session.note { text += "; \(note)" }
        return text + "."
    }
}
