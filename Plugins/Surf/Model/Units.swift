import Foundation
import PluginAPI

/// How measurements are shown: JSON is always metric.
enum UnitSystem: String, Sendable, CaseIterable {
    case metric, imperial

    /// "1.8m" or "5.9ft".
    func height(_ meters: Double?) -> String {
        guard let meters else { return "–" }
        return self == .metric ? NumberStyle.oneDecimal(meters) + "m" : NumberStyle.oneDecimal(meters * 3.28084) + "ft"
    }

    /// "24 km/h" or "15 mph".
    func speed(_ kilometresPerHour: Double?) -> String {
        guard let kilometresPerHour else { return "–" }
        return self == .metric ? "\(Int(kilometresPerHour.rounded())) km/h" : "\(Int((kilometresPerHour / 1.609344).rounded())) mph"
    }

    /// "13°C" or "55°F".
    func temperature(_ celsius: Double?) -> String {
        guard let celsius else { return "–" }
        return self == .metric ? "\(Int(celsius.rounded()))°C" : "\(Int((celsius * 9 / 5 + 32).rounded()))°F"
    }
}

/// Converting what sources send into metric: m, km/h, °C.
enum MetricConversion {
    static func kilometresPerHour(metresPerSecond value: Double) -> Double { value * 3.6 }
    static func kilometresPerHour(knots value: Double) -> Double { value * 1.852 }

    /// A value in the unit a source named (Open-Meteo's `hourly_units`, ERDDAP's units row),
    /// as metric; nil when the unit is one toolbox does not know.
    static func metric(_ value: Double, unit: String) -> Double? {
        switch unit.lowercased() {
        case "m", "meters", "metres", "km/h", "kmh", "°c", "degrees_c", "celsius", "s", "seconds", "°", "degrees true", "degrees_true": value
        case "ft", "feet": value / 3.28084
        case "kn", "knots", "kt": kilometresPerHour(knots: value)
        case "m/s", "ms": kilometresPerHour(metresPerSecond: value)
        case "mph", "mp/h": value * 1.609344
        case "°f", "fahrenheit": (value - 32) * 5 / 9
        default: nil
        }
    }
}

/// Readings that mean "no reading": "n/a", "na", "null", "", "-" and NaN.
enum Reading {
    static func number(_ text: String?) -> Double? {
        guard let text else { return nil }
        let trimmed = text.trimmed
        if ["n/a", "na", "null", "", "-", "nan"].contains(trimmed.lowercased()) { return nil }
        guard let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }
}
