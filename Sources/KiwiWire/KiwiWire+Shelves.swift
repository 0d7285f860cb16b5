import Foundation

extension KiwiWire {
    /// A member's three shelves (our extension), as Goodreads and StoryGraph keep them.
    public enum Shelf: String, Codable, Sendable, CaseIterable {
        case want, reading, read

        /// "Want to read", "Reading", "Read".
        public var title: String {
            switch self {
            case .want: "Want to read"
            case .reading: "Reading"
            case .read: "Read"
            }
        }
    }

    /// How far into a book: a page of a page count, or a percent.
    public struct ReadingProgress: Codable, Sendable, Equatable {
        public var page: Int?
        public var pages: Int?
        public var percent: Int?

        public init(page: Int? = nil, pages: Int? = nil, percent: Int? = nil) {
            (self.page, self.pages, self.percent) = (page, pages, percent)
        }

        /// From 0 to 1; nil when it says neither a page of a count nor a percent.
        public var fraction: Double? {
            if let page, let pages, pages > 0 { return min(1, Double(page) / Double(pages)) }
            return percent.map { min(1, Double($0) / 100) }
        }

        /// "p. 120 of 350", "35%", "p. 120".
        public var text: String? {
            switch (page, pages, percent) {
            case (let page?, let pages?, _): "p. \(page) of \(pages)"
            case (_, _, let percent?): "\(percent)%"
            case (let page?, nil, nil): "p. \(page)"
            default: nil
            }
        }

        /// `120/350`, `120` or `35%`, as `kiwi progress` takes it; nil for anything else.
        public init?(argument: String) {
            let text = argument.trimmingCharacters(in: .whitespaces)
            if text.hasSuffix("%") {
                guard let percent = Int(text.dropLast()), (0...100).contains(percent) else { return nil }
                self.init(percent: percent)
            } else {
                let parts = text.split(separator: "/", omittingEmptySubsequences: false)
                guard (1...2).contains(parts.count), let page = Int(parts[0]), page >= 0 else { return nil }
                let pages = parts.count == 2 ? Int(parts[1]) : nil
                if parts.count == 2 { guard let pages, pages > 0, page <= pages else { return nil } }
                self.init(page: page, pages: pages)
            }
        }
    }

    /// One reading of a book by a member: on a shelf, with its progress and dates (days,
    /// `YYYY-MM-DD`, as the reader gives them). A book read again is a second reading; the
    /// first stays on "read".
    public struct ShelfEntry: Codable, Sendable, Equatable {
        public var id: String
        public var reader: String
        public var book: Book
        public var shelf: Shelf
        public var progress: ReadingProgress?
        public var started: String?
        public var finished: String?
        /// The reader's stars, 1 to 5 (an import from Goodreads brings them).
        public var rating: Int?
        /// The reader's review of this reading, and the spoiler warning it is shown behind.
        public var review: String?
        public var spoiler: String?
        public var updatedAt: String
        /// The cover's versions, once the server has one; else the generated cover's colour.
        public var cover: KiwiPhotoVersions?
        public var coverColor: String?
        /// One address for its cover, as `BookSummary.coverURL`.
        public var coverURL: String?

        public init(
            id: String,
            reader: String,
            book: Book,
            shelf: Shelf,
            progress: ReadingProgress?,
            started: String?,
            finished: String?,
            rating: Int? = nil,
            review: String? = nil,
            spoiler: String? = nil,
            updatedAt: String,
            cover: KiwiPhotoVersions?,
            coverURL: String? = nil
        ) {
            (self.id, self.reader, self.book, self.shelf, self.progress) = (id, reader, book, shelf, progress)
            (self.started, self.finished, self.rating, self.updatedAt, self.cover) = (started, finished, rating, updatedAt, cover)
            (self.review, self.spoiler, self.coverURL) = (review, spoiler, coverURL)
            coverColor = book.isbn13.map { BookCover.colour(isbn13: $0).hex }
        }

        /// "ada finished The Tempest": the news a follower is told live.
        public var news: String {
            let title = book.title
            return switch shelf {
            case .want: "\(reader) wants to read \(title)"
            case .read: "\(reader) finished \(title)"
            case .reading:
                if let fraction = progress?.fraction {
                    "\(reader) is \(Int((fraction * 100).rounded(.down)))% through \(title)"
                } else if let page = progress?.page {
                    "\(reader) is on page \(page) of \(title)"
                } else {
                    "\(reader) started \(title)"
                }
            }
        }
    }

