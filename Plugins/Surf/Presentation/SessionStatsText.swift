import Foundation
import PluginAPI

/// A log's sums as a screen (with a bar of hours for each month), as sentences, and as rows.
enum SessionStatsText {
    static func screen(_ stats: SessionStats, units: UnitSystem, bold: (String) -> String, color: Bool) -> [String] {
        var lines = [bold("\(count(stats.sessions, "session")), \(SessionText.hours(stats.hours))") + rating(stats.averageRating, prefix: ", rated ")]
        lines += ["", bold("By spot")]
        let nameWidth = stats.bySpot.map { DisplayWidth.of($0.name) }.max() ?? 0
        for spot in stats.bySpot {
            lines.append(
                "  \(DisplayWidth.pad(spot.name, to: nameWidth))  \(count(spot.sessions, "session")), \(SessionText.hours(spot.hours))"
                    + rating(spot.averageRating, prefix: ", ")
            )
        }
        lines += ["", bold("By month") + " (hours)"]
        let most = stats.byMonth.map(\.hours).max() ?? 0
        for month in stats.byMonth {
            // A bar of up to 30 cells, in eighths, so short months still show.
            let eighths = most > 0 ? Int((month.hours / most * 30 * 8).rounded()) : 0
            let bar = String(repeating: "█", count: eighths / 8) + (eighths % 8 > 0 ? String(Array("▏▎▍▌▋▊▉")[eighths % 8 - 1]) : "")
            let tinted = color && !bar.isEmpty ? "\u{1B}[36m\(bar)\u{1B}[0m" : bar
            lines.append("  \(month.name)  \(tinted)\(bar.isEmpty ? "" : " ")\(NumberStyle.oneDecimal(month.hours))")
        }
        if let best = stats.best {
            lines += [
                "", bold("Your best (\(SessionText.stars(best.rating)), \(count(best.sessions, "session")))"),
                "  " + bestConditions(best, units: units),
            ]
        }
        return lines
    }

    static func spoken(_ stats: SessionStats, units: UnitSystem) -> [String] {
        var lines = [
            "\(count(stats.sessions, "session")), \(SessionText.hours(stats.hours)) in all" + rating(stats.averageRating, prefix: ", rated ") + "."
        ]
        lines += stats.bySpot.map {
            "\($0.name): \(count($0.sessions, "session")), \(SessionText.hours($0.hours))" + rating($0.averageRating, prefix: ", rated ") + "."
        }
        lines += stats.byMonth.filter { $0.sessions > 0 }.map { "\($0.name): \(count($0.sessions, "session")), \(SessionText.hours($0.hours))." }
        if let best = stats.best { lines.append("Your best sessions, rated \(best.rating) of 5: \(bestConditions(best, units: units)).") }
        return lines
    }

    /// Tab-separated: `spot` or `month` rows with name, sessions, hours and average rating.
    static func rows(_ stats: SessionStats) -> [String] {
        func row(_ kind: String, _ group: SessionStats.Group) -> String {
            [
                kind, group.name, "\(group.sessions)", NumberStyle.oneDecimal(group.hours),
                group.averageRating.map { NumberStyle.oneDecimal($0) } ?? "",
            ].joined(separator: "\t")
        }
        return stats.bySpot.map { row("spot", $0) } + stats.byMonth.map { row("month", $0) }
    }

    static func bestConditions(_ best: SessionStats.Best, units: UnitSystem) -> String {
        var parts: [String] = []
        if let height = best.waveHeight {
            parts.append("waves \(units.height(height))" + (best.wavePeriod.map { " at \(Int($0.rounded()))s" } ?? ""))
        }
        if let wind = best.relativeWind { parts.append("\(wind.rawValue) wind") }
        if let tide = best.tide { parts.append("\(tide.rawValue) tide") }
        return parts.isEmpty ? "their conditions are unknown" : "on average " + parts.joined(separator: ", ")
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    private static func rating(_ value: Double?, prefix: String) -> String {
        value.map { "\(prefix)\(NumberStyle.oneDecimal($0))/5" } ?? ""
    }
}
