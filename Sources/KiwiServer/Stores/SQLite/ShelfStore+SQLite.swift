import Foundation
import GRDB
import KiwiWire

extension SQLiteKiwiDatabase: ShelfStore {
    static let readingColumns =
        "SELECT id, owner, book, shelf, page, pages, percent, started, finished, rating, updated_at, review, spoiler FROM readings"

    /// A member's latest reading of a book: no later one of the same book by the same member.
    static let latest = "NOT EXISTS (SELECT 1 FROM readings n WHERE n.owner = r.owner AND n.isbn13 = r.isbn13 AND n.id > r.id)"

    func currentReading(of isbn13: String, by reader: String) async throws -> KiwiReading? {
        try await read { db in
            let sql = Self.readingColumns + " WHERE owner = ? AND isbn13 = ? ORDER BY id DESC LIMIT 1"
            return try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [reader, isbn13]).flatMap(Self.reading)
        }
    }

    func save(_ reading: KiwiReading, keeping: AnswerToKeep<KiwiReading>?) async throws -> KiwiReading {
        try await write { db in
            let saved = try Self.save(reading, db)
            try Self.keep(keeping, saved, db)
            return saved
        }
    }

    func shelveIfAbsent(_ reading: KiwiReading) async throws -> KiwiReading? {
        try await write { db in
            let shelved = try Bool.fetchOne(
                db,
                sql: "SELECT 1 FROM readings WHERE owner = ? AND isbn13 = ?",
                arguments: [reading.reader, reading.isbn13]
            )
            return shelved == true ? nil : try Self.save(reading, db)
        }
    }

    func unshelve(_ isbn13: String, by reader: String) async throws -> [Int64] {
        try await write { db in
            try Int64.fetchAll(db, sql: "DELETE FROM readings WHERE owner = ? AND isbn13 = ? RETURNING id", arguments: [reader, isbn13]).sorted()
        }
    }

    func readings(of reader: String) async throws -> [KiwiReading] {
        try await read { db in
            try Self.requireUser(reader, db)
            let sql = Self.readingColumns + " WHERE owner = ? ORDER BY updated_at DESC, id DESC"
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [reader]).compactMap(Self.reading)
        }
    }

    func reading(_ id: Int64) async throws -> KiwiReading? {
        try await read { db in try Row.fetchOne(db, sql: Self.readingColumns + " WHERE id = ?", arguments: [id]).flatMap(Self.reading) }
    }

    func shelfCounts(of isbn13: String) async throws -> KiwiWire.ShelfCounts {
        try await read { db in
            let sql = "SELECT shelf, count(*) FROM readings r WHERE isbn13 = ? AND \(Self.latest) GROUP BY shelf"
            var counts = [String: Int]()
            for row in try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [isbn13]) { counts[row[0]] = row[1] }
            return KiwiWire.ShelfCounts(want: counts["want"] ?? 0, reading: counts["reading"] ?? 0, read: counts["read"] ?? 0)
        }
    }

    func reviews(of isbn13: String, limit: Int) async throws -> [KiwiReading] {
        try await read { db in
            let sql = Self.readingColumns + " WHERE isbn13 = ? AND review IS NOT NULL ORDER BY updated_at DESC, id DESC LIMIT ?"
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [isbn13, limit]).compactMap(Self.reading)
        }
    }

    func shelvedBook(_ isbn13: String) async throws -> KiwiBook? {
        try await read { db in
            let sql = "SELECT book FROM readings WHERE isbn13 = ? ORDER BY id DESC LIMIT 1"
            return KiwiBook(stored: try String.fetchOne(db.cachedStatement(sql: sql), arguments: [isbn13]))
        }
    }

    private static func save(_ reading: KiwiReading, _ db: Database) throws -> KiwiReading {
        let progress = reading.progress
        let values: [(any DatabaseValueConvertible)?] = [
            reading.book.stored, reading.shelf.rawValue, progress?.page, progress?.pages, progress?.percent, reading.started, reading.finished,
            reading.rating, reading.updatedAt.timeIntervalSince1970, reading.review, reading.spoiler,
        ]
        var saved = reading
        if let id = reading.id {
            try db.execute(
                sql: """
                    UPDATE readings SET book = ?, shelf = ?, page = ?, pages = ?, percent = ?, started = ?, finished = ?, rating = ?, updated_at = ?,
                        review = ?, spoiler = ?
                    WHERE id = ?
                    """,
                arguments: StatementArguments(values + [id])
            )
            // Taken off the shelves by another request since the service read it: nothing to change.
            guard db.changesCount > 0 else { throw KiwiProblem.notOnShelves }
        } else {
            try db.execute(
                sql: """
                    INSERT INTO readings (owner, isbn13, book, shelf, page, pages, percent, started, finished, rating, updated_at, review, spoiler)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: StatementArguments([reading.reader, reading.isbn13] + values)
            )
            saved.id = db.lastInsertedRowID
        }
        return saved
    }

    static func reading(_ row: Row) -> KiwiReading? {
        guard let book = KiwiBook(stored: row[2]), let shelf = KiwiWire.Shelf(rawValue: row[3]) else { return nil }
        let (page, pages, percent): (Int?, Int?, Int?) = (row[4], row[5], row[6])
        return KiwiReading(
            id: row[0],
            reader: row[1],
            book: book,
            shelf: shelf,
            progress: page == nil && pages == nil && percent == nil ? nil : KiwiWire.ReadingProgress(page: page, pages: pages, percent: percent),
            started: row[7],
            finished: row[8],
            rating: row[9],
            review: row[11],
            spoiler: row[12],
            updatedAt: Date(timeIntervalSince1970: row[10])
        )
    }
}
