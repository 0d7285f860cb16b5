import Foundation
import KiwiWire
import PostgresNIO

extension PostgresKiwiDatabase: ShelfStore {
    func currentReading(of isbn13: String, by reader: String) async throws -> KiwiReading? {
        try await first(CurrentReading.self, binds(reader, isbn13), read: Self.reading)
    }

    func save(_ reading: KiwiReading, keeping: AnswerToKeep<KiwiReading>?) async throws -> KiwiReading {
        let values = Self.values(reading)
        return try await writing(keeping: keeping) { connection in
            let ids =
                if let id = reading.id {
                    try await self.rows(on: connection, ChangeReading.self, binds(values + [id])) { try $0.decode(Int64.self) }
                } else {
                    try await self.rows(on: connection, AddReading.self, binds(values)) { try $0.decode(Int64.self) }
                }
            // A reading changed while another request took the book off the shelves is gone.
            guard let id = ids.first else { throw KiwiProblem.notOnShelves }
            var saved = reading
            saved.id = id
            return saved
        }
    }

    func shelveIfAbsent(_ reading: KiwiReading) async throws -> KiwiReading? {
        guard let id = try await first(AddReadingIfAbsent.self, binds(Self.values(reading)), read: { try $0.decode(Int64.self) }) else { return nil }
        var saved = reading
        saved.id = id
        return saved
    }

    func unshelve(_ isbn13: String, by reader: String) async throws -> [Int64] {
        try await rows(Unshelve.self, binds(reader, isbn13)) { try $0.decode(Int64.self) }.sorted()
    }

    func readings(of reader: String) async throws -> [KiwiReading] {
        let found = try await rows(Readings.self, binds(reader)) { row -> KiwiReading? in
            // One row of NULLs for a member with no readings.
            try row.makeRandomAccess()[0].decode(Int64?.self) == nil ? nil : try Self.reading(row)
        }
        guard !found.isEmpty else { throw KiwiProblem.noSuchUser }
        return found.compactMap { $0 }
    }

    func reading(_ id: Int64) async throws -> KiwiReading? {
        try await first(OneReading.self, binds(id), read: Self.reading)
    }

    func shelfCounts(of isbn13: String) async throws -> KiwiWire.ShelfCounts {
        var counts = [String: Int]()
        for (shelf, count) in try await rows(ShelfCounts.self, binds(isbn13), read: { try $0.decode((String, Int64).self) }) {
            counts[shelf] = Int(count)
        }
        return KiwiWire.ShelfCounts(want: counts["want"] ?? 0, reading: counts["reading"] ?? 0, read: counts["read"] ?? 0)
    }

    func reviews(of isbn13: String, limit: Int) async throws -> [KiwiReading] {
        try await rows(Reviews.self, binds(isbn13, limit), read: Self.reading)
    }

    func shelvedBook(_ isbn13: String) async throws -> KiwiBook? {
        KiwiBook(stored: try await first(ShelvedBook.self, binds(isbn13)) { try $0.decode(String.self) })
    }

    /// `$1`…`$13`: owner, ISBN-13, book, shelf, page, pages, percent, started, finished, rating, updated_at, review, spoiler.
    private static func values(_ reading: KiwiReading) -> [(any PostgresDynamicTypeEncodable & Sendable)?] {
        let progress = reading.progress
        return [
            reading.reader, reading.isbn13, reading.book.stored ?? "{}", reading.shelf.rawValue, progress?.page.map(Int32.init),
            progress?.pages.map(Int32.init), progress?.percent.map(Int32.init), reading.started, reading.finished, reading.rating.map(Int32.init),
            reading.updatedAt.timeIntervalSince1970, reading.review, reading.spoiler,
        ]
    }

