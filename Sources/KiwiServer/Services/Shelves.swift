import Foundation
import KiwiWire

/// Members' shelves with the community's rules: a book is on one shelf of a member's at a time;
/// progress is for a book being read; a book read and then wanted or started again is another
/// reading, and the first stays read; posting about a book on none of one's shelves starts it.
/// Each member's readings and each book's counts are kept in memory while true.
struct Shelves: Sendable {
    let store: any ShelfStore
    let writes: Writes
    let books: Books
    /// Each member's readings, by username.
    let readings: KiwiCache<String, [KiwiReading]>
    /// How many members have each book on each shelf, by ISBN-13.
    let counts: KiwiCache<String, KiwiWire.ShelfCounts>
    /// Each book's latest reviews (`reviewsKept`), by ISBN-13.
    let reviews: KiwiCache<String, [KiwiReading]>
    /// How many of a book's latest reviews are kept: a page shows those its viewer may read.
    static let reviewsKept = 20

    @Sendable static func staleReadings(_ change: KiwiChange) -> KiwiCache<String, [KiwiReading]>.Stale? {
        guard case .reading(_, _, let reader, _) = change else { return nil }
        return .key(reader)
    }

    /// A book's counts and reviews move with any reading of it.
    @Sendable static func staleBook<Value>(_ change: KiwiChange) -> KiwiCache<String, Value>.Stale? {
        guard case .reading(_, let isbn13, _, _) = change else { return nil }
        return .key(isbn13)
    }

    /// Puts the book on the shelf `change` names, answered as `answer` says; with a `key`, exactly
    /// once (`Idempotency`): a repeated "start" must not make a third reading of a book read twice.
    func shelve(
        _ isbn13: String,
        _ change: KiwiWire.ShelfChange,
        by caller: KiwiUser,
        key: String?,
        from address: String?,
        now: Date = Date(),
        answer: @escaping @Sendable (KiwiReading) throws -> (status: Int, body: Data)
    ) async throws -> (status: Int, body: Data) {
        try Self.check(change, now: now)
        let progress = change.progress
        let request = Idempotency.digest(
            "shelf",
            isbn13,
            change.shelf.rawValue,
            progress?.page.map(String.init),
            progress?.pages.map(String.init),
            progress?.percent.map(String.init),
            change.started,
            change.finished,
            change.rating.map(String.init),
            change.review,
            change.spoiler,
            change.book?.title,
            change.book?.authors?.joined(separator: "\n")
        )
        return try await writes.idempotency.once(key: key, account: caller.username, request: request, answer: answer) { keep in
            try await writes.limits.spend(.shelves, account: caller.username, address: address)
            let book = try await book(isbn13, named: change.book)
            let current = try await store.currentReading(of: isbn13, by: caller.username)
            let reading = Self.reading(after: current, change, book: book, reader: caller.username, now: now)
            let saved = try await store.save(reading, keeping: keep)
            tell(saved, removed: false)
            return saved
        }
    }

    /// A reading brought from an archive (`Arrivals`), as it was: checked as a change is, stored
    /// beside the member's others (a book read twice is two readings).
    func arrive(_ reading: KiwiReading) async throws {
        let change = KiwiWire.ShelfChange(
            shelf: reading.shelf,
            progress: reading.progress,
            started: reading.started,
            finished: reading.finished,
            rating: reading.rating,
            review: reading.review,
            spoiler: reading.spoiler
        )
        try Self.check(change, now: Date())
        tell(try await store.save(reading, keeping: nil), removed: false)
    }

    /// The book in the words of its posts here; else as the member names it (an import of hundreds
    /// of books asks the book search nothing); else as `Books.named` knows it.
    private func book(_ isbn13: String, named: KiwiWire.Book?) async throws -> KiwiBook {
        guard let title = named?.title.trimmed, !title.isEmpty else {
            guard let book = try await books.named(isbn13) else { throw KiwiProblem.noSuchBook }
            return book
        }
        return try await books.postedAbout(isbn13)?.book ?? KiwiBook(title: title, authors: named?.authors ?? [], isbn13: isbn13)
    }

    /// Takes the book off the caller's shelves, every reading of it; `notOnShelves` when it is on none.
    func unshelve(_ isbn13: String, by caller: KiwiUser, from address: String?) async throws {
        guard KiwiWire.Book.isISBN13(isbn13) else { throw KiwiProblem.invalid("book must be an ISBN-13: 13 digits") }
        try await writes.limits.spend(.shelves, account: caller.username, address: address)
        let removed = try await store.unshelve(isbn13, by: caller.username)
        guard !removed.isEmpty else { throw KiwiProblem.notOnShelves }
        for id in removed { writes.changes.published(.reading(id: id, isbn13: isbn13, reader: caller.username, removed: true)) }
    }

    /// A post about a book on none of its author's shelves puts it on "reading", started today.
    func startIfUnshelved(_ book: KiwiBook, by reader: String, now: Date = Date()) async throws {
        let reading = KiwiReading(reader: reader, book: book, shelf: .reading, started: KiwiWire.Day.today(now), updatedAt: now)
        if let saved = try await store.shelveIfAbsent(reading) { tell(saved, removed: false) }
    }

    /// Every reading of the member's, the latest changed first.
    func readings(of username: String) async throws -> [KiwiReading] {
        try await readings.value(for: username) { try await store.readings(of: username) }
    }

    /// The member's latest reading of the book; nil when it is on none of their shelves.
    func current(_ isbn13: String, of username: String) async throws -> KiwiReading? {
        try await readings(of: username).filter { $0.isbn13 == isbn13 }.max { ($0.id ?? 0) < ($1.id ?? 0) }
    }

