import Foundation

/// The one date style across toolbox: "Oct 15, 1999".
public enum DateStyle {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A `YYYY-MM-DD` date as "Oct 15, 1999"; nil when it is not such a date.
    public static func format(isoDate text: String) -> String? {
        guard let (year, month, day) = parse(isoDate: text) else { return nil }
        return "\(months[month - 1]) \(day), \(year)"
    }

    /// The parts of a valid `YYYY-MM-DD` date.
    public static func parse(isoDate text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day)
        components.calendar = Calendar(identifier: .gregorian)
        // Rejects Feb 30 and friends.
        guard components.isValidDate else { return nil }
        return (year, month, day)
    }

    /// A number with thousands separators: 1,234.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
