import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import TMDB
@testable import Trailers

/// The Trailers app's fallbacks, links, where to watch and providers, against a stub TMDB.
@Suite struct TrailerPlanTests {
    func object(_ run: ToolboxResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], "\(run.standardError)")
    }

    func list(_ run: ToolboxResult) -> [[String: Any]] {
        ((try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))) as? [[String: Any]]) ?? []
    }

    @Test func aTVLinkOrAnIMDbIDShowsTheShowWithItsLinksAndProviders() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/tv/1399", .json(try Fixtures.trailers("tv-series-details-append-response.json")))
        stub.server.route(
            "/3/find/tt0944947",
            .json(
                Data(
                    #"{"movie_results":[],"person_results":[],"tv_results":[{"id":1399,"name":"Game of Thrones","media_type":"tv","first_air_date":"2011-04-17"}],"tv_episode_results":[],"tv_season_results":[]}"#
                        .utf8
                )
            )
        )
        for reference in ["https://www.themoviedb.org/tv/1399-game-of-thrones", "tt0944947"] {
            let show = try object(await stub.run(["trailers", "show", reference, "--json"]))
            #expect(show["title"] as? String == "Game of Thrones" && show["type"] as? String == "tv", "\(reference)")
            #expect(show["tmdbURL"] as? String == "https://www.themoviedb.org/tv/1399")
            #expect(show["imdbURL"] as? String == "https://www.imdb.com/title/tt0944947/", "from the appended external ids")
            let providers = try #require(show["watchProviders"] as? [String: Any])
            #expect((providers["stream"] as? [[String: Any]])?.first?["name"] as? String == "HBO Max")
            #expect(providers["credit"] as? String == "Streaming data by JustWatch")
        }
        let conflict = await stub.run(["trailers", "show", "https://www.themoviedb.org/tv/1399", "--type", "movie"])
        #expect(conflict.exitCode == 64)
        #expect(conflict.standardError.contains("that link is to a TV show, but --type says movie"))
        let plain = await stub.run(["trailers", "show", "1399", "--type", "tv", "--plain"])
        #expect(plain.standardOutput.contains("In US, stream it on HBO Max. Streaming data by JustWatch."))
        await stub.server.stop()
    }

    @Test func showFallsBackToTheListsSummaryWhenDetailsFailAndOnlyThen() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/trending/all/week", .json(try Fixtures.trailers("trending-all.json")))
        let listed = list(await stub.run(["trailers", "browse", "--json"]))
        let movie = try #require(listed.first { $0["type"] as? String == "movie" })
        let id = try #require(movie["id"] as? Int)
        stub.server.route("/3/movie/\(id)", .status(500))
        let run = await stub.run(["trailers", "show", "\(id)"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("TMDB could not give the details ("))
        #expect(run.standardError.contains("kept failing (HTTP 500)"))
        #expect(run.standardError.hasSuffix("showing what a list said of it.\n"))
        #expect(run.standardOutput.contains("Title\t\(movie["title"] as? String ?? "?")\n"))
        let json = try object(await stub.run(["trailers", "show", "\(id)", "--json"]))
        #expect(json["id"] as? Int == id && json["title"] as? String == movie["title"] as? String)

        stub.server.route("/3/movie/424242", .status(500))
        let never = await stub.run(["trailers", "show", "424242"])
        #expect(never.exitCode == 69, "never listed: the error, as before")
        stub.server.route("/3/movie/\(id)", .json(try Fixtures.trailers("error-status-404.json"), status: 404))
        #expect(await stub.run(["trailers", "show", "\(id)", "--refresh"]).exitCode == 66, "a 404 is an answer, not a failure")
        await stub.server.stop()
    }

    @Test func aWatchlistEntryAnswered404IsRemovedAndOneAnswered500IsKept() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/movie/550", .json(try Fixtures.trailers("movie-details-append-response.json")))
        stub.server.route("/3/tv/1399", .json(try Fixtures.trailers("tv-series-details-append-response.json")))
        #expect(await stub.run(["trailers", "watchlist", "add", "550"]).exitCode == 0)
        #expect(await stub.run(["trailers", "watchlist", "add", "1399", "--type", "tv"]).exitCode == 0)
        stub.server.route("/3/movie/550", .json(try Fixtures.trailers("error-status-404.json"), status: 404))
        stub.server.route("/3/tv/1399", .status(500))
        let run = await stub.run(["trailers", "watchlist", "list", "--refresh"])
        #expect(run.standardError.contains("Removed “Fight Club” (1999, Movie) from your watchlist: TMDB no longer has it.\n"))
        #expect(!run.standardError.contains("Game of Thrones"))
        #expect(run.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[2]) } == ["Game of Thrones"])
        #expect(await stub.run(["trailers", "watchlist", "remove", "1399", "--type", "tv"]).exitCode == 0, "removing needs no lookup")
        await stub.server.stop()
    }

    @Test func browseByProviderAndKindSendsThemToDiscoverForTheRegion() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/watch/providers/movie", .json(try Fixtures.trailers("watch-providers-movie-list.json")))
        stub.server.route("/3/watch/providers/tv", .json(try Fixtures.trailers("watch-providers-tv-list.json")))
        stub.server.route("/3/discover/movie", handler: TrailersStub.discover(.movie))
        stub.server.route("/3/discover/tv", handler: TrailersStub.discover(.tv))
        let run = await stub.run([
            "trailers", "browse", "--provider", "netflix", "--provider", "Disney Plus", "--kind", "stream", "--kind", "free", "--region", "gb",
        ])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty, "trending was the default, so its change is silent")
        for path in ["/3/discover/movie", "/3/discover/tv"] {
            let query = try #require(stub.queries(path).first)
            #expect(query["with_watch_providers"] == "8|337")
            #expect(query["with_watch_monetization_types"] == "flatrate|free")
            #expect(query["watch_region"] == "GB")
            #expect(query["sort_by"] == "popularity.desc")
        }
        #expect(stub.queries("/3/watch/providers/movie").first?["watch_region"] == "GB")
        let unknown = await stub.run(["trailers", "browse", "--provider", "Netflx"])
        #expect(unknown.exitCode == 64)
        #expect(unknown.standardError.hasPrefix("error: no watch provider “Netflx” in US\nhint: did you mean “Netflix”?"))
        await stub.server.stop()
    }

    @Test func providersListsTheRegionsServicesOnceWithTheCreditAndKeepsNamesForCompletion() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/watch/providers/movie", .json(try Fixtures.trailers("watch-providers-movie-list.json")))
        stub.server.route("/3/watch/providers/tv", .json(try Fixtures.trailers("watch-providers-tv-list.json")))
        let run = await stub.run(["trailers", "providers", "--region", "IE"])
        #expect(run.exitCode == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "8\tNetflix\tmovies, TV")
        #expect(lines.contains("384\tHBO Max\tTV"))
        #expect(lines.count == 6, "Netflix and Disney Plus once though both lists have them")
        #expect(run.standardError == "Streaming data by JustWatch\n", "the credit, on stderr when piped")
        let json = list(await stub.run(["trailers", "providers", "--json"]))
        #expect(json.first?["attribution"] as? String == "Streaming data by JustWatch")
        let names = try String(contentsOfFile: stub.toolbox.environment["XDG_CACHE_HOME"]! + "/toolbox/tmdb/provider-names.txt", encoding: .utf8)
        #expect(names.split(separator: "\n").contains("Disney Plus"))
        await stub.server.stop()
    }

    @Test func browseAllPagesToTheEndMergingBothTypes() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/discover/movie", handler: TrailersStub.discover(.movie, pages: 3))
        stub.server.route("/3/discover/tv", handler: TrailersStub.discover(.tv, pages: 2))
        let items = list(await stub.run(["trailers", "browse", "--sort", "popularity", "--all", "--json"]))
        #expect(items.count == 100)
        #expect(items.prefix(60).allSatisfy { $0["type"] as? String == "movie" } && items.suffix(40).allSatisfy { $0["type"] as? String == "tv" })
        #expect(stub.queries("/3/discover/movie").compactMap { $0["page"] }.sorted() == ["1", "2", "3"])
        #expect(stub.queries("/3/discover/tv").compactMap { $0["page"] }.sorted() == ["1", "2"])
        #expect(await stub.run(["trailers", "browse", "--all", "--page", "2"]).exitCode == 64)
        await stub.server.stop()
    }

    @Test func theLanguageReachesEveryCallAndAnEmptyOverviewFallsBackToEnglish() async throws {
        let stub = try await TrailersStub.start()
        stub.server.route("/3/tv/1399") { request in
            guard var show = (try? JSONSerialization.jsonObject(with: Fixtures.trailers("tv-series-details-append-response.json"))) as? [String: Any]
            else {
                return .status(500)
            }
            if request.query["language"] == "ja-JP" { show["overview"] = "" }
            return .json((try? JSONSerialization.data(withJSONObject: show)) ?? Data())
        }
        let run = await stub.run(["trailers", "show", "1399", "--type", "tv", "--json", "--language", "ja-JP"])
        let show = try object(run)
        #expect((show["overview"] as? String)?.isEmpty == false)
        #expect(stub.queries("/3/tv/1399").map { $0["language"] ?? "" } == ["ja-JP", "en-US"])
        await stub.server.stop()
    }
}