    func counts(of isbn13: String) async throws -> KiwiWire.ShelfCounts {
        try await counts.value(for: isbn13) { try await store.shelfCounts(of: isbn13) }
    }

    /// The book's latest reviews, the latest changed first: everyone's (`Blocks.seen` leaves out whose a viewer may not read).
    func reviews(of isbn13: String) async throws -> [KiwiReading] {
        try await reviews.value(for: isbn13) { try await store.reviews(of: isbn13, limit: Self.reviewsKept) }
    }

    private func tell(_ reading: KiwiReading, removed: Bool) {
        guard let id = reading.id else { return }
        writes.changes.published(.reading(id: id, isbn13: reading.isbn13, reader: reading.reader, removed: removed))
    }

    /// The reading a change makes: the current one changed, or a new one when there is none or the
    /// book was read and is wanted or started again.
    static func reading(after current: KiwiReading?, _ change: KiwiWire.ShelfChange, book: KiwiBook, reader: String, now: Date) -> KiwiReading {
        let again = current?.shelf == .read && change.shelf != .read
        let before = again ? nil : current
        var reading = before ?? KiwiReading(reader: reader, book: book, shelf: change.shelf, updatedAt: now)
        reading.book = book
        reading.shelf = change.shelf
        reading.updatedAt = now
        reading.rating = change.rating ?? reading.rating
        // A review replaces the one there was, its warning with it; a warning alone goes on it.
        let warning = change.spoiler.map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        if let review = change.review?.trimmed {
            (reading.review, reading.spoiler) = review.isEmpty ? (nil, nil) : (review, warning)
        } else if change.spoiler != nil, reading.review != nil {
            reading.spoiler = warning
        }
        // The page count, once known, stays (the year's pages): a page or a percent alone keeps it.
        let pages = change.progress?.pages ?? before?.progress?.pages
        let known = pages.map { KiwiWire.ReadingProgress(pages: $0) }
        switch change.shelf {
        case .want:
            (reading.progress, reading.started, reading.finished) = (known, nil, nil)
        case .reading:
            let next = change.progress.flatMap { $0.page == nil && $0.percent == nil ? nil : $0 }
            reading.progress =
                next.map { KiwiWire.ReadingProgress(page: $0.page, pages: pages, percent: $0.page == nil ? $0.percent : nil) }
                ?? before?.progress.map { KiwiWire.ReadingProgress(page: $0.page, pages: pages, percent: $0.percent) } ?? known
            reading.started = change.started ?? reading.started
            reading.finished = nil
        case .read:
            reading.progress = pages.map { KiwiWire.ReadingProgress(page: $0, pages: $0) }
            reading.started = change.started ?? reading.started
            reading.finished = change.finished ?? (before?.shelf == .read ? before?.finished : nil)
        }
        return reading
    }

    /// What a change may say: real days, none after tomorrow (the reader's day may be ahead of
    /// UTC's), started before finished, progress within its book, each on the shelf it belongs to.
    static func check(_ change: KiwiWire.ShelfChange, now: Date) throws {
        let tomorrow = KiwiWire.Day.today(now.addingTimeInterval(86_400))
        for (name, day) in [("started", change.started), ("finished", change.finished)] {
            guard let day else { continue }
            guard KiwiWire.Day.parse(day) != nil else { throw KiwiProblem.invalid("\(name) must be a day, YYYY-MM-DD") }
            guard day <= tomorrow else { throw KiwiProblem.invalid("\(name) cannot be in the future") }
        }
        if let started = change.started, let finished = change.finished, started > finished {
            throw KiwiProblem.invalid("finished must not be before started")
        }
        if change.finished != nil, change.shelf != .read { throw KiwiProblem.invalid("finished is for a book on “read”") }
        if change.started != nil, change.shelf == .want { throw KiwiProblem.invalid("started is for a book on “reading” or “read”") }
        if let rating = change.rating, !(1...5).contains(rating) { throw KiwiProblem.invalid("rating must be from 1 to 5 stars") }
        if let review = change.review, let problem = KiwiLimits.textProblem(review, field: "review", limit: KiwiLimits.review) {
            throw KiwiProblem.invalid(problem)
        }
        _ = try KiwiLimits.spoilerWarning(change.spoiler)
        for (field, text) in [("book title", change.book?.title)] + (change.book?.authors ?? []).map({ ("book author", $0) }) {
            if let problem = text.flatMap({ KiwiLimits.textProblem($0, field: field, limit: KiwiLimits.bookTitle) }) {
                throw KiwiProblem.invalid(problem)
            }
        }
        guard let progress = change.progress else { return }
        if let pages = progress.pages, !(1...100_000).contains(pages) { throw KiwiProblem.invalid("pages must be from 1 to 100000") }
        switch (progress.page, progress.percent) {
        case (nil, nil):
            return
        case (let page?, nil):
            guard page >= 0, page <= progress.pages ?? .max else {
                throw KiwiProblem.invalid("progress must be a page from 0 to the book's page count")
            }
        case (nil, let percent?):
            guard (0...100).contains(percent) else { throw KiwiProblem.invalid("progress must be a percent from 0 to 100") }
        default:
            throw KiwiProblem.invalid("progress is a page (with the page count, if known) or a percent, not both")
        }
        guard change.shelf == .reading else { throw KiwiProblem.invalid("a page or a percent is for a book on “reading”") }
    }
}
