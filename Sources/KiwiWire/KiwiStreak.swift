import Foundation

/// The reading habit: consecutive days, ending today or yesterday, with at least one post.
/// The client's `kiwi profile` and the server's profile page count it alike.
public enum KiwiStreak {
    /// Walks back a day at a time through the posts, newest first, comparing each with the day's
    /// start: the calendar's arithmetic once a day of the streak, not once a post (a profile
    /// counts hundreds of posts, and a day's start costs microseconds to find).
    public static func days(_ dates: [Date], today: Date = Date(), calendar: Calendar = .current) -> Int {
        let newestFirst = dates.sorted(by: >)
        var start = calendar.startOfDay(for: today)
        guard let tomorrow = calendar.date(byAdding: .day, value: 1, to: start) else { return 0 }
        // Posts dated after today (another clock's) are no day of the streak.
        var next = newestFirst.firstIndex { $0 < tomorrow } ?? newestFirst.endIndex
        var count = 0
        var isToday = true
        while true {
            let before = next
            while next < newestFirst.endIndex, newestFirst[next] >= start { next += 1 }
            if next > before {
                count += 1
            } else if !isToday {
                return count
            }
            // Today without a post yet: the streak may end yesterday.
            isToday = false
            guard let previous = calendar.date(byAdding: .day, value: -1, to: start) else { return count }
            start = previous
        }
    }
}
