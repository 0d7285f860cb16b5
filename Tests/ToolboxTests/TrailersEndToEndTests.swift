import Foundation
import TestSupport
import Testing

/// The built binary against a stub TMDB: trailers browse, show, and genre completion.
@Suite struct TrailersEndToEndTests {
    func start() async throws -> (StubServer, ToolboxBinary) {
        let server = try await StubServer.start()
        let toolbox = try ToolboxBinary(extraEnvironment: [
            "TMDB_API_KEY": "e2e-trailers-key",
            "TOOLBOX_TMDB_BASE_URL": server.baseURL.absoluteString + "/3",
        ])
        for name in ["genre-movie-list", "genre-tv-list"] {
            server.route("/3/genre/\(name.split(separator: "-")[1])/list", .json(try Fixtures.data("\(name).json", target: "TrailersTests")))
        }
        server.route("/3/trending/all/week", .json(try Fixtures.data("trending-all.json", target: "TrailersTests")))
        server.route("/3/movie/550", .json(try Fixtures.data("movie-details-append-response.json", target: "TrailersTests")))
        return (server, toolbox)
    }

    @Test func browseShowAndPlayAsAUserWould() async throws {
        let (server, toolbox) = try await start()
        let browse = try await toolbox.run(["trailers", "browse"])
        #expect(browse.exitCode == 0, "\(browse.standardError)")
        #expect(browse.standardOutput.hasPrefix("Movie\t1368166\tThe Housemaid\t"))
        let show = try await toolbox.run(["trailers", "show", "550"])
        #expect(show.standardOutput.contains("Rated\tR\n"))
        #expect(show.standardOutput.contains("Runtime\t2h 19m\n"))
        let play = try await toolbox.run(["trailers", "play", "550", "--print"])
        #expect(play.standardOutput == "https://www.youtube.com/watch?v=SUXWAEX2jlg\n")
        await server.stop()
    }

    @Test func genreNamesCompleteInBashFromTheCachedLists() async throws {
        let (server, toolbox) = try await start()
        #expect(try await toolbox.run(["trailers", "genres"]).exitCode == 0)
        let offered = try await CompletionTests.complete(["toolbox", "trailers", "browse", "--genre", "Sci"], environment: toolbox.environment)
        #expect(offered == ["Sci-Fi & Fantasy", "Science Fiction"])
        await server.stop()
    }
}
