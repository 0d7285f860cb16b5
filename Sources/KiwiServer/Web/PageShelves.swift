import Foundation
import KiwiWire
import PluginAPI

/// A book on a member's shelf, as the profile and the year page show it: its cover, where the
/// reader is in it, and their stars.
struct PageShelfEntry: Sendable {
    let title, url: String
    let authors: String?
    let cover: PageCover
    /// "p. 120 of 350" beside the bar (a percent is the bar's own); nil when there is no page.
    let progress: String?
    /// 0 to 100, for a `<progress>` bar; nil without one.
    let percent: Int?
    let started, finished: String?
    /// "★★★★"; nil when unrated.
    let stars: String?

    init(_ reading: KiwiReading, cover: String?, links: Links) {
        title = reading.book.title
        url = PageBook.url(reading.isbn13)
        authors = reading.book.authors.isEmpty ? nil : reading.book.authors.joined(separator: ", ")
        self.cover = PageCover(isbn13: reading.isbn13, image: cover, links: links)
        progress = reading.shelf == .reading && reading.progress?.page != nil ? reading.progress?.text : nil
        percent = reading.shelf == .reading ? reading.progress?.fraction.map { Int(($0 * 100).rounded(.down)) } : nil
        started = reading.started.map(PageDay.text)
        finished = reading.finished.map(PageDay.text)
        stars = reading.rating.map { String(repeating: "★", count: $0) }
    }
}

/// A reader's review on a book's page, behind its spoiler warning when it has one (as a comment's
/// text is). Strings, not optionals: a template's lookup of nil climbs every enclosing context.
struct PageReview: Sendable {
    let reader, profileURL: String
    /// "★★★★" and "4 stars"; empty when unrated.
    let stars, starsLabel: String
    /// "read 3 Feb 2026"; empty for a reading not finished, or on no known day.
    let when: String
    let text: String
    let warned: Bool
    let spoiler: String

    init(_ reading: KiwiReading) {
        reader = reading.reader
        profileURL = "/@\(reading.reader)"
        stars = reading.rating.map { String(repeating: "★", count: $0) } ?? ""
        starsLabel = reading.rating.map { $0 == 1 ? "1 star" : "\($0) stars" } ?? ""
        when = reading.finished.map { "read \(PageDay.text($0))" } ?? ""
        text = reading.review ?? ""
        (warned, spoiler) = (reading.spoiler != nil, reading.spoiler ?? "")
    }
}

/// A shelf of the profile: its name, its books (the latest first) and how many.
struct PageShelf: Sendable {
    let name: String
    let count: Int
    let entries: [PageShelfEntry]
    /// Shown on a profile, at most: the rest are on the year pages and in the CLI.
    static let shown = 12
}

/// The journey on a profile: what the member reads now, how many they read this year, their shelves.
struct PageJourney: Sendable {
    let reading: [PageShelfEntry]
    let readThisYear: String
    let yearURL: String
    let shelves: [PageShelf]

    /// `covers`: the kept covers of the books shown (`shown(_:)`), by ISBN-13.
    init(_ readings: [KiwiReading], of username: String, covers: [String: String], links: Links, now: Date = Date()) {
        func entries(_ readings: [KiwiReading]) -> [PageShelfEntry] { readings.map { PageShelfEntry($0, cover: covers[$0.isbn13], links: links) } }
        reading = entries(readings.on(.reading))
        let year = KiwiWire.Day.today(now).prefix(4)
        let count = readings.finished(inYearOf: now)
        readThisYear = count == 1 ? "1 book read in \(year)" : "\(count) books read in \(year)"
        yearURL = "/@\(username)/year/\(year)"
        shelves = [KiwiWire.Shelf.want, .read].map { shelf in
            let all = readings.on(shelf)
            return PageShelf(name: shelf.title, count: all.count, entries: entries(Array(all.prefix(PageShelf.shown))))
        }
    }

    /// The books a profile shows, whose covers it needs: a library of thousands asks for a few dozen.
    static func shown(_ readings: [KiwiReading]) -> [String] {
        let shown = readings.on(.reading) + readings.on(.want).prefix(PageShelf.shown) + readings.on(.read).prefix(PageShelf.shown)
        return Array(Set(shown.map(\.isbn13)))
    }
}

/// `/@<name>/year/<YYYY>`: the books finished that year by month, and a chart of books and pages
/// per month in plain HTML and CSS (each bar's height a class: the pages allow no inline style).
struct YearPage: Sendable {
    struct Month: Sendable {
        let name, label: String
        let books: [PageShelfEntry]
        let bookCount: Int
        /// The bars' heights in twentieths of the chart: `h0`…`h20`.
        let bookHeight, pageHeight: String
    }

