import Foundation

/// An iCalendar file (RFC 5545) of all-day events: what a calendar app imports or subscribes to.
/// A subscribed calendar updates an event with the same UID in place, so UIDs must stay stable.
public enum ICalendar {
    public struct Event: Sendable, Equatable {
        public var uid: String
        /// The day, `YYYY-MM-DD`.
        public var day: String
        public var summary: String
        public var description: String?
        public var url: String?

        public init(uid: String, day: String, summary: String, description: String? = nil, url: String? = nil) {
            self.uid = uid
            self.day = day
            self.summary = summary
            self.description = description
            self.url = url
        }
    }

    /// The calendar named `name`, its events stamped `now`; lines end in CRLF and fold at 75 octets.
    public static func write(_ events: [Event], name: String, product: String, now: Date = Date()) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(product)", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:\(text(name))",
        ]
        let stamp = timestamp(now)
        for event in events {
            guard let start = DateStyle.parse(isoDate: event.day) else { continue }
            lines += [
                "BEGIN:VEVENT", "UID:\(event.uid)", "DTSTAMP:\(stamp)",
                "DTSTART;VALUE=DATE:\(compact(start))", "DTEND;VALUE=DATE:\(compact(nextDay(start)))",
                "SUMMARY:\(text(event.summary))",
            ]
            if let description = event.description { lines.append("DESCRIPTION:\(text(description))") }
            if let url = event.url { lines.append("URL:\(url)") }
            // An all-day release is no busy time.
            lines += ["TRANSP:TRANSPARENT", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// TEXT escaped as RFC 5545 §3.3.11 asks: backslash, semicolon, comma, newline.
    static func text(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A line longer than 75 octets folded (§3.1): CRLF and a space, never inside a character.
    static func fold(_ line: String) -> String {
        var parts: [String] = []
        var current = ""
        var octets = 0
        for character in line {
            let size = String(character).utf8.count
            // The first line holds 75 octets; each continuation 74 after its leading space.
            if octets + size > (parts.isEmpty ? 75 : 74) {
                parts.append(current)
                current = ""
                octets = 0
            }
            current.append(character)
            octets += size
        }
        parts.append(current)
        return parts.joined(separator: "\r\n ")
    }

    private static func compact(_ day: (year: Int, month: Int, day: Int)) -> String {
        String(format: "%04d%02d%02d", day.year, day.month, day.day)
    }

    private static func nextDay(_ day: (year: Int, month: Int, day: Int)) -> (year: Int, month: Int, day: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day + 1)) ?? Date()
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year ?? day.year, parts.month ?? day.month, parts.day ?? day.day)
    }

    private static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ",
            parts.year ?? 0,
            parts.month ?? 1,
            parts.day ?? 1,
            parts.hour ?? 0,
            parts.minute ?? 0,
            parts.second ?? 0
        )
    }
}
