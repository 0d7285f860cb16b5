import ArgumentParser
import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import TMDB
@testable import Trailers

struct TrailersRoot: PluginRoot {
    static let plugins: [any ToolboxPlugin.Type] = [TrailersPlugin.self]
}

/// A stub TMDB on 127.0.0.1 and an in-process toolbox pointed at it.
struct TrailersStub {
    let server: StubServer
    let toolbox: InProcessToolbox

    static func start(environment: [String: String] = [:]) async throws -> TrailersStub {
        let server = try await StubServer.start()
        let toolbox = try InProcessToolbox(
            TrailersRoot.self,
            environment: [
                "TMDB_API_KEY": "trailers-key",
                "TOOLBOX_TMDB_BASE_URL": server.baseURL.absoluteString + "/3",
                "TOOLBOX_HTTP_BACKOFF_INITIAL": "0.01",
            ].merging(environment) { $1 }
        )
        server.route("/3/genre/movie/list", .json(try Fixtures.trailers("genre-movie-list.json")))
        server.route("/3/genre/tv/list", .json(try Fixtures.trailers("genre-tv-list.json")))
        return TrailersStub(server: server, toolbox: toolbox)
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) async -> ToolboxResult {
        await toolbox.run(arguments, environment: environment)
    }

    func queries(_ path: String) -> [[String: String]] {
        server.requests.filter { $0.path == path }.map { $0.query.filter { $0.key != "api_key" } }
    }

    /// Pages of 20 titles: popularity falls with the id; `moviesFirst` makes every movie more popular.
    static func discover(_ type: MediaType, pages: Int = 10) -> @Sendable (StubServer.Request) -> StubServer.Reply {
        { request in
            let page = Int(request.query["page"] ?? "1") ?? 1
            let base = type == .movie ? 10_000.0 : 5_000.0
            let results = (1...20).map { index -> String in
                let id = (page - 1) * 20 + index
                let key = type == .movie ? "title" : "name"
                let date = type == .movie ? "release_date" : "first_air_date"
                return
                    #"{"id":\#(id),"\#(key)":"\#(type.rawValue) \#(id)","\#(date)":"2020-01-01","popularity":\#(base - Double(id)),"vote_average":7.5,"vote_count":100}"#
            }
            return .json(
                Data(#"{"page":\#(page),"total_pages":\#(pages),"total_results":\#(pages * 20),"results":[\#(results.joined(separator: ","))]}"#.utf8)
            )
        }
    }
}

@Suite struct TrailerCommandTests {
    @Test func theDefaultIsTrendingForAllTypesWithPeopleSkipped() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/trending/all/week", .json(try Fixtures.trailers("trending-all.json")))
        let run = await stub.run(["trailers", "browse", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let items = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]]
        #expect(items?.map { $0["type"] as? String } == ["movie", "tv"])
        let keys = Set(items?.first?.keys.map { $0 } ?? [])
        #expect(keys.isSuperset(of: ["id", "type", "title", "year", "rating", "popularity"]))
        #expect(stub.server.requestCount("/3/discover/movie") == 0)
        #expect(run.standardError.isEmpty)
        await stub.server.stop()
    }