    let author: PageAuthor
    let year: Int
    let summary: String
    let months: [Month]
    /// The months with books, for the list below the chart.
    let finished: [Month]
    let previousURL, nextURL: String
    let previousYear, nextYear: Int
    let mostBooks, mostPages: Int

    /// `readings`: the member's; `covers`: those of the books finished in `year`.
    init(_ readings: [KiwiReading], year: Int, author: PageAuthor, covers: [String: String], links: Links) {
        let read = Self.finished(readings, in: year).map { KiwiWire.ShelfEntry($0, cover: nil, links: links) }
        let books = KiwiWire.YearInBooks(year: year, read: read)
        let byID = Dictionary(readings.map { (String($0.id ?? 0), $0) }, uniquingKeysWith: { first, _ in first })
        let pages = books.pages
        let (mostBooks, mostPages) = (books.months.map(\.count).max() ?? 0, pages.max() ?? 0)
        func height(_ value: Int, of most: Int) -> String { most == 0 ? "h0" : "h\(Int((Double(value) / Double(most) * 20).rounded()))" }
        months = books.months.enumerated().map { index, month in
            let name = KiwiWire.YearInBooks.monthNames[index]
            let entries = month.compactMap { byID[$0.id] }.map { PageShelfEntry($0, cover: covers[$0.isbn13], links: links) }
            let bookWord = month.count == 1 ? "book" : "books"
            return Month(
                name: name,
                label: "\(name): \(month.count) \(bookWord), \(pages[index]) pages",
                books: entries,
                bookCount: month.count,
                bookHeight: height(month.count, of: mostBooks),
                pageHeight: height(pages[index], of: mostPages)
            )
        }
        finished = months.filter { !$0.books.isEmpty }
        self.author = author
        self.year = year
        let total = pages.reduce(0, +)
        summary =
            (books.books == 1 ? "1 book" : "\(books.books) books") + (total > 0 ? ", \(NumberStyle.grouped(total)) pages" : "")
        (previousYear, nextYear) = (year - 1, year + 1)
        previousURL = "/@\(author.username)/year/\(year - 1)"
        nextURL = "/@\(author.username)/year/\(year + 1)"
        (self.mostBooks, self.mostPages) = (mostBooks, mostPages)
    }

    /// The readings finished in `year`.
    static func finished(_ readings: [KiwiReading], in year: Int) -> [KiwiReading] {
        readings.filter { $0.shelf == .read && $0.finished?.hasPrefix("\(year)-") == true }
    }
}

/// A day as the pages say it: "3 Feb 2026".
enum PageDay {
    static func text(_ day: String) -> String {
        let parts = day.split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let date = Int(parts[2]) else { return day }
        return "\(date) \(KiwiWire.YearInBooks.monthNames[month - 1]) \(parts[0])"
    }
}

/// One of several a page offers, the one in force marked: a tab, a select's option.
struct PageChoice: Sendable {
    let value, name: String
    let selected: Bool
}

/// The book page's form that puts the book on one of the viewer's shelves, with their progress.
struct PageShelfForm: Sendable {
    let action: String
    let choices: [PageChoice]
    /// Where the viewer is now: "You are reading it: p. 120 of 350"; nil when it is on no shelf of theirs.
    let now: String?
    let progress: String
    /// The viewer's review of their current reading, and its warning, to change.
    let review, spoiler: String

    init(isbn13: String, current: KiwiReading?) {
        action = "\(PageBook.url(isbn13))/shelf"
        let shelf = current?.shelf
        choices =
            KiwiWire.Shelf.allCases.map { PageChoice(value: $0.rawValue, name: $0.title, selected: $0 == shelf) }
            + (shelf == nil ? [] : [PageChoice(value: "none", name: "Take it off my shelves", selected: false)])
        now = current.map { reading in
            switch reading.shelf {
            case .want: "You want to read it."
            case .reading: "You are reading it" + (reading.progress?.text.map { ": \($0)." } ?? ".")
            case .read: "You read it" + (reading.finished.map { ", finished \(PageDay.text($0))." } ?? ".")
            }
        }
        (review, spoiler) = (current?.review ?? "", current?.spoiler ?? "")
        let progress = current?.shelf == .reading ? current?.progress : nil
        self.progress =
            switch (progress?.page, progress?.pages, progress?.percent) {
            case (let page?, let pages?, _): "\(page)/\(pages)"
            case (let page?, nil, _): "\(page)"
            case (nil, _, let percent?): "\(percent)%"
            default: ""
            }
    }
}