    /// A reading from `readingColumns`; nil for a row the store cannot read (an unknown shelf).
    private static func reading(_ row: PostgresRow) throws -> KiwiReading {
        let cells = row.makeRandomAccess()
        let book = KiwiBook(stored: try cells[2].decode(String.self))
        let shelf = KiwiWire.Shelf(rawValue: try cells[3].decode(String.self))
        guard let book, let shelf else { throw KiwiProblem.invalid("a stored reading cannot be read") }
        let (page, pages, percent) = (try cells[4].decode(Int32?.self), try cells[5].decode(Int32?.self), try cells[6].decode(Int32?.self))
        return KiwiReading(
            id: try cells[0].decode(Int64.self),
            reader: try cells[1].decode(String.self),
            book: book,
            shelf: shelf,
            progress: page == nil && pages == nil && percent == nil
                ? nil : KiwiWire.ReadingProgress(page: page.map(Int.init), pages: pages.map(Int.init), percent: percent.map(Int.init)),
            started: try cells[7].decode(String?.self),
            finished: try cells[8].decode(String?.self),
            rating: try cells[9].decode(Int32?.self).map(Int.init),
            review: try cells[11].decode(String?.self),
            spoiler: try cells[12].decode(String?.self),
            updatedAt: Date(timeIntervalSince1970: try cells[10].decode(Double.self))
        )
    }

    // MARK: statements

    static let readingColumns =
        "r.id, r.owner, r.book, r.shelf, r.page, r.pages, r.percent, r.started, r.finished, r.rating, r.updated_at, r.review, r.spoiler"

    private enum CurrentReading: PostgresStatementText {
        static let sql = "SELECT \(readingColumns) FROM readings r WHERE r.owner = $1 AND r.isbn13 = $2 ORDER BY r.id DESC LIMIT 1"
    }

    private enum Reviews: PostgresStatementText {
        static let sql = """
            SELECT \(readingColumns) FROM readings r WHERE r.isbn13 = $1 AND r.review IS NOT NULL
            ORDER BY r.updated_at DESC, r.id DESC LIMIT $2
            """
    }

    private enum ShelvedBook: PostgresStatementText {
        static let sql = "SELECT book FROM readings WHERE isbn13 = $1 ORDER BY id DESC LIMIT 1"
    }

    private enum OneReading: PostgresStatementText {
        static let sql = "SELECT \(readingColumns) FROM readings r WHERE r.id = $1"
    }

    private enum AddReading: PostgresStatementText {
        static let sql = """
            INSERT INTO readings (owner, isbn13, book, shelf, page, pages, percent, started, finished, rating, updated_at, review, spoiler)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id
            """
    }

    /// Only when no reading of the book by the member exists (a lock on the member's row keeps two
    /// servers from both adding one).
    private enum AddReadingIfAbsent: PostgresStatementText {
        static let sql = """
            WITH member AS (SELECT username FROM users WHERE username = $1 FOR UPDATE)
            INSERT INTO readings (owner, isbn13, book, shelf, page, pages, percent, started, finished, rating, updated_at, review, spoiler)
            SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 FROM member
            WHERE NOT EXISTS (SELECT 1 FROM readings WHERE owner = $1 AND isbn13 = $2) RETURNING id
            """
    }

    /// `$14` names the reading; the owner and ISBN-13 (`$1`, `$2`) must be its own.
    private enum ChangeReading: PostgresStatementText {
        static let sql = """
            UPDATE readings SET book = $3, shelf = $4, page = $5, pages = $6, percent = $7, started = $8, finished = $9, rating = $10,
                updated_at = $11, review = $12, spoiler = $13
            WHERE id = $14 AND owner = $1 AND isbn13 = $2 RETURNING id
            """
    }

    private enum Unshelve: PostgresStatementText {
        static let sql = "DELETE FROM readings WHERE owner = $1 AND isbn13 = $2 RETURNING id"
    }

    /// The member's readings, or one row of NULLs for a member with none; none for no such member.
    private enum Readings: PostgresStatementText {
        static let sql = """
            SELECT \(readingColumns) FROM users t LEFT JOIN readings r ON r.owner = t.username
            WHERE t.username = $1 ORDER BY r.updated_at DESC, r.id DESC
            """
    }

    private enum ShelfCounts: PostgresStatementText {
        static let sql = """
            SELECT r.shelf, count(*) FROM readings r WHERE r.isbn13 = $1
            AND NOT EXISTS (SELECT 1 FROM readings n WHERE n.owner = r.owner AND n.isbn13 = r.isbn13 AND n.id > r.id) GROUP BY r.shelf
            """
    }
}
