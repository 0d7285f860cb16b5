import Foundation
import PluginAPI

/// How a forecast check reads: the sentence that sums it up, the phrase beside conditions, the
/// hours as rows and the chart of forecast against measured height.
enum VerifyText {
    /// "the forecast ran 0.4m low at M4 over the last 24 h"; nil with no wave height to compare.
    static func headline(_ check: ForecastCheck, units: UnitSystem) -> String? {
        guard let waves = check.accuracy(.waveHeight) else { return nil }
        return "the forecast \(heightBias(waves, units: units)) at \(check.buoy.name) over the last \(check.asked.count) h"
    }

    /// Beside conditions and the best hours: "The forecast at M4: ran 0.4m low over the last 24 h."
    static func phrase(_ check: ForecastCheck, units: UnitSystem) -> String? {
        guard let waves = check.accuracy(.waveHeight) else { return nil }
        return "The forecast at \(check.buoy.name): \(heightBias(waves, units: units)) over the last \(check.asked.count) h."
    }

    /// "ran 0.4m low", "ran 0.3m high", or "was on the mark" (a bias under 0.05 m).
    static func heightBias(_ accuracy: Accuracy, units: UnitSystem) -> String {
        guard abs(accuracy.bias) >= 0.05 else { return "was on the mark" }
        return "ran \(units.height(abs(accuracy.bias))) \(accuracy.bias < 0 ? "low" : "high")"
    }

    /// "bias -0.4m, mean error 0.5m (20 h)" for one quantity.
    static func summary(_ quantity: CheckedQuantity, _ accuracy: Accuracy, units: UnitSystem) -> String {
        func value(_ amount: Double, signed: Bool) -> String {
            let sign = signed && amount > 0 ? "+" : signed && amount < 0 ? "-" : ""
            let size = abs(amount)
            let text: String =
                switch quantity {
                case .waveHeight: units.height(size)
                case .wavePeriod: NumberStyle.oneDecimal(size) + "s"
                case .windSpeed: units.speed(size)
                case .windDirection: "\(Int(size.rounded()))°"
                }
            return sign + text
        }
        return "bias \(value(accuracy.bias, signed: true)), mean error \(value(accuracy.meanAbsoluteError, signed: false)) (\(accuracy.hours) h)"
    }

    static func label(_ quantity: CheckedQuantity) -> String {
        switch quantity {
        case .waveHeight: "Wave height"
        case .wavePeriod: "Wave period"
        case .windSpeed: "Wind speed"
        case .windDirection: "Wind direction"
        }
    }

    /// "1 hour left out: no buoy reading (1)"; nil when none was.
    static func leftOut(_ check: ForecastCheck) -> String? {
        let total = check.withoutReading + check.withoutForecast
        guard total > 0 else { return nil }
        var reasons: [String] = []
        if check.withoutReading > 0 { reasons.append("\(check.withoutReading) without a buoy reading") }
        if check.withoutForecast > 0 { reasons.append("\(check.withoutForecast) without a kept forecast") }
        return "\(total) of \(check.asked.count) \(check.asked.count == 1 ? "hour" : "hours") left out: " + reasons.joined(separator: ", ")
    }

    /// "M4's latest reading was 7 h ago: its feed may have stopped"; nil while it reports.
    static func staleness(_ check: ForecastCheck, now: Date) -> String? {
        guard check.stale else { return nil }
        guard let latest = check.latestReading else { return "\(check.buoy.name) sent no reading in that time: its feed may have stopped" }
        return "\(check.buoy.name)'s latest reading was \(RelativeTime.ago(now.timeIntervalSince(latest))): its feed may have stopped"
    }

    static func columns(_ units: UnitSystem) -> [Column<CheckedHour>] {
        [
            Column("Time") { SpotTime.display($0.time) },
            Column("Forecast") { units.height($0.forecast.waveHeight) },
            Column("Measured") { units.height($0.measured.waveHeight) },
            Column("Off", rightAligned: true) { hour in
                CheckedQuantity.waveHeight.difference(forecast: hour.forecast, measured: hour.measured).map(signedHeight(units)) ?? "–"
            },
            Column("Period") { "\(seconds($0.forecast.wavePeriod)) / \(seconds($0.measured.wavePeriod))" },
            Column("Wind") { hour in
                "\(units.speed(hour.forecast.wind.speed)) \(compass(hour.forecast.wind.direction)) / "
                    + "\(units.speed(hour.measured.windSpeed)) \(compass(hour.measured.windDirection))"
            },
            Column("Issued") { SpotTime.display($0.issued) },
        ]
    }

    static func spoken(_ hour: CheckedHour, units: UnitSystem) -> String {
        "\(SpotTime.display(hour.time)): forecast \(units.height(hour.forecast.waveHeight)), measured \(units.height(hour.measured.waveHeight)); "
            + "wind forecast \(units.speed(hour.forecast.wind.speed)), measured \(units.speed(hour.measured.windSpeed))."
    }

    private static func signedHeight(_ units: UnitSystem) -> (Double) -> String {
        { value in (value > 0.049 ? "+" : value < -0.049 ? "-" : "") + units.height(abs(value)) }
    }

    private static func seconds(_ value: Double?) -> String { value.map { "\(Int($0.rounded()))s" } ?? "–" }
    private static func compass(_ value: Double?) -> String { value.map(Compass.name) ?? "" }
}

/// The terminal chart of a check: forecast and measured wave height hour by hour on one scale,
/// `│` where a new day starts, a gap where an hour was left out.
enum VerifyChart {
    static func render(_ check: ForecastCheck, units: UnitSystem, color: Bool, zone: TimeZone = SpotTime.zone) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let byTime = Dictionary(check.hours.map { ($0.time, $0) }, uniquingKeysWith: { first, _ in first })
        let forecast = check.asked.map { byTime[$0]?.forecast.waveHeight }
        let measured = check.asked.map { byTime[$0]?.measured.waveHeight }
        // One scale for both lines: drawn together, then cut in two.
        let both = Array(Sparkline.line(forecast + measured))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_IE")
        formatter.timeZone = zone
        formatter.dateFormat = "EEE d"
        var labels = ""
        var forecastLine = ""
        var measuredLine = ""
        var start = 0
        while start < check.asked.count {
            let day = calendar.startOfDay(for: check.asked[start])
            var end = start
            while end < check.asked.count, calendar.startOfDay(for: check.asked[end]) == day { end += 1 }
            let separator = start == 0 ? "" : "│"
            let width = end - start
            labels += separator + DisplayWidth.pad(DisplayWidth.truncate(formatter.string(from: day), to: width), to: width)
            forecastLine += separator + String(both[start..<end])
            measuredLine += separator + String(both[(check.asked.count + start)..<(check.asked.count + end)])
            start = end
        }
        let heights = (forecast + measured).compactMap { $0 }
        let range = heights.isEmpty ? "no hour to compare" : "waves \(units.height(heights.min())) – \(units.height(heights.max())), hourly"
        func tint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        return [
            "          " + labels,
            "forecast  " + tint(forecastLine, "36"),
            "measured  " + tint(measuredLine, "33"),
            "          " + range + "; a gap is an hour left out",
        ]
    }
}
