import Foundation
import PluginAPI

/// The shapes of time TrebleSurf sends: ISO 8601 with or without fractional
/// seconds and with or without a zone (no zone = UTC), `yyyy-MM-dd HH:mm:ss +0000 UTC`
/// (also with nine fractional digits), and Unix epoch seconds as a string.
enum SurfTimestamp {
    static func parse(_ text: String) throws -> Date {
        let value = text.trimmed
        if !value.isEmpty, value.allSatisfy(\.isNumber), let seconds = Double(value) {
            return Date(timeIntervalSince1970: seconds)
        }
        // "2025-09-25 01:00:00.123456789 +0000 UTC" → ISO 8601 with the zone as an offset.
        var iso = value
        if iso.hasSuffix(" UTC") { iso.removeLast(4) }
        let parts = iso.split(separator: " ")
        if parts.count == 3, parts[2].count == 5 {
            let zone = parts[2]
            iso = "\(parts[0])T\(parts[1])\(zone.prefix(3)):\(zone.suffix(2))"
        } else if parts.count == 2 {
            iso = "\(parts[0])T\(parts[1])"
        }
        if let date = isoDate(iso) { return date }
        throw ToolboxError.badData("TrebleSurf sent a time toolbox cannot read: “\(text)”")
    }

    private static func isoDate(_ text: String) -> Date? {
        // No zone means UTC.
        let hasZone = text.hasSuffix("Z") || text.range(of: #"[+-]\d{2}:?\d{2}$"#, options: .regularExpression) != nil
        var value = hasZone ? text : text + "Z"
        // Fractional seconds beyond milliseconds (Go's nine digits) are cut to three.
        if let dot = value.firstIndex(of: "."), let end = value[dot...].firstIndex(where: { !$0.isNumber && $0 != "." }) {
            let digits = value[value.index(after: dot)..<end]
            value.replaceSubrange(value.index(after: dot)..<end, with: (digits + "000").prefix(3))
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = value.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.date(from: value)
    }
}

/// Times as people read them at an Irish spot, and as JSON carries them.
enum SpotTime {
    static let zone = TimeZone(identifier: "Europe/Dublin") ?? .gmt

    /// "Sat 14:00 IST".
    static func display(_ date: Date, zone: TimeZone = SpotTime.zone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_IE")
        formatter.timeZone = zone
        formatter.dateFormat = "EEE HH:mm"
        return "\(formatter.string(from: date)) \(zoneName(zone, at: date))"
    }

    /// Irish time is "IST" in summer and "GMT" in winter; elsewhere what the system calls it.
    static func zoneName(_ zone: TimeZone, at date: Date) -> String {
        // By offset, not by daylight saving: tzdata models Irish winter time as a negative DST.
        if zone.identifier == "Europe/Dublin" { return zone.secondsFromGMT(for: date) == 3600 ? "IST" : "GMT" }
        return zone.abbreviation(for: date) ?? zone.identifier
    }

    /// ISO 8601 with the spot's offset: "2025-09-25T14:00:00+01:00".
    static func iso(_ date: Date, zone: TimeZone = SpotTime.zone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

/// A time that JSON writes in the spot's own offset ("2025-09-25T14:00:00+01:00").
@propertyWrapper
struct SpotLocalTime: Encodable, Sendable, Equatable {
    var wrappedValue: Date

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(SpotTime.iso(wrappedValue))
    }
}