/// Where to watch, from TMDB's real `watch/providers` body.
@Suite struct WatchOptionsTests {
    func providers() throws -> TMDBWatchProviders {
        try JSONDecoder().decode(TMDBWatchProviders.self, from: try Fixtures.trailers("tv-watch-providers.json"))
    }

    @Test func everyKindOfARegionInDisplayOrderAndNothingForARegionNotListed() throws {
        let japan = WatchOptions(try providers(), region: "jp")
        #expect(japan.region == "JP")
        #expect(japan.stream.map(\.name) == ["Netflix"])
        #expect(japan.free.map(\.name) == ["Amazon Prime Video"])
        #expect(japan.rent.map(\.name) == ["FOD"])
        #expect(japan.buy.map(\.name) == ["Amazon Video"])
        #expect(japan.link == "https://www.themoviedb.org/tv/1396-breaking-bad/watch?locale=JP")
        #expect(japan.sentence.hasPrefix("In JP, stream it on Netflix; watch it free on Amazon Prime Video; rent it on FOD; buy it on Amazon Video."))
        #expect(WatchOptions(try providers(), region: "RU").ads.map(\.name) == ["TvIgle"])
        let nowhere = WatchOptions(try providers(), region: "IE")
        #expect(nowhere.field.value == "Nowhere to stream, rent or buy in IE\nStreaming data by JustWatch")
        #expect(WatchOptions(nil, region: "US").stream.isEmpty)
    }

