import KiwiWire
import PluginAPI

/// Shelves as a terminal says them: where a book is, a progress bar, and a year's chart.
enum KiwiShelfText {
    /// "want to read", "reading since 2026-01-05, p. 120 of 350", "read, finished 2026-02-03".
    static func place(_ entry: KiwiWire.ShelfEntry) -> String {
        switch entry.shelf {
        case .want: "want to read"
        case .reading: ["reading" + (entry.started.map { " since \($0)" } ?? ""), entry.progress?.text].compactMap { $0 }.joined(separator: ", ")
        case .read: entry.finished.map { "read, finished \($0)" } ?? "read"
        }
    }

    /// "███████░░░░░░░ 35%" (`width` cells of bar); "–" when there is no telling how far.
    static func bar(_ progress: KiwiWire.ReadingProgress?, width: Int = 14) -> String {
        guard let fraction = progress?.fraction else { return "–" }
        let filled = Int((fraction * Double(width)).rounded())
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + " \(Int((fraction * 100).rounded(.down)))%"
    }

    /// A year's chart, as the surf forecast draws one: a column per month, a row of books and one
    /// of pages (each from zero to the year's most), and a key.
    static func chart(_ year: KiwiWire.YearInBooks) -> [String] {
        // A month is four cells wide, its bar under its name's first letter.
        let names = KiwiWire.YearInBooks.monthNames.joined(separator: " ")
        func row(_ values: [Int]) -> String {
            String(Sparkline.line(values.map { Double($0) }, floor: 0).map { "\($0)   " }.joined().reversed().drop { $0 == " " }.reversed())
        }
        let books = year.months.map(\.count)
        let pages = year.pages
        let pageKey = pages.contains { $0 > 0 } ? ", pages up to \(NumberStyle.grouped(pages.max() ?? 0)) a month" : ", no page counts known"
        return [
            "       " + names,
            "books  " + row(books),
            "pages  " + row(pages),
            "       books up to \(books.max() ?? 0) a month\(pageKey)",
        ]
    }
}