    /// `GET /users/<name>/shelves`: each shelf, newest first (read: the latest finished first),
    /// and how many books the member finished this year (UTC).
    public struct Shelves: Codable, Sendable, Equatable {
        public var want: [ShelfEntry]
        public var reading: [ShelfEntry]
        public var read: [ShelfEntry]
        public var readThisYear: Int

        public init(want: [ShelfEntry], reading: [ShelfEntry], read: [ShelfEntry], readThisYear: Int) {
            (self.want, self.reading, self.read, self.readThisYear) = (want, reading, read, readThisYear)
        }

        public subscript(shelf: Shelf) -> [ShelfEntry] {
            switch shelf {
            case .want: want
            case .reading: reading
            case .read: read
            }
        }
    }

    /// `PUT /users/me/books/<isbn13>`: the shelf a book goes on, and what is known of the reading.
    /// Days are the reader's (the server invents none: a book read on an unknown day has none); a
    /// day, a progress or a rating left out stays as it was. A page or a percent is for a book on
    /// "reading"; `pages` alone (the edition's page count) goes with any shelf. `review` replaces
    /// the reading's review (empty: takes it away), with `spoiler` as its warning or none;
    /// `spoiler` alone puts a warning on the review there is. `book` names the book when no post
    /// here does (an import from another site), so that the book search is not asked.
    public struct ShelfChange: Codable, Sendable, Equatable {
        public var shelf: Shelf
        public var progress: ReadingProgress?
        public var started: String?
        public var finished: String?
        public var rating: Int?
        public var review: String?
        public var spoiler: String?
        public var book: Book?

        public init(
            shelf: Shelf,
            progress: ReadingProgress? = nil,
            started: String? = nil,
            finished: String? = nil,
            rating: Int? = nil,
            review: String? = nil,
            spoiler: String? = nil,
            book: Book? = nil
        ) {
            (self.shelf, self.progress, self.started, self.finished, self.rating) = (shelf, progress, started, finished, rating)
            (self.review, self.spoiler, self.book) = (review, spoiler, book)
        }
    }

    /// How many members have a book on each shelf now (a book's page, `GET /books/<isbn13>`).
    public struct ShelfCounts: Codable, Sendable, Equatable {
        public var want: Int
        public var reading: Int
        public var read: Int

        public init(want: Int, reading: Int, read: Int) {
            (self.want, self.reading, self.read) = (want, reading, read)
        }
    }

    /// A day as shelves name them, `YYYY-MM-DD` (the proleptic Gregorian calendar, no zone).
    public enum Day {
        /// The day's text when `text` is a real day; nil otherwise ("2026-02-30" is none).
        public static func parse(_ text: String) -> String? {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
                let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
                (1...12).contains(month), (1...days(in: month, of: year)).contains(day)
            else { return nil }
            return text
        }

        public static func days(in month: Int, of year: Int) -> Int {
            switch month {
            case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        /// Today in UTC.
        public static func today(_ now: Date = Date()) -> String {
            let parts = Calendar.utc.dateComponents([.year, .month, .day], from: now)
            return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
        }
    }

    /// A member's year in books: the books they finished that year, by month (1…12), from their
    /// "read" shelf; and the pages of those whose page count is known.
    public struct YearInBooks: Sendable, Equatable {
        public var year: Int
        public var months: [[ShelfEntry]]

        public init(year: Int, read: [ShelfEntry]) {
            self.year = year
            var months = [[ShelfEntry]](repeating: [], count: 12)
            for entry in read {
                guard let finished = entry.finished, finished.hasPrefix("\(year)-"),
                    let month = Int(finished.dropFirst(5).prefix(2)), (1...12).contains(month)
                else { continue }
                months[month - 1].append(entry)
            }
            // Within a month, in the order they were finished.
            self.months = months.map { $0.sorted { ($0.finished ?? "", $0.id) < ($1.finished ?? "", $1.id) } }
        }

        public var books: Int { months.reduce(0) { $0 + $1.count } }
        public var pages: [Int] { months.map { $0.reduce(0) { $0 + ($1.progress?.pages ?? 0) } } }
        public static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    }
}

extension Calendar {
    /// The Gregorian calendar in UTC: the days shelves name.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()
}
