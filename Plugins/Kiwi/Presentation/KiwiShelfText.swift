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

    /// A reading's review on one line, or its spoiler warning in its place (`KiwiPresentation.hidden`).
    static func review(_ entry: KiwiWire.ShelfEntry, spoilers: Bool) -> String? {
        KiwiPresentation.hidden(entry.spoiler, unless: spoilers) ?? entry.review?.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// "Jane Eyre by Charlotte Brontë: read, finished 2026-09-12. Review: …", the review's warning
    /// read out in its place.
    static func spoken(_ entry: KiwiWire.ShelfEntry, spoilers: Bool) -> String {
        let said = "\(BookChoice.byline(entry.book)): \(place(entry))."
        guard let review = entry.review else { return said }
        if let warning = entry.spoiler, !spoilers { return said + " Its review is behind a spoiler warning, “\(warning)”, and hidden." }
        return said + " Review: " + review + (entry.spoiler.map { " (Spoiler warning: \($0).)" } ?? "")
    }

    /// "ada, ★★★★, read 2026-09-12: Better the second time.", the review's warning in its place;
    /// read `aloud`, the stars are words ("4 stars").
    static func reviewed(_ entry: KiwiWire.ShelfEntry, spoilers: Bool, aloud: Bool) -> String {
        let stars = entry.rating.map { ", " + (aloud ? ($0 == 1 ? "1 star" : "\($0) stars") : String(repeating: "★", count: $0)) } ?? ""
        let when = entry.finished.map { ", read \($0)" } ?? ""
        return "\(entry.reader)\(stars)\(when): " + (review(entry, spoilers: spoilers) ?? "")
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
