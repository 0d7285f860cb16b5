import Foundation

/// The reading habit: consecutive days, ending today or yesterday, with at least one post.
/// The client's `kiwi profile` and the server's profile page count it alike.
public enum KiwiStreak {
    public static func days(_ dates: [Date], today: Date = Date(), calendar: Calendar = .current) -> Int {
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
