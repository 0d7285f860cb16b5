import KiwiWire

/// Members' shelves: each reading of a book, a member's latest of a book being where the book
/// is now. Which reading a change makes or changes is the service's rule (`Shelves`); a store
/// keeps what it is given, and the answer to keep in the same transaction.
protocol ShelfStore: Sendable {
    /// The member's latest reading of the book; nil when it is on none of their shelves.
    func currentReading(of isbn13: String, by reader: String) async throws -> KiwiReading?
    /// Stores a new reading (no id) or changes one; answers it as stored.
    func save(_ reading: KiwiReading, keeping: AnswerToKeep<KiwiReading>?) async throws -> KiwiReading
    /// Stores the reading (a new one) unless the book is on one of its reader's shelves already; nil then.
    func shelveIfAbsent(_ reading: KiwiReading) async throws -> KiwiReading?
    /// Takes the book off its reader's shelves, every reading of it; answers the readings removed.
    func unshelve(_ isbn13: String, by reader: String) async throws -> [Int64]
    /// Every reading of the member's, the latest changed first; throws `noSuchUser` for nobody by that name.
    func readings(of reader: String) async throws -> [KiwiReading]
    func reading(_ id: Int64) async throws -> KiwiReading?
    /// How many members have the book on each shelf now.
    func shelfCounts(of isbn13: String) async throws -> KiwiWire.ShelfCounts
    /// The book's readings with a review, the latest changed first, `limit` at most.
    func reviews(of isbn13: String, limit: Int) async throws -> [KiwiReading]
    /// The book as its latest reading by anyone names it; nil when it is on nobody's shelves.
    func shelvedBook(_ isbn13: String) async throws -> KiwiBook?
}
