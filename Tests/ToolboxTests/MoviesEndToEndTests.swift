import Foundation
import TestSupport
import Testing

/// The built binary against a stub TMDB on 127.0.0.1: stdout, --json, stderr and exit codes.
@Suite struct MoviesEndToEndTests {
    static let apiKey = "e2e-key-4321"

    func start() async throws -> (StubServer, ToolboxBinary) {
        let server = try await StubServer.start()
        let toolbox = try ToolboxBinary(extraEnvironment: [
            "TMDB_API_KEY": Self.apiKey,
            "TOOLBOX_TMDB_BASE_URL": server.baseURL.absoluteString + "/3",
            "TOOLBOX_HTTP_BACKOFF_INITIAL": "0.01",
            "TOOLBOX_HTTP_BACKOFF_MAX": "0.02",
        ])
        server.route("/3/movie/550/similar", .json(try Fixtures.data("discover-movie.json", target: "MoviesTests")))
        return (server, toolbox)
    }

    @Test func similarTwiceMakesNoUpstreamRequestTheSecondTime() async throws {
        let (server, toolbox) = try await start()
        let first = try await toolbox.run(["movies", "similar", "550"])
        #expect(first.exitCode == 0, "\(first.standardError)")
        #expect(first.standardOutput.split(separator: "\n").count == 20)
        #expect(first.standardError.isEmpty)
        let second = try await toolbox.run(["movies", "similar", "550", "--json", "--verbose"])
        #expect(second.exitCode == 0)
        #expect(server.requestCount() == 1)
        #expect(second.standardError.contains("(cache hit)"))
        #expect(!second.standardError.contains(Self.apiKey), "the key never appears in logs")
        let items = try JSONSerialization.jsonObject(with: Data(second.standardOutput.utf8)) as? [[String: Any]]
        #expect(items?.count == 20)
        #expect(items?.first?["title"] as? String == "Thor: Love and Thunder")
        await server.stop()
    }

    @Test func whenTheNetworkFailsTheCachedAnswerIsShownWithANotice() async throws {
        let (server, toolbox) = try await start()
        #expect(try await toolbox.run(["movies", "similar", "550"]).exitCode == 0)
        await server.stop()
        let stale = try await toolbox.run(["movies", "similar", "550", "--refresh"])
        #expect(stale.exitCode == 0)
        #expect(stale.standardOutput.split(separator: "\n").count == 20)
        #expect(stale.standardError == "offline: showing cached results from just now\n")
        let offline = try await toolbox.run(["movies", "similar", "13", "--offline"])
        #expect(offline.exitCode == 69)
        #expect(offline.standardError.hasPrefix("error: offline, and no cached answer"))
    }

    @Test func aServiceThatKeepsFailingIsExit69WithAClearMessage() async throws {
        let (server, toolbox) = try await start()
        server.route("/3/movie/550/similar", .status(503))
        let run = try await toolbox.run(["movies", "similar", "550"])
        #expect(run.exitCode == 69)
        #expect(
            run.standardError
                == "error: 127.0.0.1:\(server.port) kept failing (HTTP 503) after 5 retries (stub 503)\nhint: the service has a problem; try again later\n",
            "the server's own words"
        )
        #expect(run.standardOutput.isEmpty)
        await server.stop()
    }

    @Test func aMissingKeyGuidesANewUser() async throws {
        let (server, toolbox) = try await start()
        let run = try await toolbox.run(["movies", "similar", "550"], environment: ["TMDB_API_KEY": ""])
        #expect(run.exitCode == 78)
        #expect(run.standardError.contains("tmdb.api_key"))
        #expect(run.standardError.contains("https://www.themoviedb.org/settings/api"))
        #expect(server.requestCount() == 0)
        // Then the key, set without echo from stdin, and it works.
        #expect(
            try await toolbox.run(["config", "set", "tmdb.api_key"], input: "from-stdin-key-7777\n", environment: ["TMDB_API_KEY": ""]).exitCode == 0
        )
        let list = try await toolbox.run(["config", "list"], environment: ["TMDB_API_KEY": ""])
        #expect(list.standardOutput.contains("tmdb.api_key\t••••7777\tfile"))
        #expect(!list.standardOutput.contains("from-stdin-key"))
        let retry = try await toolbox.run(["movies", "similar", "550"], environment: ["TMDB_API_KEY": ""])
        #expect(retry.exitCode == 0)
        #expect(server.requests.first?.query["api_key"] == "from-stdin-key-7777")
        await server.stop()
    }

    @Test func ctrlCStopsARequestWithExit130AndLeavesNoCacheEntry() async throws {
        let (server, toolbox) = try await start()
        server.route("/3/movie/550/similar", .json(Data("{}".utf8), delay: .seconds(120)))
        let running = try toolbox.start(["movies", "similar", "550"])
        try await Task.sleep(for: .milliseconds(500))
        let interrupted = ContinuousClock.now
        running.interrupt()
        let result = await running.finish()
        #expect(result.exitCode == 130)
        #expect(ContinuousClock.now - interrupted < .seconds(60), "not the answer's two minutes")
        let cache = toolbox.environment["XDG_CACHE_HOME"]! + "/toolbox/movies/http"
        #expect((try? FileManager.default.subpathsOfDirectory(atPath: cache))?.filter { !$0.hasSuffix("lock") && $0.count > 60 }.isEmpty ?? true)
        await server.stop()
    }

    @Test func pipedOutputIsTabSeparatedAndJSONLeavesStderrEmpty() async throws {
        let (server, toolbox) = try await start()
        let run = try await toolbox.run(["movies", "similar", "550", "--limit", "2"])
        let lines = run.standardOutput.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count == 4 })
        #expect(!run.standardOutput.contains("\u{1B}"), "no colour when piped")
        await server.stop()
    }
}

