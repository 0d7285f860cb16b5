import Foundation
import KiwiServer
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

    /// Consecutive days, ending today or yesterday, with at least one post: the reading habit.
    static func streak(_ dates: [Date], today: Date = Date(), calendar: Calendar = .current) -> Int {
        let days = Set(dates.map { calendar.startOfDay(for: $0) })
        var day = calendar.startOfDay(for: today)
        if !days.contains(day) { day = calendar.date(byAdding: .day, value: -1, to: day) ?? day }
        var count = 0
        while days.contains(day) {
            count += 1
            day = calendar.date(byAdding: .day, value: -1, to: day) ?? day
        }
        return count
    }
}

extension KiwiWire.Post {
    var created: Date? { createdAt.flatMap(KiwiTime.parse) }
}
