import Foundation
import PluginAPI

/// A spot's surf now in one line of at most 60 characters, for a terminal's status bar (tmux,
/// waybar): "Bundoran 1.4m 11s ↙12kt ▲high 14:32 ★★★". The wind is in knots, as surf bars give it;
/// the tide is where it is going and when; a star for each half point of `surf best`'s score.
enum StatusLine {
    static let width = 60

    /// `staleAge`: how old the cached answer shown in the network's place was, if one was.
    static func line(_ conditions: SpotConditions, score: Double, staleAge: TimeInterval?, units: UnitSystem) -> String {
        var parts: [String] = []
        if let height = conditions.swellHeight ?? conditions.waveHeight {
            parts.append(units.height(height).replacingOccurrences(of: " ", with: ""))
        }
        if let period = conditions.swellPeriod { parts.append("\(Int(period.rounded()))s") }
        if let speed = conditions.windSpeed {
            parts.append((conditions.windDirection.map { Compass.arrow(windFrom: $0) } ?? "") + "\(Int((speed / 1.852).rounded()))kt")
        }
        if let tide = conditions.tide, let next = tide.trend == .rising ? tide.nextHigh : tide.nextLow {
            parts.append((tide.trend == .rising ? "▲" : "▼") + "\(next.kind.rawValue) \(TideText.clock(next.time).prefix(5))")
        }
        parts.append(stars(score))
        if let staleAge { parts.append("(cached \(RelativeTime.ago(staleAge)))") }
        let rest = parts.joined(separator: " ")
        // The name gives way: what the surf is matters more than how long the spot's name is.
        let room = width - rest.count - 1
        var name = conditions.spot
        if name.count > room { name = room > 1 ? String(name.prefix(room - 1)) + "…" : "" }
        return String((name.isEmpty ? rest : name + " " + rest).prefix(width))
    }

    /// "★★★": a star a half point, five at most; "·" for none.
    static func stars(_ score: Double) -> String {
        let count = min(5, max(0, Int((score * 2).rounded())))
        return count == 0 ? "·" : String(repeating: "★", count: count)
    }
}