/// `movies show` on a terminal: the poster beside the details, in the terminal's own protocol,
/// and never a picture's byte where no person looks.
@Suite struct PosterPictureTests {
    func start(poster: Data? = nil) async throws -> (StubServer, ToolboxBinary) {
        let server = try await StubServer.start()
        let toolbox = try ToolboxBinary(extraEnvironment: [
            "TMDB_API_KEY": MoviesEndToEndTests.apiKey,
            "TOOLBOX_TMDB_BASE_URL": server.baseURL.absoluteString + "/3",
            "TOOLBOX_TMDB_IMAGE_BASE_URL": server.baseURL.absoluteString + "/t/p",
        ])
        var details = try #require(
            try JSONSerialization.jsonObject(with: Fixtures.data("movie-details.json", target: "MoviesTests")) as? [String: Any]
        )
        details["poster_path"] = "/poster.jpg"
        server.route("/3/movie/550", .json(try JSONSerialization.data(withJSONObject: details)))
        server.route("/3/movie/550/similar", .json(try Fixtures.data("discover-movie.json", target: "MoviesTests")))
        let image = try poster ?? TestImages.photo
        server.route("/t/p/w500/poster.jpg", .respond(status: 200, body: image, headers: ["Content-Type": "image/jpeg"], delay: .zero))
        return (server, toolbox)
    }

    @Test func kittyGetsItsGraphicsProtocolAndBlocksGetColoursBesideTheText() async throws {
        let (server, toolbox) = try await start()
        let kitty = try await toolbox.runOnTerminal(["movies", "show", "550"], environment: ["TERM": "xterm-kitty"])
        #expect(kitty.exitCode == 0, "\(kitty.standardError)")
        #expect(kitty.standardOutput.contains("\u{1B}_G"), "kitty's graphics escape")
        #expect(kitty.standardOutput.contains("Fight Club"))
        let blocks = try await toolbox.runOnTerminal(["movies", "show", "550"], environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        #expect(blocks.exitCode == 0)
        #expect(blocks.standardOutput.contains("38;2;") && blocks.standardOutput.contains("48;2;") && blocks.standardOutput.contains("▀"))
        let first = try #require(blocks.standardOutput.split(separator: "\n").first)
        #expect(first.contains("▀") && first.contains("Title:"), "the poster and the details side by side")
        #expect(server.requestCount("/t/p/w500/poster.jpg") == 1, "downloaded once")
        await server.stop()
        let offline = try await toolbox.runOnTerminal(
            ["movies", "show", "550", "--offline"],
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        )
        #expect(offline.exitCode == 0, "\(offline.standardError)")
        #expect(offline.standardOutput.contains("▀"), "drawn again from the cache, offline")
    }

    @Test func noPictureBytesWhereNoPersonLooks() async throws {
        let (server, toolbox) = try await start()
        let terminal = ["TERM": "xterm-kitty", "COLORTERM": "truecolor"]
        let piped = try await toolbox.run(["movies", "show", "550"], environment: terminal)
        let json = try await toolbox.runOnTerminal(["movies", "show", "550", "--json"], environment: terminal)
        let plain = try await toolbox.runOnTerminal(["movies", "show", "550", "--plain"], environment: terminal)
        let noColor = try await toolbox.runOnTerminal(["movies", "show", "550"], environment: terminal.merging(["NO_COLOR": "1"]) { $1 })
        let flag = try await toolbox.runOnTerminal(["movies", "show", "550", "--no-images"], environment: terminal)
        let never = try await toolbox.runOnTerminal(
            ["movies", "show", "550"],
            environment: terminal.merging(["TOOLBOX_OUTPUT_IMAGES": "never"]) { $1 }
        )
        for (name, run) in [("piped", piped), ("--json", json), ("--plain", plain), ("NO_COLOR", noColor), ("--no-images", flag), ("never", never)] {
            #expect(run.exitCode == 0, "\(name): \(run.standardError)")
            #expect(run.standardOutput.contains("Fight Club"), "\(name)")
            #expect(!run.standardOutput.contains("\u{1B}_G") && !run.standardOutput.contains("▀"), "\(name): no picture")
        }
        #expect(!piped.standardOutput.contains("\u{1B}") && !noColor.standardOutput.contains("\u{1B}"), "no escape sequence at all")
        #expect(server.requestCount("/t/p/w500/poster.jpg") == 0, "nothing downloaded that is not drawn")
        await server.stop()
    }

    @Test func aBrokenPosterLeavesTheDetailsAndSaysSoOnce() async throws {
        let whole = try TestImages.photo
        let (server, toolbox) = try await start(poster: whole.prefix(whole.count / 2))
        let run = try await toolbox.runOnTerminal(["movies", "show", "550"], environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains("Title:") && run.standardOutput.contains("Fight Club"))
        #expect(!run.standardOutput.contains("▀"))
        #expect(
            run.standardError.hasPrefix("cannot draw the picture: ") && run.standardError.split(separator: "\n").count == 1,
            "\(run.standardError)"
        )
        await server.stop()
    }
}

