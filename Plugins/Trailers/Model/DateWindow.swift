import Foundation
import PluginAPI

/// A date range's bounds as `YYYY-MM-DD`, from the user's local calendar.
struct DateWindow: Sendable, Equatable {
    var from: String?
    var to: String?

    init(from: String?, to: String?) {
        self.from = from
        self.to = to
    }

    init(_ range: DateRange, today: Date = Date(), calendar: Calendar = .current) {
        let day = calendar.startOfDay(for: today)
        func shifted(_ days: Int) -> Date { calendar.date(byAdding: .day, value: days, to: day) ?? day }
        func text(_ date: Date) -> String { DateStyle.isoDate(date, calendar: calendar) }
        switch range {
        case .allTime:
            self.init(from: nil, to: nil)
        case .upcoming:
            self.init(from: text(shifted(1)), to: text(shifted(365)))
        case .last30Days:
            self.init(from: text(shifted(-30)), to: text(day))
        case .last90Days:
            self.init(from: text(shifted(-90)), to: text(day))
        case .thisMonth:
            let interval = calendar.dateInterval(of: .month, for: day)
            let last = interval.map { calendar.date(byAdding: .day, value: -1, to: $0.end) ?? day } ?? day
            self.init(from: text(interval?.start ?? day), to: text(last))
        case .thisYear:
            let year = calendar.component(.year, from: day)
            self.init(from: String(format: "%04d-01-01", year), to: String(format: "%04d-12-31", year))
        }
    }
}
