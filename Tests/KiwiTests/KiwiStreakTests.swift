import Foundation
import KiwiWire
import Testing

/// The streak counts what its definition says: the days, ending today or yesterday, each with a
/// post, counted back to the first day without one.
@Suite struct KiwiStreakTests {
    /// The definition, a day's start for every post.
    static func defined(_ dates: [Date], today: Date, calendar: Calendar) -> Int {
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

    /// Readers posting a few times a day with gaps, over the spring and autumn clock changes, in
    /// any order, with a post from a clock ahead of today's.
    @Test(arguments: ["UTC", "Europe/Dublin", "America/Los_Angeles", "Pacific/Auckland"])
    func everyReaderCountsAsTheDefinitionSays(zone: String) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        var draw = SplitMix64(seed: 41)
        // 2026-04-02 and 2026-11-05, 12:00 UTC: sixty days back from each cross the clock changes
        // of the zones in both hemispheres.
        for today in [Date(timeIntervalSince1970: 1_775_131_200), Date(timeIntervalSince1970: 1_793_880_000)] {
            for _ in 0..<200 {
                var dates: [Date] = []
                var day = 0.0
                while day < 60 {
                    for _ in 0..<Int.random(in: 1...4, using: &draw) {
                        dates.append(today.addingTimeInterval(-day * 86_400 - Double.random(in: 0..<86_400, using: &draw)))
                    }
                    day += Bool.random(using: &draw) || Bool.random(using: &draw) ? 1 : Double(Int.random(in: 2...3, using: &draw))
                }
                if Bool.random(using: &draw) { dates.append(today.addingTimeInterval(2 * 86_400)) }
                dates.shuffle(using: &draw)
                let expected = Self.defined(dates, today: today, calendar: calendar)
                #expect(KiwiStreak.days(dates, today: today, calendar: calendar) == expected, "\(zone): \(dates.sorted())")
            }
        }
    }

    /// The same draws every run: a failure can be run again.
    struct SplitMix64: RandomNumberGenerator {
        var seed: UInt64
        mutating func next() -> UInt64 {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func aStreakEndsTodayOrYesterday() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let today = Date(timeIntervalSince1970: 1_775_131_200)
        func ago(_ days: Double) -> Date { today.addingTimeInterval(-days * 86_400) }
        #expect(KiwiStreak.days([], today: today, calendar: calendar) == 0)
        #expect(KiwiStreak.days([ago(0), ago(0.1), ago(1), ago(2)], today: today, calendar: calendar) == 3)
        #expect(KiwiStreak.days([ago(1), ago(2)], today: today, calendar: calendar) == 2, "today's post may still come")
        #expect(KiwiStreak.days([ago(2), ago(3)], today: today, calendar: calendar) == 0, "yesterday went without")
        #expect(KiwiStreak.days([ago(-3), ago(0)], today: today, calendar: calendar) == 1, "a post dated ahead counts no day")
    }
}
