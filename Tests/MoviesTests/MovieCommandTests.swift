import Foundation
import PluginAPI
import TestSupport
import Testing

/// Each command's exact requests and its answers, against a stub TMDB over real HTTP.
@Suite struct MovieCommandTests {
    @Test func listAsksDiscoverForTheDefaultPersonByPopularity() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/discover/movie", .json(try TMDBStub.fixture("discover-movie.json")))
        stub.server.route("/3/person/71580", .json(Data(#"{"id":71580,"name":"Benedict Cumberbatch","known_for_department":"Acting"}"#.utf8)))
        let run = await stub.run(["movies", "list"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let request = try #require(stub.onlyRequest(to: "/3/discover/movie"))
        #expect(
            request.query == ["with_people": "71580", "sort_by": "popularity.desc", "page": "1", "language": "en-US", "api_key": TMDBStub.apiKey]
        )
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 20)
        #expect(lines.first?.hasPrefix("616037\tThor: Love and Thunder\t2022\t") == true)
        #expect(run.standardError == "Benedict Cumberbatch — 693,482 movies\n", "whose movies, on stderr so the rows stay clean")
        _ = await stub.run(["movies", "list", "--json"])
        #expect(stub.server.requestCount("/3/person/71580") == 1, "the name is cached")
        await stub.server.stop()
    }

    @Test func listWithAnActorResolvesThePersonAndSaysWhoItChose() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/search/person", .json(try TMDBStub.fixture("search-person.json")))
        stub.server.route("/3/discover/movie", .json(TMDBStub.page(1, of: 1, ids: [1, 2])))
        let run = await stub.run(["movies", "list", "--actor", "sydney sweeney"])
        #expect(run.exitCode == 0)
        #expect(stub.onlyRequest(to: "/3/search/person")?.query["query"] == "sydney sweeney")
        #expect(stub.onlyRequest(to: "/3/discover/movie")?.query["with_people"] == "115440")
        #expect(run.standardError == "Sydney Sweeney — 20 movies (person 115440)\n")
        await stub.server.stop()
    }

    @Test func listPersonFlagOverridesTheConfiguredDefault() async throws {
        let stub = try await TMDBStub.start(environment: ["TOOLBOX_MOVIES_DEFAULT_PERSON": "500"])
        stub.server.route("/3/discover/movie", .json(TMDBStub.page(1, of: 1, ids: [1])))
        _ = await stub.run(["movies", "list"])
        _ = await stub.run(["movies", "list", "--person", "31"])
        #expect(stub.server.requests.filter { $0.path == "/3/discover/movie" }.map { $0.query["with_people"] } == ["500", "31"])
        await stub.server.stop()
    }

    @Test func listAllFetchesEveryPageKeepsOrderAndDropsDuplicates() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/discover/movie") { request in
            let page = Int(request.query["page"] ?? "1") ?? 1
            // Each page repeats the last id of the page before, as TMDB's shifting lists do.
            let ids = page == 1 ? Array(1...20) : Array((page - 1) * 20...(page * 20))
            return .json(TMDBStub.page(page, of: 4, ids: ids), delay: .milliseconds(page == 2 ? 100 : 0))
        }
        let run = await stub.run(["movies", "list", "--all", "--json"])
        #expect(run.exitCode == 0)
        let items = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]]
        #expect(items?.compactMap { $0["id"] as? Int } == Array(1...80))
        #expect(stub.server.requestCount("/3/discover/movie") == 4)
        await stub.server.stop()
    }

    @Test func limitFetchesOnlyThePagesItNeeds() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/discover/movie") { request in
            let page = Int(request.query["page"] ?? "1") ?? 1
            return .json(TMDBStub.page(page, of: 10, ids: Array((page - 1) * 20 + 1...page * 20)))
        }
        let run = await stub.run(["movies", "list", "--limit", "30"])
        #expect(run.standardOutput.split(separator: "\n").count == 30)
        #expect(stub.server.requests.filter { $0.path == "/3/discover/movie" }.map { $0.query["page"] } == ["1", "2"])
        await stub.server.stop()
    }

    @Test func searchSendsQueryYearAndPage() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/search/movie", .json(TMDBStub.page(2, of: 3, ids: [550])))
        let run = await stub.run(["movies", "search", "fight club", "--year", "1999", "--page", "2"])
        #expect(run.exitCode == 0)
        #expect(
            stub.onlyRequest(to: "/3/search/movie")?.query == [
                "query": "fight club", "year": "1999", "page": "2", "language": "en-US", "api_key": TMDBStub.apiKey,
            ]
        )
        await stub.server.stop()
    }

    @Test func emptyResultsSaySoAndJSONIsAnEmptyArray() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/search/movie", .json(TMDBStub.page(1, of: 1, ids: [])))
        let run = await stub.run(["movies", "search", "zzzz"])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError == "No movies found for “zzzz”.\n")
        let json = await stub.run(["movies", "search", "zzzz", "--json"])
        #expect(json.standardOutput == "[\n\n]\n")
        await stub.server.stop()
    }

    @Test func actorsKeepsActingOnly() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/search/person", .json(try TMDBStub.fixture("search-person.json")))
        let run = await stub.run(["movies", "actors", "sydney", "--json"])
        let actors = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]]
        #expect(actors?.first?["name"] as? String == "Sydney Sweeney")
        #expect(actors?.allSatisfy { $0["knownForDepartment"] as? String == "Acting" } == true)
        await stub.server.stop()
    }

    @Test func showPrintsTheDetailsAndTheJSONFields() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/movie/550", .json(try TMDBStub.fixture("movie-details.json")))
        stub.server.route("/3/movie/550/similar", .json(TMDBStub.page(1, of: 1, ids: [10, 11])))
        let table = await stub.toolbox.run(["movies", "show", "550"], terminal: true, width: 60)
        #expect(table.exitCode == 0)
        #expect(table.standardOutput.contains("Oct 12, 1999"))
        #expect(table.standardOutput.contains("7.8/10 (78%) from 3,439 votes"))
        #expect(table.standardOutput.contains("How much can you know about yourself"))
        // URLs stay whole so they can be clicked; everything else fits the width.
        for line in table.standardOutput.split(separator: "\n") where !line.contains("http") {
            #expect(DisplayWidth.of(String(line)) <= 60, "overview wrapped to the width")
        }
        let json = await stub.run(["movies", "show", "550", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        for key in [
            "id", "title", "releaseDate", "year", "rating", "ratingPercent", "posterURL", "overview", "voteCount", "popularity", "backdropURL",
        ] {
            #expect(object.keys.contains(key), "\(key)")
        }
        #expect(object["posterURL"] is NSNull)
        #expect(object["ratingPercent"] as? Int == 78)
        #expect(object["backdropURL"] as? String == stub.server.baseURL.absoluteString + "/t/p/w780/fCayJrkfRaCRCTh8GqN30f8oyQF.jpg")
        #expect((object["similar"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Movie 10", "Movie 11"])
        #expect(table.standardOutput.contains("Movie 10 (2001)"), "the detail screen ends with similar titles")
        #expect(stub.server.requestCount("/3/movie/550") == 1, "the second run was answered from the cache")
        #expect(stub.server.requestCount("/3/movie/550/similar") == 1, "so were the similar titles")
        await stub.server.stop()
    }

    @Test func similarAsksForTheMoviesSimilarPage() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/movie/550/similar", .json(TMDBStub.page(1, of: 1, ids: [10, 11])))
        let run = await stub.run(["movies", "similar", "550", "--plain"])
        #expect(run.standardOutput.hasPrefix("Movie 10, 2001, Rating 70%\n"))
        #expect(stub.onlyRequest(to: "/3/movie/550/similar")?.query["page"] == "1")
        await stub.server.stop()
    }

    @Test func aReadAccessTokenGoesInTheAuthorizationHeader() async throws {
        let token = "eyJhbGciOiJIUzI1NiJ9.token.signature"
        let stub = try await TMDBStub.start(environment: ["TMDB_API_KEY": token])
        stub.server.route("/3/movie/550/similar", .json(TMDBStub.page(1, of: 1, ids: [10])))
        _ = await stub.run(["movies", "similar", "550"])
        let request = try #require(stub.onlyRequest(to: "/3/movie/550/similar"))
        #expect(request.headers["authorization"] == "Bearer \(token)")
        #expect(request.query["api_key"] == nil)
        await stub.server.stop()
    }

    @Test func aMissingKeyFailsBeforeAnyRequestWithWhereToGetOne() async throws {
        let stub = try await TMDBStub.start(environment: ["TMDB_API_KEY": "YOUR_API_KEY_HERE"])
        let run = await stub.run(["movies", "similar", "550"])
        #expect(run.exitCode == 78)
        #expect(run.standardError.contains("https://www.themoviedb.org/settings/api"))
        #expect(run.standardError.contains("toolbox config set tmdb.api_key"))
        #expect(stub.server.requestCount() == 0)
        await stub.server.stop()
    }

    @Test func aRejectedKeyIsExit77AndIsNotRetried() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/movie/550", .json(try TMDBStub.fixture("error-status-401.json"), status: 401))
        let run = await stub.run(["movies", "show", "550"])
        #expect(run.exitCode == 77)
        #expect(run.standardError.hasPrefix("error: TMDB rejected the API key (Invalid API key: You must be granted a valid key.)"))
        #expect(!run.standardError.contains(TMDBStub.apiKey))
        #expect(stub.server.requestCount("/3/movie/550") == 1)
        await stub.server.stop()
    }

    @Test func anUnknownMovieIsExit66() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/movie/999999", .json(try TMDBStub.fixture("error-status-404.json"), status: 404))
        let run = await stub.run(["movies", "show", "999999"])
        #expect(run.exitCode == 66)
        #expect(run.standardError.hasPrefix("error: TMDB has no movie with id 999999\n"))
        await stub.server.stop()
    }

    @Test func rateLimitingIsWaitedOut() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/movie/550/similar", .status(429, headers: ["Retry-After": "0"]), .json(TMDBStub.page(1, of: 1, ids: [1])))
        let run = await stub.run(["movies", "similar", "550"])
        #expect(run.exitCode == 0)
        #expect(stub.server.requestCount() == 2)
        await stub.server.stop()
    }

    @Test func aFailingServiceIsExit69AfterTheRetries() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/movie/550/similar", .status(502))
        let run = await stub.run(["movies", "similar", "550"])
        #expect(run.exitCode == 69)
        #expect(run.standardError.contains("kept failing (HTTP 502) after 5 retries"))
        #expect(stub.server.requestCount() == 6)
        await stub.server.stop()
    }

    @Test func aMalformedAnswerIsBadData() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/movie/550/similar", StubServer.Reply.malformed)
        let run = await stub.run(["movies", "similar", "550"])
        #expect(run.exitCode == 65)
        #expect(run.standardError.hasPrefix("error: TMDB sent an answer toolbox cannot read"))
        await stub.server.stop()
    }
}

