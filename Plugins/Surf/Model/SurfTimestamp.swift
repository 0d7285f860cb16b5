import Foundation
import PluginAPI

/// The shapes of time TrebleSurf sends: ISO 8601 with or without fractional seconds
/// and with or without a zone (no zone = UTC), `yyyy-MM-dd HH:mm:ss` (UTC), Go's
/// `time.String()` (`2025-10-04 09:12:00.123456789 +0000 UTC m=+12.345678`), and
/// Unix epoch seconds as a string. Read field by field, so no platform's parser
/// decides what trailing text it ignores.
enum SurfTimestamp {
    /// A time the server may not have: nil for its "no value" forms (a blank string, `null`,
    /// Go's zero time `0001-01-01 00:00:00 +0000 UTC` in any of its shapes), else `parse`.
    static func parseIfPresent(_ text: String?) throws -> Date? {
        guard let text, !text.trimmed.isEmpty, text.trimmed.lowercased() != "null", !text.trimmed.hasPrefix(goZeroDay) else { return nil }
        return try parse(text)
    }

    /// The first of two times the server gave for one thing that can be read (`dateReported`
    /// else `Time`; `dateForecastedFor` else `forecast_timestamp`); nil when it gave neither,
    /// and the first one's error when neither can be read.
    static func readable(_ primary: String?, else fallback: String?) throws -> Date? {
        do {
            return try parseIfPresent(primary) ?? parseIfPresent(fallback)
        } catch {
            guard let date = try? parseIfPresent(fallback) else { throw error }
            return date
        }
    }

    /// The day of Go's `time.Time{}`, which its formatters write for a time never set.
    static let goZeroDay = "0001-01-01"

    static func parse(_ text: String) throws -> Date {
        let value = text.trimmed
        if !value.isEmpty, value.allSatisfy(\.isASCIIDigit), let seconds = Double(value) {
            return Date(timeIntervalSince1970: seconds)
        }
        var reader = TimeReader(value)
        guard let date = reader.date() else {
            throw ToolboxError.badData("TrebleSurf sent a time toolbox cannot read: “\(text)”")
        }
        return date
    }
}

/// Reads `date[T ]time[.fraction][ ][zone][ ABBR][ m=±reading]` to the very end.
private struct TimeReader {
    private var rest: Substring

    init(_ text: String) { rest = Substring(text) }

    mutating func date() -> Date? {
        dropMonotonicReading()
        guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2),
            take("T") || take(" "), let hour = digits(2), take(":"), let minute = digits(2)
        else { return nil }
        var second = 0
        var fraction = 0.0
        if take(":") {
            guard let seconds = digits(2) else { return nil }
            second = seconds
            if take(".") {
                let figures = rest.prefix { $0.isASCIIDigit }
                guard (1...9).contains(figures.count), let value = Double("0." + figures) else { return nil }
                fraction = value
                rest.removeFirst(figures.count)
            }
        }
        skipSpaces()
        guard let offset = zoneOffset() else { return nil }
        skipSpaces()
        // A zone abbreviation after the offset ("UTC", "IST") adds nothing to it.
        rest = rest.drop(while: { $0.isASCII && $0.isLetter })
        guard rest.isEmpty, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        // Calendar rolls 31 April over to 1 May: a day the month lacks is refused instead.
        guard let date = calendar.date(from: parts), calendar.component(.day, from: date) == day else { return nil }
        return date.addingTimeInterval(fraction - Double(offset))
    }

    /// Go's `time.String()` ends with the monotonic clock reading: " m=+12.345678".
    private mutating func dropMonotonicReading() {
        guard let marker = rest.range(of: " m=") else { return }
        let reading = rest[marker.upperBound...]
        guard let sign = reading.first, sign == "+" || sign == "-", Double(reading.dropFirst()) != nil else { return }
        rest = rest[..<marker.lowerBound]
    }

    /// Seconds east of UTC: "Z", "+01:00", "+0100"; none means UTC. nil when malformed.
    private mutating func zoneOffset() -> Int? {
        if take("Z") { return 0 }
        guard let sign = rest.first, sign == "+" || sign == "-" else { return 0 }
        rest.removeFirst()
        guard let hours = digits(2) else { return nil }
        _ = take(":")
        guard let minutes = digits(2), hours < 24, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    private mutating func digits(_ count: Int) -> Int? {
        let figures = rest.prefix(count)
        guard figures.count == count, figures.allSatisfy(\.isASCIIDigit) else { return nil }
        rest.removeFirst(count)
        return Int(figures)
    }

    private mutating func take(_ character: Character) -> Bool {
        guard rest.first == character else { return false }
        rest.removeFirst()
        return true
    }

    private mutating func skipSpaces() { rest = rest.drop(while: { $0 == " " }) }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Times as people read them at an Irish spot, and as JSON carries them.
enum SpotTime {
    static let zone = TimeZone(identifier: "Europe/Dublin") ?? .gmt

    /// "Sat 14:00 IST"; "–" for a row the source sent without a time.
    static func display(_ date: Date?, zone: TimeZone = SpotTime.zone) -> String {
        guard let date else { return "–" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_IE")
        formatter.timeZone = zone
        formatter.dateFormat = "EEE HH:mm"
        return "\(formatter.string(from: date)) \(zoneName(zone, at: date))"
    }

    /// When something was reported: "today 09:42 IST", or its date ("3 Oct 2025") when it is older.
    static func reported(_ date: Date?, now: Date, zone: TimeZone = SpotTime.zone) -> String {
        guard let date else { return "at an unknown time" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_IE")
        formatter.timeZone = zone
        if calendar.isDate(date, inSameDayAs: now) {
            formatter.dateFormat = "HH:mm"
            return "today \(formatter.string(from: date)) \(zoneName(zone, at: date))"
        }
        formatter.dateFormat = "d MMM yyyy"
        return formatter.string(from: date)
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

/// A time that JSON writes in the spot's own offset ("2025-09-25T14:00:00+01:00"), or
/// null when the source had none: a time is never invented.
@propertyWrapper
struct SpotLocalTime: Encodable, Sendable, Equatable {
    var wrappedValue: Date?

    init(wrappedValue: Date?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(SpotTime.iso(wrappedValue)) } else { try container.encodeNil() }
    }
}
