import Foundation
import PluginAPI

/// The forecast as people read it: every third hour, grouped by local day.
enum ForecastTable {
    static func everyThirdHour(_ hours: [ForecastHour], zone: TimeZone = SpotTime.zone) -> [ForecastHour] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return hours.filter { $0.time.map { calendar.component(.hour, from: $0) % 3 == 0 } ?? false }
    }
}

/// The terminal chart: a sparkline of wave height, wind arrows, day boundaries.
enum ForecastChart {
    /// The chart as lines. One column per 3-hour step; `│` starts each new day. Where the steps
    /// have the tide, its height is a line too, and under it each high (H) and low (L) water of
    /// `tide` at the step nearest it.
    static func render(_ steps: [ForecastHour], units: UnitSystem, tide: TideTable? = nil, zone: TimeZone = SpotTime.zone) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_IE")
        formatter.timeZone = zone
        formatter.dateFormat = "EEE d"
        // A forecast's hours all have a time (an hour without one is left out of the series).
        let timed = steps.indices.filter { steps[$0].time != nil }
        let days = Dictionary(grouping: timed) { calendar.startOfDay(for: steps[$0].time ?? .distantPast) }.sorted { $0.key < $1.key }
        let line = Array(Sparkline.line(steps.map(\.waveHeight)))
        let levels = Array(Sparkline.line(steps.map { $0.tide?.height }))
        var labels = ""
        var waves = ""
        var winds = ""
        var tides = ""
        var turns = ""
        for (index, day) in days.enumerated() {
            let separator = index == 0 ? "" : "│"
            let width = day.value.count
            labels += separator + DisplayWidth.pad(DisplayWidth.truncate(formatter.string(from: day.key), to: width), to: width)
            waves += separator + String(day.value.map { line[$0] })
            winds += separator + String(day.value.map { steps[$0].windDirection.map { Character(Compass.arrow(windFrom: $0)) } ?? " " })
            tides += separator + String(day.value.map { levels[$0] })
            turns += (index == 0 ? "" : " ") + String(day.value.map { turn(near: steps[$0].time, in: tide) })
        }
        let heights = steps.compactMap(\.waveHeight)
        let range = heights.isEmpty ? "no wave data" : "waves \(units.height(heights.min())) – \(units.height(heights.max()))"
        var chart = ["      " + labels, "wave  " + waves, "wind  " + winds]
        var key = ["      " + range + ", every 3 hours, wind arrows point downwind"]
        // A second swell that matters, on the waves' scale, where it does.
        let seconds = steps.map { $0.secondSwellThatMatters?.height }
        if let most = seconds.compactMap({ $0 }).max() {
            let scale = Array(Sparkline.line(steps.map(\.waveHeight) + seconds))
            var line = ""
            for (index, day) in days.enumerated() {
                line += (index == 0 ? "" : "│") + String(day.value.map { scale[steps.count + $0] })
            }
            chart.insert("2nd   " + line, at: 2)
            key.append("      2nd: a second swell that matters (up to \(units.height(most))), on the waves' scale")
        }
        let tideHeights = steps.compactMap { $0.tide?.height }
        if let low = tideHeights.min(), let high = tideHeights.max() {
            chart += ["tide  " + tides, "      " + turns]
            key.append("      tide \(units.height(low)) – \(units.height(high)) above chart datum, H high water, L low water")
        }
        return chart + key
    }

    /// "H" or "L" when a high or low water falls within the 3 hours a step stands for.
    private static func turn(near time: Date?, in tide: TideTable?) -> Character {
        guard let time, let turn = tide?.turns.first(where: { (-5_400..<5_400).contains($0.time.timeIntervalSince(time)) }) else { return " " }
        return turn.kind == .high ? "H" : "L"
    }
}