@Suite struct FavouritesAndPosterTests {

    @Test func favouritesAreCheckedStoredListedAndRemoved() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/movie/550", .json(try TMDBStub.fixture("movie-details.json")))
        stub.server.route("/3/movie/999", .json(try TMDBStub.fixture("error-status-404.json"), status: 404))
        #expect(await stub.run(["movies", "favorites", "add", "550"]).exitCode == 0)
        let unknown = await stub.run(["movies", "favorites", "add", "999"])
        #expect(unknown.exitCode == 66)
        let list = await stub.run(["movies", "favorites", "list", "--json"])
        let items = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]]
        #expect(items?.compactMap { $0["id"] as? Int } == [550], "nothing was stored for the unknown id")
        #expect(await stub.run(["movies", "favourites", "remove", "550"]).exitCode == 0)
        #expect(await stub.run(["movies", "favorites", "remove", "550"]).exitCode == 66)
        let empty = await stub.run(["movies", "favorites", "list"])
        #expect(empty.standardError.hasPrefix("Nothing in your favourites yet"))
        await stub.server.stop()
    }

    @Test func aPosterIsDownloadedOnceAndWrittenWhereAsked() async throws {
        let stub = try await TMDBStub.start()
        var details = try JSONSerialization.jsonObject(with: try TMDBStub.fixture("movie-details.json")) as! [String: Any]
        details["poster_path"] = "/poster550.png"
        stub.server.route("/3/movie/550", .json(try JSONSerialization.data(withJSONObject: details)))
        stub.server.route("/t/p/w185/poster550.png", .respond(status: 200, body: TestImages.png, headers: [:], delay: .zero))
        let output = Scratch.url("poster", ending: ".png").path
        let first = await stub.run(["movies", "poster", "550", "--size", "w185"])
        #expect(first.exitCode == 0, "\(first.standardError)")
        let cached = first.standardOutput.trimmingCharacters(in: .newlines)
        #expect(FileManager.default.contents(atPath: cached) == TestImages.png)
        let second = await stub.run(["movies", "poster", "550", "--size", "w185", "--output", output])
        #expect(second.exitCode == 0)
        #expect(FileManager.default.contents(atPath: output) == TestImages.png)
        #expect(stub.server.requestCount("/t/p/w185/poster550.png") == 1, "the second request used the image cache")
        await stub.server.stop()
    }

    @Test func anUnknownSizeIsAUsageErrorAndSomethingNotAnImageIsBadData() async throws {
        let stub = try await TMDBStub.start()
        #expect(await stub.run(["movies", "poster", "550", "--size", "w9000"]).exitCode == 64)
        var details = try JSONSerialization.jsonObject(with: try TMDBStub.fixture("movie-details.json")) as! [String: Any]
        details["poster_path"] = "/fake.jpg"
        stub.server.route("/3/movie/550", .json(try JSONSerialization.data(withJSONObject: details)))
        stub.server.route("/t/p/w500/fake.jpg", .text("<html>not an image</html>"))
        let run = await stub.run(["movies", "poster", "550"])
        #expect(run.exitCode == 65)
        await stub.server.stop()
    }
}
