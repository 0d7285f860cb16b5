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

/// Trailers' posters on a terminal: beside `show`, and one small one per row with `browse --images`.
@Suite struct TrailerPictureTests {
    @Test func showDrawsThePosterAndBrowseImagesAThumbnailPerRow() async throws {
        let server = try await StubServer.start()
        let toolbox = try ToolboxBinary(extraEnvironment: [
            "TMDB_API_KEY": "e2e-trailers-key",
            "TOOLBOX_TMDB_BASE_URL": server.baseURL.absoluteString + "/3",
            "TOOLBOX_TMDB_IMAGE_BASE_URL": server.baseURL.absoluteString + "/t/p",
        ])
        for name in ["genre-movie-list", "genre-tv-list"] {
            server.route("/3/genre/\(name.split(separator: "-")[1])/list", .json(try Fixtures.data("\(name).json", target: "TrailersTests")))
        }
        server.route("/3/trending/all/week", .json(try Fixtures.data("trending-all.json", target: "TrailersTests")))
        var details = try #require(
            try JSONSerialization.jsonObject(with: Fixtures.data("movie-details-append-response.json", target: "TrailersTests")) as? [String: Any]
        )
        details["poster_path"] = "/fight-club.jpg"
        server.route("/3/movie/550", .json(try JSONSerialization.data(withJSONObject: details)))
        let jpeg = StubServer.Reply.respond(status: 200, body: try TestImages.photo, headers: ["Content-Type": "image/jpeg"], delay: .zero)
        for path in ["/t/p/w500/fight-club.jpg", "/t/p/w92/cWsBscZzwu5brg9YjNkGewRUvJX.jpg", "/t/p/w92/c15BtJxCXMrISLVmysdsnZUPQft.jpg"] {
            server.route(path, jpeg)
        }
        let colours = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]

        let show = try await toolbox.runOnTerminal(["trailers", "show", "550"], environment: colours)
        #expect(show.exitCode == 0, "\(show.standardError)")
        let first = try #require(show.standardOutput.split(separator: "\n").first)
        #expect(first.contains("▀") && first.contains("Title:"), "the poster beside the details")
        let json = try await toolbox.run(["trailers", "show", "550", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect((object?["posterURL"] as? String)?.hasSuffix("/t/p/w500/fight-club.jpg") == true, "the poster the item model used to drop")

        let browse = try await toolbox.runOnTerminal(["trailers", "browse", "--images", "--limit", "3"], environment: colours)
        #expect(browse.exitCode == 0, "\(browse.standardError)")
        let lines = browse.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.contains("TITLE") == true, "the header, indented past the pictures")
        let rows = lines.filter { $0.contains("Movie") || $0.contains("TV") }
        #expect(rows.count == 2, "The Housemaid and Fallout (the person on the trending list is no title)")
        #expect(rows.allSatisfy { $0.hasPrefix("\u{1B}[") && $0.contains("▀") }, "a thumbnail beside each row")
        #expect(browse.standardError.isEmpty, "\(browse.standardError)")
        let plain = try await toolbox.runOnTerminal(["trailers", "browse", "--limit", "3"], environment: colours)
        #expect(!plain.standardOutput.contains("▀"), "pictures in lists only when asked for")
        await server.stop()
    }
}

/// Where to watch through the real binary: provider names complete once listed.
@Suite struct TrailersProvidersEndToEndTests {
    @Test func providerNamesCompleteInBashOnceTheProvidersWereListed() async throws {
        let (server, toolbox) = try await TrailersEndToEndTests().start()
        server.route("/3/watch/providers/movie", .json(try Fixtures.data("watch-providers-movie-list.json", target: "TrailersTests")))
        server.route("/3/watch/providers/tv", .json(try Fixtures.data("watch-providers-tv-list.json", target: "TrailersTests")))
        let listed = try await toolbox.run(["trailers", "providers", "--region", "GB"])
        #expect(listed.exitCode == 0)
        #expect(listed.standardError == "Streaming data by JustWatch\n")
        let offered = try await CompletionTests.complete(["toolbox", "trailers", "browse", "--provider", "Dis"], environment: toolbox.environment)
        #expect(offered == ["Disney Plus"])
        await server.stop()
    }
}
