import Foundation
import GRDB

extension SQLiteKiwiDatabase: CoverStore {
    func cover(_ isbn13: String) async throws -> BookCoverRecord? {
        try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT image, failures, due FROM book_covers WHERE isbn13 = ?"), arguments: [isbn13]).map {
                BookCoverRecord(image: $0[0], failures: $0[1], due: Date(timeIntervalSince1970: $0[2]))
            }
        }
    }

    func claimCover(_ isbn13: String, at now: Date, until: Date) async throws -> Int? {
        try await write { db in
            try Int.fetchOne(
                db.cachedStatement(
                    sql: """
                        INSERT INTO book_covers (isbn13, image, failures, due) VALUES (?, NULL, 0, ?)
                        ON CONFLICT (isbn13) DO UPDATE SET due = excluded.due WHERE image IS NULL AND due <= ?
                        RETURNING failures
                        """
                ),
                arguments: [isbn13, until.timeIntervalSince1970, now.timeIntervalSince1970]
            )
        }
    }

    func keepCover(_ isbn13: String, image: PostImage) async throws {
        let now = Date().timeIntervalSince1970
        try await write { db in
            if let stored = image.stored {
                // A claim that outlived its server may have kept the same cover already.
                try db.execute(
                    sql: """
                        INSERT INTO images (name, content_type, size, digest, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (name) DO NOTHING
                        """,
                    arguments: [stored.name, stored.contentType, stored.bytes.count, stored.digest, stored.bytes, now]
                )
            }
            try db.execute(
                sql: """
                    INSERT INTO book_covers (isbn13, image, failures, due) VALUES (?, ?, 0, ?)
                    ON CONFLICT (isbn13) DO UPDATE SET image = excluded.image, failures = 0, due = excluded.due
                    """,
                arguments: [isbn13, image.name, now]
            )
        }
    }

    func postponeCover(_ isbn13: String, failures: Int, until due: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO book_covers (isbn13, image, failures, due) VALUES (?, NULL, ?, ?)
                    ON CONFLICT (isbn13) DO UPDATE SET failures = excluded.failures, due = excluded.due WHERE image IS NULL
                    """,
                arguments: [isbn13, failures, due.timeIntervalSince1970]
            )
        }
    }
}
