import Foundation
import KiwiWire
import PluginAPI

enum KiwiTime {
    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// "3 h ago", or "–" when the server does not say.
    static func age(_ date: Date?, now: Date = Date()) -> String {
        date.map { RelativeTime.ago(now.timeIntervalSince($0)) } ?? "–"
    }
}

extension KiwiWire.Post {
    var created: Date? { createdAt.flatMap(KiwiTime.parse) }
}
