import Foundation

/// Open Library's keyless search as the real one answers (`search.json`, its `docs` with the
/// fields asked for): two editions of The Tempest with ISBN-13s and a work without one for "the
/// tempest", each edition by `isbn:`, nothing for anything else. Its covers service too
/// (`/b/isbn/<isbn13>-L.jpg`): a JPEG of the first edition's cover, 404 for any other (as
/// `default=false` asks); a test routes others' answers itself (`coverPath`).
public enum OpenLibraryStub {
    /// The first edition's cover, as the covers service sends it.
    public static var cover: Data {
        get throws { try Fixtures.data("cover-331x500.jpg", target: "KiwiServerTests") }
    }

    /// Where the covers service answers for a book.
    public static func coverPath(_ isbn13: String) -> String { "/b/isbn/\(isbn13)-L.jpg" }

    /// The editions it knows, by ISBN-13.
    public static let editions: [String: String] = [
        "9780141439600":
            #"{"key": "/works/OL362427W", "title": "The Tempest", "author_name": ["William Shakespeare"], "isbn": ["0141439602", "9780141439600", "9781853260957"]}"#,
        "9780743482837":
            #"{"key": "/works/OL362427W", "title": "The Tempest (Folger Shakespeare Library)", "author_name": ["William Shakespeare", "Barbara A. Mowat"], "isbn": ["9780743482837"]}"#,
    ]

    /// On a free port; or on the one `holder` keeps (`TCPSocket.sharedPort()`): the book search
    /// that answers again where nothing answered.
    public static func start(sharing holder: TCPSocket? = nil) async throws -> StubServer {
        let server = try await StubServer.start(sharing: holder)
        server.route("/search.json") { request in
            let query = request.query["q"] ?? ""
            if query == "the tempest" {
                let docs = [editions["9780141439600"]!, editions["9780743482837"]!, #"{"key": "/works/OL1W", "title": "Tempest notes"}"#]
                return .json(Data(#"{"numFound": 3, "start": 0, "docs": [\#(docs.joined(separator: ", "))]}"#.utf8))
            }
            if query.hasPrefix("isbn:"), let doc = editions[String(query.dropFirst(5))] {
                return .json(Data(#"{"numFound": 1, "docs": [\#(doc)]}"#.utf8))
            }
            return .json(Data(#"{"numFound": 0, "docs": []}"#.utf8))
        }
        let cover = try cover
        server.route(coverPath("9780141439600"), .respond(status: 200, body: cover, headers: ["Content-Type": "image/jpeg"], delay: .zero))
        return server
    }
}
