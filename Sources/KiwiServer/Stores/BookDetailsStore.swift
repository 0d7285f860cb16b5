import Foundation

/// The books whose details the community owes: a post or a shelf named a book by its ISBN-13 while
/// the book search could not answer, so it was kept under its ISBN (`KiwiBook.unnamed`). A fetch is
/// claimed in the database, so one server at a time asks about a book; when to ask again is the
/// service's rule (`BookDetails`).
protocol BookDetailsStore: Sendable {
    /// Owes the book's details from `due` on, unless they are owed already.
    func oweDetails(_ isbn13: String, due: Date) async throws
    /// The books whose details are due at `now`, the longest due first.
    func detailsDue(at now: Date, limit: Int) async throws -> [String]
    /// Claims the fetch until `until` when it is due at `now`; answers the failures so far when claimed.
    func claimDetails(_ isbn13: String, at now: Date, until: Date) async throws -> Int?
    /// Gives the fetch up until `due`, with `failures` counted so far.
    func postponeDetails(_ isbn13: String, failures: Int, until due: Date) async throws
    /// Names the book in every post and reading that has it under its ISBN alone, and owes it no
    /// more, in one transaction; answers what it changed.
    func name(_ book: KiwiBook) async throws -> BookNamed
}

/// What naming a book changed: the posts and the readings that had it under its ISBN alone.
struct BookNamed: Sendable {
    var posts: [(id: Int64, author: String)] = []
    var readings: [(id: Int64, reader: String)] = []
}

/// A book whose details are owed: the fetches that failed in a row, and when one may next begin.
struct OwedDetails: Sendable, Equatable {
    var failures: Int
    var due: Date
}
