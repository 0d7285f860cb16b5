import Foundation
import KiwiWire
import PluginAPI

/// Books as the community reads them: each book's standing (its posts, its readers) and what is
/// read most, kept in memory while true; their covers; and the book search, when the server has one,
/// answering in the community's words (a server without one says so, and a search that cannot
/// answer is `bookSearchFailed`).
struct Books: Sendable {
    let search: BookSearch?
    let store: any PostStore
    /// The books on members' shelves, named as their readings name them.
    let shelved: any ShelfStore
    let covers: Covers
    /// The details owed of books named by their ISBN-13 alone.
    let details: BookDetails
    /// Each book's standing by its ISBN-13.
    let standings: KiwiCache<String, KiwiBookStanding>
    /// The community's most read, by the window and the length asked for.
    let popular: KiwiCache<PopularKey, KiwiPopularBooks>

    struct PopularKey: Hashable, Sendable {
        var days, limit: Int
    }

    /// A change does not say which book its post is about: any post made, changed or deleted may
    /// move any book; a member's profile shows among a book's readers.
    @Sendable static func staleStandings(_ change: KiwiChange) -> KiwiCache<String, KiwiBookStanding>.Stale? {
        switch change {
        case .post, .member: .all
        default: nil
        }
    }

    /// A post, or a member's change (of standing too: a silenced member's posts are not counted).
    @Sendable static func stalePopular(_ change: KiwiChange) -> KiwiCache<PopularKey, KiwiPopularBooks>.Stale? {
        switch change {
        case .post, .member: .all
        default: nil
        }
    }

    /// Books for a query, best first.
    func find(_ query: String) async throws -> [KiwiWire.Book] {
        try await asking { try await $0.search(query) }
    }

    /// The book a new post or a shelf names by its ISBN-13: as posts here name it, else as the book
    /// search knows it, else as a shelf here names it (an import's words). While the search cannot
    /// answer, or is slower than `searchPatience`, and no shelf names it, by its ISBN alone, its
    /// details owed (`BookDetails`): a post does not wait on Open Library. Nil when nobody knows
    /// a book by it; `invalid` for an ISBN-13 whose check digit is wrong.
    func named(_ isbn13: String) async throws -> KiwiBook? {
        try Self.requireISBN13(isbn13)
        guard KiwiWire.Book.hasValidCheckDigit(isbn13) else {
            throw KiwiProblem.invalid("\(isbn13) is not an ISBN-13: its last digit is not its check digit")
        }
        if let posted = try await postedAbout(isbn13) { return posted.book }
        var away = false
        if let search {
            do {
                let asking = KiwiProblem.bookSearchFailed("it did not answer in time")
                if let found = try await Deadline.answer(within: Self.searchPatience, orThrow: asking, { try await search.book(isbn13: isbn13) }) {
                    return found
                }
            } catch {
                away = true
            }
        }
        if let book = try await shelved.shelvedBook(isbn13) { return book }
        if away {
            try await details.owe(isbn13)
            return .unnamed(isbn13)
        }
        guard search != nil else { throw KiwiProblem.noBookSearch }
        return nil
    }

    /// How long a post waits for the book search before it is kept with its book's ISBN alone: as
    /// long as a cover's whole fetch may take. The search is asked once (`BookSearch.book`), so a
    /// refused connection or an error is known at once; only a silent search takes this long.
    static let searchPatience: Duration = .seconds(10)

    /// A book's standing: from its posts; when none names it yet, as a member's shelf names it (an
    /// import brings books that the book search may not know, or that it cannot be asked about
    /// now); else from the book search (read by nobody); `noSuchBook` when none knows it.
    func standing(_ isbn13: String) async throws -> KiwiBookStanding {
        if let posted = try await postedAbout(isbn13) { return posted }
        if let book = try await shelved.shelvedBook(isbn13) { return KiwiBookStanding(book: book, reflections: 0, readers: 0) }
        guard search != nil, let found = try await asking({ try await $0.book(isbn13: isbn13) }) else { throw KiwiProblem.noSuchBook }
        return KiwiBookStanding(book: found, reflections: 0, readers: 0)
    }

    /// A book's standing from its posts; nil when none names it.
    func postedAbout(_ isbn13: String) async throws -> KiwiBookStanding? {
        try Self.requireISBN13(isbn13)
        return try await standings.value(for: isbn13) { try await store.book(isbn13, recentReaders: KiwiWire.BookSummary.recentReaderLimit) }
    }

    /// The books most posted about in the last `days` days; with `reader`, counting only the posts
    /// of the members they follow (theirs alone: made for them, kept for nobody).
    func popular(days: Int, limit: Int, following reader: String?, now: Date = Date()) async throws -> KiwiPopularBooks {
        let since = now.addingTimeInterval(-Double(days) * 86_400)
        let make = { try await store.popularBooks(since: since, limit: limit, followedBy: reader) }
        guard reader == nil else { return try await make() }
        // True until a post is made or deleted, or until the oldest post counted leaves the window.
        let key = PopularKey(days: days, limit: limit)
        return try await popular.value(for: key, while: { $0.oldestCounted.map { $0 >= since } ?? true }, make: make)
    }

    private static func requireISBN13(_ text: String) throws {
        guard KiwiWire.Book.isISBN13(text) else { throw KiwiProblem.invalid("book must be an ISBN-13: 13 digits") }
    }

    private func asking<Answer>(_ lookUp: (BookSearch) async throws -> Answer) async throws -> Answer {
        guard let search else { throw KiwiProblem.noBookSearch }
        do {
            return try await lookUp(search)
        } catch let error as ToolboxError {
            throw KiwiProblem.bookSearchFailed(error.message)
        }
    }
}
