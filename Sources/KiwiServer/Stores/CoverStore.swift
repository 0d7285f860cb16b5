import Foundation

/// Each book's cover as the servers of a community fetch it: kept (an image by name), or when a
/// fetch may next begin. A fetch is claimed in the database, so one server at a time fetches a
/// book's cover; when to try again, and after how long, are the service's rules (`Covers`).
protocol CoverStore: Sendable {
    /// The book's cover record; nil when no server has tried to fetch it yet.
    func cover(_ isbn13: String) async throws -> BookCoverRecord?
    /// Claims the fetch until `until`, unless the cover is kept or its record is not due at `now`
    /// (another server's claim, or a wait after a failure); answers the failures so far when claimed.
    func claimCover(_ isbn13: String, at now: Date, until: Date) async throws -> Int?
    /// Keeps the fetched cover: its image (`.stored`: written in the same transaction).
    func keepCover(_ isbn13: String, image: PostImage) async throws
    /// Gives the fetch up until `due`, with `failures` counted so far.
    func postponeCover(_ isbn13: String, failures: Int, until due: Date) async throws
}

/// A book's row of `book_covers`.
struct BookCoverRecord: Sendable, Equatable {
    /// The kept image; nil while none is.
    var image: String?
    /// Fetches that failed in a row.
    var failures: Int
    /// When a fetch may begin (a claim's end, or the end of a wait).
    var due: Date
}