extension PosterPictureTests {
    @Test func similarWithImagesDrawsAThumbnailPerRowOnceDownloaded() async throws {
        let (server, toolbox) = try await start()
        let jpeg = StubServer.Reply.respond(status: 200, body: try TestImages.photo, headers: ["Content-Type": "image/jpeg"], delay: .zero)
        for name in ["pIkRyD18kl4FhoCNQuWxWu5cBLM", "kAVRgw7GgK1CfYEJq8ME6EvRIgU"] { server.route("/t/p/w92/\(name).jpg", jpeg) }
        let colours = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        let run = try await toolbox.runOnTerminal(["movies", "similar", "550", "--images", "--limit", "3"], environment: colours)
        #expect(run.exitCode == 0)
        let rows = run.standardOutput.split(separator: "\n").filter { $0.contains("  2022  ") }
        #expect(rows.count == 3)
        #expect(rows.prefix(2).allSatisfy { $0.contains("▀") })
        #expect(run.standardError == "1 of 3 pictures could not be had\n", "the third poster is not on the stub: said once, the row kept")
        _ = try await toolbox.runOnTerminal(["movies", "similar", "550", "--images", "--limit", "3"], environment: colours)
        #expect(server.requestCount("/t/p/w92/pIkRyD18kl4FhoCNQuWxWu5cBLM.jpg") == 1, "a thumbnail is downloaded once")
        await server.stop()
    }
}

/// The MMDB plan through the real binary: links in, where to watch, the clipboard, completion.
@Suite struct MoviesPlanEndToEndTests {
    func start() async throws -> (StubServer, ToolboxBinary) {
        let (server, toolbox) = try await MoviesEndToEndTests().start()
        server.route("/3/movie/550", .json(try Fixtures.data("movie-details-append-response.json", target: "MoviesTests")))
        server.route("/3/find/tt0137523", .json(try Fixtures.data("find-imdb-tt0137523.json", target: "MoviesTests")))
        server.route("/3/genre/movie/list", .json(try Fixtures.data("genre-movie-list.json", target: "MoviesTests")))
        return (server, toolbox)
    }

    @Test func aLinkAnIMDbIDAndAnIDPrintTheSameMovieWithWhereToWatchIt() async throws {
        let (server, toolbox) = try await start()
        var printed: [String] = []
        for reference in ["https://www.themoviedb.org/movie/550-fight-club", "tt0137523", "550"] {
            let run = try await toolbox.run(["movies", "show", reference])
            #expect(run.exitCode == 0, "\(reference): \(run.standardError)")
            printed.append(run.standardOutput)
        }
        #expect(Set(printed).count == 1, "the same movie, the same lines")
        #expect(printed[0].contains("Title\tFight Club\n"))
        #expect(printed[0].contains("Watch (US)\tStream: Netflix Streaming data by JustWatch\n"))
        #expect(printed[0].contains("IMDb\thttps://www.imdb.com/title/tt0137523/\n"))
        let json = try await toolbox.run(["movies", "show", "550", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((object["watchProviders"] as? [String: Any])?["credit"] as? String == "Streaming data by JustWatch")
        #expect(json.standardError.isEmpty)
        await server.stop()
    }

    @Test func shareCopyWritesOSC52ToTheTerminal() async throws {
        let (server, toolbox) = try await start()
        let run = try await toolbox.runOnTerminal(["movies", "share", "550", "--copy"], environment: ["TERM": "xterm-256color"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let line = "Fight Club (1999) · 7.8/10 · https://www.themoviedb.org/movie/550"
        #expect(run.standardOutput.contains(line))
        #expect(run.standardOutput.contains("\u{1B}]52;c;\(Data(line.utf8).base64EncodedString())\u{07}"))
        #expect(run.standardError == "Sent to the clipboard through the terminal (OSC 52).\n")
        await server.stop()
    }

    @Test func movieGenreNamesCompleteInBashOnceAGenreListRan() async throws {
        let (server, toolbox) = try await start()
        server.route("/3/discover/movie", .json(try Fixtures.data("discover-movie.json", target: "MoviesTests")))
        #expect(try await toolbox.run(["movies", "list", "--genre", "drama"]).exitCode == 0)
        let offered = try await CompletionTests.complete(["toolbox", "movies", "list", "--genre", "Sci"], environment: toolbox.environment)
        #expect(offered == ["Science Fiction"])
        await server.stop()
    }
}
