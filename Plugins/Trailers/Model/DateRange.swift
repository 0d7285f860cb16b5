import ArgumentParser

/// Release-date windows, computed from the local calendar.
enum DateRange: String, Sendable, CaseIterable, ExpressibleByArgument {
    case upcoming
    case thisMonth = "this-month"
    case last30Days = "last-30-days"
    case last90Days = "last-90-days"
    case thisYear = "this-year"
    case allTime = "all-time"
}
