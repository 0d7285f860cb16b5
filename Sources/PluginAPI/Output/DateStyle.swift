import Foundation

/// The one date style across toolbox: "Oct 15, 1999".
public enum DateStyle {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A `YYYY-MM-DD` date as "Oct 15, 1999"; nil when it is not such a date.
    public static func format(isoDate text: String) -> String? {
        guard let (year, month, day) = parse(isoDate: text) else { return nil }
        return "\(months[month - 1]) \(day), \(year)"
    }

    /// The day `date` falls on in `calendar`, as `YYYY-MM-DD`.
    public static func isoDate(_ date: Date, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
    }

    /// The parts of a valid `YYYY-MM-DD` date.
    public static func parse(isoDate text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        // Rejects Feb 30 and friends (plain arithmetic: Calendar costs milliseconds to set up).
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= days[month - 1] else { return nil }
        return (year, month, day)
    }
}