    @Test func aFilterUsesDiscoverAndSaysWhenItOverridesTheTypedSort() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/discover/movie", handler: TrailersStub.discover(.movie))
        let run = await stub.run([
            "trailers", "browse", "--type", "movie", "--sort", "trending", "--genre", "science fiction", "--certification", "PG-13",
        ])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError == "sort changed to popularity: trending cannot be combined with filters\n")
        #expect(
            stub.queries("/3/discover/movie") == [
                [
                    "include_adult": "false", "page": "1", "language": "en-US", "region": "US", "sort_by": "popularity.desc",
                    "with_genres": "878", "certification_country": "US", "certification": "PG-13",
                ]
            ]
        )
        #expect(stub.server.requestCount("/3/trending/movie/week") == 0)
        await stub.server.stop()
    }

    @Test func certificationAloneMeansMoviesAndWithTVIsAUsageError() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/discover/movie", handler: TrailersStub.discover(.movie))
        #expect(await stub.run(["trailers", "browse", "--certification", "R"]).exitCode == 0)
        #expect(stub.server.requestCount("/3/discover/tv") == 0)
        let conflict = await stub.run(["trailers", "browse", "--certification", "R", "--type", "tv"])
        #expect(conflict.exitCode == 64)
        #expect(conflict.standardError.contains("--certification applies to movies only"))
        #expect(await stub.run(["trailers", "browse", "--certification", "R", "--type", "all"]).exitCode == 64)
        await stub.server.stop()
    }

    @Test func tvDiscoverUsesFirstAirDatesAndNoCertification() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/discover/tv", handler: TrailersStub.discover(.tv))
        _ = await stub.run(["trailers", "browse", "--type", "tv", "--sort", "top-rated", "--dates", "this-year", "--genre", "war"])
        let query = try #require(stub.queries("/3/discover/tv").first)
        let year = Calendar.current.component(.year, from: Date())
        #expect(query["sort_by"] == "vote_average.desc")
        #expect(query["vote_count.gte"] == "50")
        #expect(query["first_air_date.gte"] == "\(year)-01-01")
        #expect(query["first_air_date.lte"] == "\(year)-12-31")
        #expect(query["with_genres"] == "10768")
        #expect(query["certification"] == nil && query["region"] == nil)
        await stub.server.stop()
    }

    @Test func allWithALimitMergesAndFetchesOnlyTheNeededPagesThenUsesTheCache() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/discover/movie", handler: TrailersStub.discover(.movie))
        stub.server.route("/3/discover/tv", handler: TrailersStub.discover(.tv))
        let arguments = ["trailers", "browse", "--type", "all", "--sort", "popularity", "--limit", "60", "--json"]
        let run = await stub.run(arguments)
        let items = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]]
        #expect(items?.count == 60)
        #expect(items?.allSatisfy { $0["type"] as? String == "movie" } == true, "every movie is more popular than every show")
        #expect(stub.queries("/3/discover/movie").compactMap { $0["page"] }.sorted() == ["1", "2", "3"])
        #expect(stub.queries("/3/discover/tv").compactMap { $0["page"] } == ["1"])
        let before = stub.server.requestCount()
        _ = await stub.run(arguments)
        #expect(stub.server.requestCount() == before, "the same command within 5 minutes makes no request")
        await stub.server.stop()
    }

    @Test func anUnknownGenreIsAUsageErrorListingTheNames() async throws {
        let stub = try await TrailersStub.start()
        let run = await stub.run(["trailers", "browse", "--genre", "cowboys"])
        #expect(run.exitCode == 64)
        #expect(run.standardError.contains("unknown genre “cowboys”"))
        #expect(run.standardError.contains("Western"))
        await stub.server.stop()
    }

    @Test func genresListsBothTypesAndKeepsNamesForCompletion() async throws {
        let stub = try await TrailersStub.start()
        let run = await stub.run(["trailers", "genres"])
        #expect(run.standardOutput.contains("Action\t28\t10759\n"))
        #expect(run.standardOutput.contains("Horror\t27\t–\n"))
        let names = try String(contentsOfFile: stub.toolbox.environment["XDG_CACHE_HOME"]! + "/toolbox/trailers/genre-names.txt", encoding: .utf8)
        #expect(names.contains("Sci-Fi & Fantasy"))
        await stub.server.stop()
    }

    @Test func showMakesOneRequestWithAppendedVideosAndRatings() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/tv/1399", .json(try Fixtures.trailers("tv-series-details-append-response.json")))
        let run = await stub.run(["trailers", "show", "1399", "--type", "tv", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(stub.queries("/3/tv/1399") == [["append_to_response": "content_ratings,videos,watch/providers,external_ids", "language": "en-US"]])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(object["certification"] as? String == "TV-MA")
        #expect(object["runtime"] as? String == "60 min/episode")
        #expect((object["trailers"] as? [[String: Any]])?.first?["url"] as? String == "https://www.youtube.com/watch?v=KPLWWIOCOOQ")
        let table = await stub.run(["trailers", "show", "1399", "--type", "tv"])
        #expect(table.standardOutput.contains("Score\t8.2/10 (4,682 votes)"))
        #expect(table.standardOutput.contains("YouTube • Official Trailer • 1080p"))
        await stub.server.stop()
    }

    @Test func playOpensTheBestTrailerWithTheBrowser() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/movie/550", .json(try Fixtures.trailers("movie-details-append-response.json")))
        let folder = Scratch.url("browser")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("browser").path
        try "#!/bin/sh\necho \"$1\" > \(folder.path)/opened\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let run = await stub.run(["trailers", "play", "550"], environment: ["BROWSER": script])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let opened = try String(contentsOfFile: folder.path + "/opened", encoding: .utf8)
        #expect(opened == "https://www.youtube.com/watch?v=SUXWAEX2jlg\n")
        let printed = await stub.run(["trailers", "play", "550", "--print"])
        #expect(printed.standardOutput == "https://www.youtube.com/watch?v=SUXWAEX2jlg\n")
        let nothing = await stub.run(["trailers", "play", "550"], environment: ["BROWSER": "", "PATH": "/nonexistent"])
        #expect(nothing.standardOutput == "https://www.youtube.com/watch?v=SUXWAEX2jlg\n")
        #expect(await stub.run(["trailers", "play", "550", "--pick", "2"]).exitCode == 64)
        await stub.server.stop()
    }

    @Test func noTrailerIsExit66() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route(
            "/3/movie/7",
            .json(Data(#"{"id":7,"title":"Quiet","videos":{"results":[{"id":"v","key":"x","name":"T","site":"Vimeo","type":"Trailer"}]}}"#.utf8))
        )
        let run = await stub.run(["trailers", "play", "7"])
        #expect(run.exitCode == 66)
        #expect(run.standardError.hasPrefix("error: No trailer available for “Quiet”"))
        await stub.server.stop()
    }

    @Test func watchlistKeepsTitlesAcrossRunsAndRefusesUnknownIds() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/tv/1399", .json(try Fixtures.trailers("tv-series-details-append-response.json")))
        stub.server.route("/3/movie/1", .json(try Fixtures.trailers("error-status-404.json"), status: 404))
        #expect(await stub.run(["trailers", "watchlist", "add", "1399", "--type", "tv"]).exitCode == 0)
        #expect(await stub.run(["trailers", "watchlist", "add", "1"]).exitCode == 66)
        let list = await stub.run(["trailers", "watchlist", "list"])
        #expect(list.standardOutput.hasPrefix("TV\t1399\tGame of Thrones\t2011\t★ 8.2\t"))
        #expect(await stub.run(["trailers", "watchlist", "remove", "1399"]).exitCode == 66, "the movie 1399 is not on it")
        #expect(await stub.run(["trailers", "watchlist", "remove", "1399", "--type", "tv"]).exitCode == 0)
        await stub.server.stop()
    }

    @Test func plainLinesReadWellAloud() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/trending/all/week", .json(try Fixtures.trailers("trending-all.json")))
        let run = await stub.run(["trailers", "trending", "--plain"])
        #expect(run.standardOutput.split(separator: "\n").first?.hasSuffix(", Movie") == true)
        #expect(run.standardOutput.contains("rated "))
        await stub.server.stop()
    }
}