    @Test func aRegionThatDoesNotDecodeIsSkippedNotTheTitle() throws {
        let body = #"{"id":1,"results":{"US":{"flatrate":"not a list"},"GB":{"buy":[{"provider_id":2,"provider_name":"Apple TV"}]}}}"#
        let decoded = try JSONDecoder().decode(TMDBWatchProviders.self, from: Data(body.utf8))
        #expect(decoded.results["US"] == nil)
        #expect(WatchOptions(decoded, region: "GB").buy.map(\.name) == ["Apple TV"])
    }
}

/// The titles the lists showed, kept for `show`'s fallback.
@Suite struct SeenTitlesTests {
    @Test func theNewestAreKeptAndALookUpFindsTheLatestSummaryPastALineThatDoesNotRead() throws {
        let seen = SeenTitles(cacheFolder: Scratch.url("seen").path)
        func item(_ id: Int, _ title: String) -> TitleItem {
            TitleItem(id: id, type: .movie, title: title, releaseDate: "2020-01-01", rating: 7, popularity: 1)
        }
        seen.remember((1...SeenTitles.kept).map { item($0, "Old \($0)") })
        seen.remember([item(5, "Renamed"), item(SeenTitles.kept + 1, "New")])
        #expect(seen.summary(of: 1, type: .movie) == nil, "the oldest line went")
        #expect(seen.summary(of: 3, type: .movie)?.title == "Old 3")
        #expect(seen.summary(of: 5, type: .movie)?.title == "Renamed", "the latest summary wins")
        #expect(seen.summary(of: 5, type: .tv) == nil, "a show is not the movie of the same id")
        let lines = try String(contentsOfFile: seen.path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == SeenTitles.kept)
        // A torn last line (a crash mid-write elsewhere) is skipped, not trusted.
        try (String(contentsOfFile: seen.path, encoding: .utf8) + #"{"id":7,"type":"mov"#).write(toFile: seen.path, atomically: true, encoding: .utf8)
        #expect(seen.summary(of: 7, type: .movie)?.title == "Old 7")
    }
}
