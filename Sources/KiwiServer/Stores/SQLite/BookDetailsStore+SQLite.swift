import Foundation
import GRDB

extension SQLiteKiwiDatabase: BookDetailsStore {
    func oweDetails(_ isbn13: String, due: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO book_details (isbn13, failures, due) VALUES (?, 0, ?) ON CONFLICT (isbn13) DO NOTHING",
                arguments: [isbn13, due.timeIntervalSince1970]
            )
        }
    }

    func detailsDue(at now: Date, limit: Int) async throws -> [String] {
        try await read { db in
            try String.fetchAll(
                db.cachedStatement(sql: "SELECT isbn13 FROM book_details WHERE due <= ? ORDER BY due, isbn13 LIMIT ?"),
                arguments: [now.timeIntervalSince1970, limit]
            )
        }
    }

    func claimDetails(_ isbn13: String, at now: Date, until: Date) async throws -> Int? {
        try await write { db in
            try Int.fetchOne(
                db,
                sql: "UPDATE book_details SET due = ? WHERE isbn13 = ? AND due <= ? RETURNING failures",
                arguments: [until.timeIntervalSince1970, isbn13, now.timeIntervalSince1970]
            )
        }
    }

    func postponeDetails(_ isbn13: String, failures: Int, until due: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE book_details SET failures = ?, due = ? WHERE isbn13 = ?",
                arguments: [failures, due.timeIntervalSince1970, isbn13]
            )
        }
    }

    func name(_ book: KiwiBook) async throws -> BookNamed {
        let (stored, unnamed) = (book.stored, KiwiBook.unnamed(book.isbn13).title)
        return try await write { db in
            var named = BookNamed()
            let posts = "UPDATE posts SET book = ? WHERE \(Self.bookISBN13) = ? AND json_extract(book, '$.title') = ? RETURNING id, owner"
            for row in try Row.fetchAll(db, sql: posts, arguments: [stored, book.isbn13, unnamed]) { named.posts.append((row[0], row[1])) }
            let readings = "UPDATE readings SET book = ? WHERE isbn13 = ? AND json_extract(book, '$.title') = ? RETURNING id, owner"
            for row in try Row.fetchAll(db, sql: readings, arguments: [stored, book.isbn13, unnamed]) { named.readings.append((row[0], row[1])) }
            // The search's row of the book, which the triggers make only as a post or a reading is added.
            if !named.posts.isEmpty || !named.readings.isEmpty {
                try db.execute(sql: SQLiteSearch.bookRow("?"), arguments: [stored, stored, stored, stored])
            }
            try db.execute(sql: "DELETE FROM book_details WHERE isbn13 = ?", arguments: [book.isbn13])
            return named
        }
    }
}
