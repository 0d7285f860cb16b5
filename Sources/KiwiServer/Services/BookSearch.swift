import Foundation
import KiwiWire
import PluginAPI

/// Finds books in Open Library's keyless search (`GET <kiwi.books_url>/search.json?q=…`)
/// through the shared HTTP client, so answers are cached for a day.
public struct BookSearch: Sendable {
    static let lifetime = CachePolicy(kind: "books", timeToLive: 24 * 3600)
    /// Results a search answers at most.
    static let limit = 20
    private let api: APIClient

    public init(baseURL: URL, web: WebClient) {
        api = APIClient(service: "Open Library", baseURL: baseURL, namespace: "kiwi", web: web, headers: ["Accept": "application/json"])
    }

    /// Books for a query, best first; an empty query finds nothing (and asks nobody). `retried`:
    /// whether a failure is asked again, after the client's back-off.
    func search(_ query: String, retried: Bool = true) async throws -> [KiwiWire.Book] {
        let text = query.trimmed
        guard !text.isEmpty else { return [] }
        var call = APICall(
            "search.json",
            query: [("q", text), ("fields", "key,title,author_name,isbn"), ("limit", String(Self.limit))],
            cache: Self.lifetime
        )
        call.retried = retried
        let answer: OpenLibraryAnswer = try await api.decode(call)
        return answer.docs.compactMap(\.book)
    }

    /// The book with this ISBN-13, nil when Open Library knows none. Asked once: whoever asks has
    /// somewhere to turn when it fails (a post keeps the book under its ISBN, `BookDetails` asks
    /// again later), and a back-off would only keep them waiting.
    func book(isbn13: String) async throws -> KiwiBook? {
        try await search("isbn:\(isbn13)", retried: false).first.map { KiwiBook(title: $0.title, authors: $0.authors ?? [], isbn13: isbn13) }
    }
}

/// Open Library's `search.json`: `{numFound, docs: [{key, title, author_name, isbn}]}`, every field optional.
struct OpenLibraryAnswer: Decodable {
    struct Doc: Decodable {
        var key: String?
        var title: String?
        var authorName: [String]?
        var isbn: [String]?

        enum CodingKeys: String, CodingKey {
            case key, title, isbn
            case authorName = "author_name"
        }

        /// A result, as the original's wire has it: the work's id, and the first 13-digit ISBN or null.
        var book: KiwiWire.Book? {
            guard let title, !title.isEmpty else { return nil }
            let id = key.flatMap { $0.split(separator: "/").last.map(String.init) } ?? title
            return KiwiWire.Book(id: id, title: title, authors: authorName, isbn13: isbn?.first(where: KiwiWire.Book.isISBN13))
        }
    }

    var docs: [Doc]
}
