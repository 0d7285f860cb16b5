import Foundation
import NIOCore
import PostgresNIO

/// Claimed with one statement: of the servers asking at once, the row's lock lets one through.
extension PostgresKiwiDatabase: CoverStore {
    func cover(_ isbn13: String) async throws -> BookCoverRecord? {
        try await first(Cover.self, binds(isbn13)) { row in
            let (image, failures, due) = try row.decode((String?, Int32, Double).self)
            return BookCoverRecord(image: image, failures: Int(failures), due: Date(timeIntervalSince1970: due))
        }
    }

    func claimCover(_ isbn13: String, at now: Date, until: Date) async throws -> Int? {
        try await first(ClaimCover.self, binds(isbn13, until.timeIntervalSince1970, now.timeIntervalSince1970)) { try $0.decode(Int32.self) }.map(
            Int.init
        )
    }

    func keepCover(_ isbn13: String, image: PostImage) async throws {
        let stored = image.stored
        try await run(
            KeepCover.self,
            binds(
                isbn13,
                image.name,
                Date().timeIntervalSince1970,
                stored?.contentType,
                stored?.bytes.count,
                stored?.digest,
                stored.map { ByteBuffer(data: $0.bytes) }
            )
        )
    }

    func postponeCover(_ isbn13: String, failures: Int, until due: Date) async throws {
        try await run(PostponeCover.self, binds(isbn13, failures, due.timeIntervalSince1970))
    }

    private enum Cover: PostgresStatementText {
        static let sql = "SELECT image, failures, due FROM book_covers WHERE isbn13 = $1"
    }

    private enum ClaimCover: PostgresStatementText {
        static let sql = """
            INSERT INTO book_covers (isbn13, image, failures, due) VALUES ($1, NULL, 0, $2)
            ON CONFLICT (isbn13) DO UPDATE SET due = excluded.due WHERE book_covers.image IS NULL AND book_covers.due <= $3
            RETURNING failures
            """
    }

    /// The image's row (when the store keeps it; one a claim that outlived its server kept already
    /// stays), then the cover's.
    private enum KeepCover: PostgresStatementText {
        static let sql = """
            WITH kept AS (INSERT INTO images (name, content_type, size, digest, bytes, created_at)
                          SELECT $2, $4::text, $5::integer, $6::text, $7::bytea, $3 WHERE $7::bytea IS NOT NULL
                          ON CONFLICT (name) DO NOTHING)
            INSERT INTO book_covers (isbn13, image, failures, due) VALUES ($1, $2, 0, $3)
            ON CONFLICT (isbn13) DO UPDATE SET image = excluded.image, failures = 0, due = excluded.due
            """
    }

    private enum PostponeCover: PostgresStatementText {
        static let sql = """
            INSERT INTO book_covers (isbn13, image, failures, due) VALUES ($1, NULL, $2, $3)
            ON CONFLICT (isbn13) DO UPDATE SET failures = excluded.failures, due = excluded.due WHERE book_covers.image IS NULL
            """
    }
}
