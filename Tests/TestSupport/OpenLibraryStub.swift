import Foundation

/// Open Library as Kiwi's server asks it (`search.json`), answering the queries the tests ask,
/// on 127.0.0.1.
public enum OpenLibraryStub {
    public static func start() async throws -> StubServer {
        let server = try await StubServer.start()
        server.route("/search.json") { request in
            switch request.query["q"] {
            case "the tempest":
                return .json(
                    Data(
                        #"""
                        {"numFound": 2, "start": 0, "docs": [
                          {"key": "/works/OL362427W", "title": "The Tempest", "author_name": ["William Shakespeare"], "isbn": ["0141439602", "9780141439600", "9781853260957"]},
                          {"key": "/works/OL1W", "title": "Tempest notes"}
                        ]}
                        """#.utf8
                    )
                )
            case "isbn:9780141439600":
                return .json(
                    Data(
                        #"{"numFound": 1, "docs": [{"key": "/works/OL362427W", "title": "The Tempest", "author_name": ["William Shakespeare"], "isbn": ["9780141439600"]}]}"#
                            .utf8
                    )
                )
            default:
                return .json(Data(#"{"numFound": 0, "docs": []}"#.utf8))
            }
        }
        return server
    }
}
