import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import Movies

/// The MMDB app's own plan: links in and out, where to watch, filters, languages, trailers,
/// recommendations and a diary, against a stub TMDB over real HTTP.
@Suite struct MovieLinkTests {
    /// A stub answering for Fight Club the way TMDB does: details with videos and providers appended.
    static func fightClub() async throws -> TMDBStub {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/movie/550", .json(try TMDBStub.fixture("movie-details-append-response.json")))
        stub.server.route("/3/movie/550/similar", .json(TMDBStub.page(1, of: 1, ids: [10, 11])))
        stub.server.route("/3/find/tt0137523", .json(try TMDBStub.fixture("find-imdb-tt0137523.json")))
        return stub
    }

    func object(_ run: ToolboxResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], "\(run.standardError)")
    }

    @Test func anIDATMDBLinkAnIMDbIDAndAnIMDbLinkShowTheSameMovie() async throws {
        let stub = try await Self.fightClub()
        var shown: [String] = []
        for reference in ["550", "https://www.themoviedb.org/movie/550-fight-club", "tt0137523", "https://www.imdb.com/title/tt0137523/"] {
            let run = await stub.run(["movies", "show", reference, "--json"])
            #expect(run.exitCode == 0, "\(reference): \(run.standardError)")
            let movie = try object(run)
            shown.append("\(movie["id"] ?? "") \(movie["title"] ?? "")")
        }
        #expect(shown == Array(repeating: "550 Fight Club", count: 4))
        let find = try #require(stub.server.requests.first { $0.path == "/3/find/tt0137523" })
        #expect(find.query["external_source"] == "imdb_id")
        #expect(stub.server.requestCount("/3/find/tt0137523") == 1, "the IMDb id is looked up once, then cached")
        await stub.server.stop()
    }

    @Test func aTVLinkIsRefusedWithWhereToSeeItAndAnOtherSiteIsAUsageError() async throws {
        let stub = try await Self.fightClub()
        let tv = await stub.run(["movies", "show", "https://www.themoviedb.org/tv/1399-game-of-thrones"])
        #expect(tv.exitCode == 64)
        #expect(tv.standardError.contains("that link is to a TV show, not a movie"))
        #expect(tv.standardError.contains("toolbox trailers show 1399 --type tv"))
        let elsewhere = await stub.run(["movies", "show", "https://example.com/movie/550"])
        #expect(elsewhere.exitCode == 64)
        #expect(elsewhere.standardError.hasPrefix("error: “https://example.com/movie/550” is not a link to a title on themoviedb.org or IMDb"))
        #expect(stub.server.requestCount() == 0)
        await stub.server.stop()
    }

    @Test func aTitleWithOneMatchIsShownAndWithSeveralTheyAreListed() async throws {
        let stub = try await Self.fightClub()
        stub.server.route("/3/search/movie") { request in
            request.query["query"] == "fight club"
                ? .json(TMDBStub.page(1, of: 1, ids: [550])) : .json(TMDBStub.page(1, of: 1, ids: [438631, 693134]))
        }
        let one = await stub.run(["movies", "show", "fight club", "--json"])
        #expect(try object(one)["id"] as? Int == 550)
        let several = await stub.run(["movies", "show", "dune"])
        #expect(several.exitCode == 0)
        #expect(several.standardError.hasPrefix("Several movies match; run the command again with one of these ids:"))
        #expect(several.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").first ?? "" } == ["438631", "693134"])
        await stub.server.stop()
    }

    @Test func showGivesLinksTheBestTrailerAndWhereToWatchCreditingJustWatch() async throws {
        let stub = try await Self.fightClub()
        let json = try object(await stub.run(["movies", "show", "550", "--json"]))
        #expect(json["tmdbURL"] as? String == "https://www.themoviedb.org/movie/550")
        #expect(json["imdbURL"] as? String == "https://www.imdb.com/title/tt0137523/")
        #expect((json["trailer"] as? [String: Any])?["url"] as? String == "https://www.youtube.com/watch?v=SUXWAEX2jlg")
        let providers = try #require(json["watchProviders"] as? [String: Any])
        #expect(providers["credit"] as? String == "Streaming data by JustWatch")
        #expect(providers["region"] as? String == "US")
        #expect((providers["stream"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Netflix"])
        #expect((providers["rent"] as? [Any])?.isEmpty == true)
        let request = try #require(stub.server.requests.first { $0.path == "/3/movie/550" })
        #expect(request.query["append_to_response"] == "videos,watch/providers", "one request for everything show prints")

        let plain = await stub.run(["movies", "show", "550", "--plain"])
        #expect(plain.standardOutput.contains("In US, stream it on Netflix. Streaming data by JustWatch."))
        #expect(plain.standardOutput.contains("Best trailer: YouTube • Official Trailer • 720p."))
        let table = await stub.toolbox.run(["movies", "show", "550"], terminal: true, width: 100, environment: ["NO_COLOR": "1"])
        #expect(table.standardOutput.contains("Watch (US): Stream: Netflix"))
        #expect(table.standardOutput.contains("Streaming data by JustWatch"))
        #expect(table.standardOutput.contains("IMDb:"))
        await stub.server.stop()
    }

    @Test func theRegionComesFromTheFlagThenTMDBRegionThenTrailersRegion() async throws {
        let stub = try await Self.fightClub()
        func region(_ arguments: [String], _ environment: [String: String]) async throws -> String? {
            let json = try object(await stub.run(["movies", "show", "550", "--json"] + arguments, environment: environment))
            return (json["watchProviders"] as? [String: Any])?["region"] as? String
        }
        #expect(try await region([], [:]) == "US")
        #expect(try await region([], ["TOOLBOX_TRAILERS_REGION": "IE"]) == "IE")
        #expect(try await region([], ["TOOLBOX_TRAILERS_REGION": "IE", "TOOLBOX_TMDB_REGION": "GB"]) == "GB")
        #expect(try await region(["--region", "nz"], ["TOOLBOX_TMDB_REGION": "GB"]) == "NZ")
        let nowhere = await stub.run(["movies", "show", "550", "--plain", "--region", "GB"])
        #expect(nowhere.standardOutput.contains("TMDB knows nowhere to watch it in GB. Streaming data by JustWatch."))
        #expect(await stub.run(["movies", "show", "550", "--region", "Britain"]).exitCode == 64)
        await stub.server.stop()
    }

    @Test func shareIsOneLineAndCopyGoesThroughTheTerminalOrSaysItCannot() async throws {
        let stub = try await Self.fightClub()
        let line = "Fight Club (1999) · 7.8/10 · https://www.themoviedb.org/movie/550"
        let piped = await stub.run(["movies", "share", "550", "--copy"])
        #expect(piped.standardOutput == line + "\n")
        #expect(piped.standardError == "Not copied: there is no terminal to copy through; the line is above.\n")
        let terminal = await stub.toolbox.run(["movies", "share", "550", "--copy"], terminal: true, environment: ["TERM": "xterm-256color"])
        let encoded = Data(line.utf8).base64EncodedString()
        #expect(terminal.standardError.hasPrefix("\u{1B}]52;c;\(encoded)\u{07}"), "OSC 52 carries the line, base64")
        #expect(terminal.standardError.hasSuffix("Sent to the clipboard through the terminal (OSC 52).\n"))
        let json = try object(await stub.run(["movies", "share", "550", "--json"]))
        #expect(
            json["line"] as? String == line && json["url"] as? String == "https://www.themoviedb.org/movie/550" && json["year"] as? String == "1999"
        )
        let dumb = await stub.toolbox.run(["movies", "share", "550", "--copy"], terminal: true, environment: ["TERM": "dumb"])
        #expect(!dumb.standardError.contains("\u{1B}]52"))
        #expect(dumb.standardError.contains("Not copied: this terminal (TERM=dumb) has no clipboard to set"))
        await stub.server.stop()
    }

    @Test func trailerPlaysTheBestOneRankedAsTrailersRanksThem() async throws {
        let stub = try await Self.fightClub()
        let run = await stub.run(["movies", "trailer", "550", "--print"])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == "https://www.youtube.com/watch?v=SUXWAEX2jlg\n")
        #expect(await stub.run(["movies", "trailer", "550", "--pick", "2"]).exitCode == 64)
        var details = try JSONSerialization.jsonObject(with: try TMDBStub.fixture("movie-details-append-response.json")) as! [String: Any]
        details["videos"] = ["results": []]
        stub.server.route("/3/movie/551", .json(try JSONSerialization.data(withJSONObject: details)))
        let none = await stub.run(["movies", "trailer", "551"])
        #expect(none.exitCode == 66)
        #expect(none.standardError.hasPrefix("error: No trailer available for “Fight Club”"))
        await stub.server.stop()
    }
}

@Suite struct MovieFilterTests {
    static func withGenres() async throws -> TMDBStub {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/genre/movie/list", .json(Data(try Fixtures.data("genre-movie-list.json", target: "MoviesTests"))))
        return stub
    }

    @Test func listSendsTheFiltersToDiscover() async throws {
        let stub = try await Self.withGenres()
        stub.server.route("/3/discover/movie", .json(TMDBStub.page(1, of: 1, ids: [1])))
        let run = await stub.run(["movies", "list", "--genre", "thriller,Crime", "--years", "2010..2019", "--min-rating", "7", "--sort", "rating"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let query = try #require(stub.onlyRequest(to: "/3/discover/movie")).query
        #expect(query["with_genres"] == "53,80", "a movie has every genre asked for")
        #expect(query["primary_release_date.gte"] == "2010-01-01")
        #expect(query["primary_release_date.lte"] == "2019-12-31")
        #expect(query["vote_average.gte"] == "7.0")
        #expect(query["vote_count.gte"] == "50", "one 10/10 vote does not lead")
        #expect(query["sort_by"] == "vote_average.desc")
        #expect(query["with_people"] == "71580")
        let year = await stub.run(["movies", "list", "--year", "1999", "--sort", "title", "--min-votes", "5"])
        #expect(year.exitCode == 0)
        let second = try #require(stub.server.requests.last { $0.path == "/3/discover/movie" }).query
        #expect(second["primary_release_date.gte"] == "1999-01-01" && second["primary_release_date.lte"] == "1999-12-31")
        #expect(second["sort_by"] == "title.asc" && second["vote_count.gte"] == "5")
        #expect(stub.server.requestCount("/3/genre/movie/list") == 1, "genres are cached")
        await stub.server.stop()
    }

    @Test func anUnknownGenreIsAUsageErrorWithTheClosestName() async throws {
        let stub = try await Self.withGenres()
        let run = await stub.run(["movies", "list", "--genre", "thriler"])
        #expect(run.exitCode == 64)
        #expect(run.standardError.hasPrefix("error: unknown genre “thriler”\nhint: did you mean “Thriller”?"))
        #expect(stub.server.requestCount("/3/discover/movie") == 0)
        let names = try String(contentsOfFile: "\(stub.toolbox.environment["XDG_CACHE_HOME"] ?? "")/toolbox/movies/genre-names.txt", encoding: .utf8)
        #expect(names.split(separator: "\n").contains("Science Fiction"), "the names are kept for shell completion")
        for bad in [["--years", "2020..2010"], ["--years", "soon"], ["--year", "1999", "--years", "1990.."], ["--min-rating", "11"]] {
            #expect(await stub.run(["movies", "list"] + bad).exitCode == 64, "\(bad)")
        }
        await stub.server.stop()
    }

    @Test func recommendedAndSimilarApplyTheFiltersToTheAnswers() async throws {
        let stub = try await Self.withGenres()
        stub.server.route("/3/movie/550/recommendations", .json(try TMDBStub.fixture("movie-recommendations.json")))
        stub.server.route("/3/movie/550/similar", .json(try TMDBStub.fixture("movie-recommendations.json")))
        func titles(_ arguments: [String]) async -> [String] {
            let run = await stub.run(arguments + ["--json"])
            let items = (try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))) as? [[String: Any]]
            return items?.compactMap { $0["title"] as? String } ?? ["failed: \(run.standardError)"]
        }
        #expect(await titles(["movies", "recommended", "550"]).count == 5)
        #expect(await titles(["movies", "recommended", "550", "--genre", "thriller"]) == ["Se7en", "Pulp Fiction"])
        #expect(await titles(["movies", "recommended", "550", "--min-rating", "8.3", "--sort", "date"]) == ["Se7en", "Pulp Fiction"])
        #expect(
            await titles(["movies", "recommended", "550", "--min-rating", "8", "--min-votes", "0", "--sort", "rating"]).first == "A Basement Tape",
            "with the vote floor lowered, the one 10/10 vote leads"
        )
        #expect(await titles(["movies", "similar", "550", "--years", "2000..", "--sort", "title"]) == ["Sorry to Bother You", "The Prestige"])
        #expect(stub.onlyRequest(to: "/3/movie/550/similar")?.query["with_genres"] == nil, "similar cannot filter on TMDB's side")
        let none = await stub.run(["movies", "similar", "550", "--genre", "western"])
        #expect(none.standardError == "No movies found similar to movie 550 with these filters.\n")
        await stub.server.stop()
    }
}

@Suite struct MovieLanguageTests {
    @Test func theLanguageGoesToEveryCallAndAMissingOverviewFallsBackToEnglishOnce() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/movie/550") { request in
            request.query["language"] == "fr-FR"
                ? .json((try? TMDBStub.fixture("movie-details-fr-FR-empty-overview.json")) ?? Data())
                : .json((try? TMDBStub.fixture("movie-details-append-response.json")) ?? Data())
        }
        stub.server.route("/3/movie/550/similar", .json(TMDBStub.page(1, of: 1, ids: [10])))
        let run = await stub.run(["movies", "show", "550", "--json", "--language", "fr-FR"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(json["overview"] as? String == "A ticking-time-bomb insomniac.", "the English overview, not nothing")
        #expect(stub.server.requests.filter { $0.path == "/3/movie/550" }.map { $0.query["language"] ?? "none" } == ["fr-FR", "en-US"])
        #expect(stub.server.requests.first { $0.path == "/3/movie/550/similar" }?.query["language"] == "fr-FR")
        _ = await stub.run(["movies", "show", "550", "--json", "--language", "fr-FR"])
        #expect(stub.server.requestCount("/3/movie/550") == 2, "both answers are cached, keyed by language")
        _ = await stub.run(["movies", "show", "550", "--json"], environment: ["TOOLBOX_TMDB_LANGUAGE": "de-DE"])
        #expect(stub.server.requests.last { $0.path == "/3/movie/550" && $0.query["append_to_response"] != nil }?.query["language"] == "de-DE")
        #expect(await stub.run(["movies", "show", "550", "--language", "french"]).exitCode == 64)
        await stub.server.stop()
    }
}

@Suite struct MovieDiaryTests {
    func entries(_ run: ToolboxResult) -> [[String: Any]] {
        ((try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))) as? [[String: Any]]) ?? []
    }

    @Test func watchedRecordsOncePerDayAndTheDiaryCountsAYear() async throws {
        let stub = try await MovieLinkTests.fightClub()
        let first = await stub.run(["movies", "watched", "550", "--rating", "4.5", "--on", "2026-03-02"])
        #expect(first.exitCode == 0, "\(first.standardError)")
        #expect(first.standardError == "Added “Fight Club” (1999) to your diary on Mar 2, 2026, ★★★★½ (4.5).\n")
        let again = await stub.run(["movies", "watched", "tt0137523", "--on", "2026-03-02"])
        #expect(again.standardError == "“Fight Club” (1999) is already in your diary on Mar 2, 2026.\n")
        #expect(await stub.run(["movies", "watched", "550", "--on", "2025-12-24", "--rewatch"]).exitCode == 0)
        for bad in [["--rating", "4.2"], ["--rating", "0"], ["--on", "24/12/2025"], ["--on", "2999-01-01"]] {
            #expect(await stub.run(["movies", "watched", "550"] + bad).exitCode == 64, "\(bad)")
        }
        let all = entries(await stub.run(["movies", "diary", "--json"]))
        #expect(all.compactMap { $0["watchedDate"] as? String } == ["2026-03-02", "2025-12-24"], "newest first")
        #expect(all.last?["rewatch"] as? Bool == true && all.first?["imdbID"] as? String == "tt0137523")
        let year = await stub.run(["movies", "diary", "--year", "2025"])
        #expect(year.standardOutput.split(separator: "\n").count == 1)
        #expect(year.standardError == "1 viewing — 2025: 1\n")
        let file = "\(stub.toolbox.environment["XDG_DATA_HOME"] ?? "")/toolbox/movies/diary.json"
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        await stub.server.stop()
    }

    @Test func anExportImportsBackIntoAnEmptyDiaryAsTheSameEntriesAndTwiceAddsNothing() async throws {
        let stub = try await MovieLinkTests.fightClub()
        stub.server.route(
            "/3/movie/807",
            .json(Data(#"{"id":807,"title":"Se7en, \"the\" cut","release_date":"1995-09-22","imdb_id":"tt0114369"}"#.utf8))
        )
        _ = await stub.run(["movies", "watched", "550", "--rating", "5", "--on", "2026-01-05"])
        _ = await stub.run(["movies", "watched", "807", "--rating", "3.5", "--on", "2026-01-06", "--rewatch"])
        let csv = Scratch.url("diary", ending: ".csv").path
        #expect(await stub.run(["movies", "diary", "export", "--output", csv]).exitCode == 0)
        let text = try String(contentsOfFile: csv, encoding: .utf8)
        #expect(text.hasPrefix("Title,Year,tmdbID,imdbID,WatchedDate,Rating,Rewatch\r\n"))
        #expect(text.contains(#""Se7en, ""the"" cut",1995,807,tt0114369,2026-01-06,3.5,true"#))
        let before = entries(await stub.run(["movies", "diary", "--json"]))

        // Another person's empty diary: no TMDB request is needed, the rows carry their ids.
        let other = try await TMDBStub.start(environment: ["TOOLBOX_TMDB_BASE_URL": stub.server.baseURL.absoluteString + "/3"])
        let piped = await other.run(["movies", "diary", "import", csv])
        #expect(piped.exitCode == 64, "no terminal to confirm on")
        #expect(piped.standardError.contains("hint: use --yes instead"))
        let imported = await other.run(["movies", "diary", "import", csv, "--yes"])
        #expect(imported.exitCode == 0, "\(imported.standardError)")
        #expect(imported.standardError.hasSuffix("Added 2 entries to your diary.\n"))
        let after = entries(await other.run(["movies", "diary", "--json"]))
        #expect(NSArray(array: after).isEqual(to: before), "the same entries")
        let twice = await other.run(["movies", "diary", "import", csv, "--yes"])
        #expect(twice.standardError == "Nothing new to add.\n2 entries already in your diary, left alone.\n")
        #expect(entries(await other.run(["movies", "diary", "--json"])).count == 2)
        await other.server.stop()
        await stub.server.stop()
    }

    @Test func aLetterboxdExportIsPlacedByTitleAndYearAndWhatCannotBePlacedIsListed() async throws {
        let stub = try await MovieLinkTests.fightClub()
        stub.server.route("/3/search/movie") { request in
            switch request.query["query"] {
            case "Fight Club":
                .json(
                    Data(
                        #"{"page":1,"total_pages":1,"total_results":2,"results":[{"id":550,"title":"Fight Club","release_date":"1999-10-15"},{"id":14,"title":"Fight Club: Members Only","release_date":"2006-02-17"}]}"#
                            .utf8
                    )
                )
            default: .json(TMDBStub.page(1, of: 1, ids: []))
            }
        }
        let csv = Scratch.url("letterboxd", ending: ".csv").path
        try """
        Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
        2026-02-01,Fight Club,1999,https://boxd.it/abc,4,,,2026-01-31
        2026-02-02,Nothing Like It,2001,https://boxd.it/def,3,Yes,,2026-02-02
        2026-02-03,Fight Club,1999,https://boxd.it/ghi,7,,,2026-02-03
        """.write(toFile: csv, atomically: true, encoding: .utf8)
        let run = await stub.run(["movies", "diary", "import", csv, "--yes"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("2026-01-31\t550\tFight Club\t1999\t★★★★\t"))
        #expect(run.standardError.contains("Skipped line 3, “Nothing Like It”: TMDB has no single movie called that from 2001."))
        #expect(run.standardError.contains("Skipped line 4, “Fight Club”: its rating 7.0 is not 0.5 to 5 in half stars."))
        #expect(run.standardError.hasSuffix("Added 1 entry to your diary.\n"))
        let broken = Scratch.url("broken", ending: ".csv").path
        try "Title,Year\n\"Fight Club,1999\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let bad = await stub.run(["movies", "diary", "import", broken, "--yes"])
        #expect(bad.exitCode == 65)
        #expect(bad.standardError.hasPrefix("error: \(broken): a quoted field opened on line 2 never closes"))
        #expect(await stub.run(["movies", "diary", "import", "/nonexistent.csv"]).exitCode == 74)
        await stub.server.stop()
    }
}

@Suite struct FavouritesAuditTests {
    @Test func aFavouriteTMDBAnswers404ForIsRemovedWithANoticeAndOneAnswered500IsKept() async throws {
        let stub = try await TMDBStub.start()
        stub.server.route("/3/movie/550", .json(try TMDBStub.fixture("movie-details.json")))
        stub.server.route("/3/movie/807", .json(Data(#"{"id":807,"title":"Se7en","release_date":"1995-09-22"}"#.utf8)))
        stub.server.route("/3/movie/13", .json(Data(#"{"id":13,"title":"Forrest Gump","release_date":"1994-06-23"}"#.utf8)))
        for id in ["550", "807", "13"] { #expect(await stub.run(["movies", "favorites", "add", id]).exitCode == 0) }
        stub.server.route("/3/movie/807", .json(try TMDBStub.fixture("error-status-404.json"), status: 404))
        stub.server.route("/3/movie/13", .status(500))
        // The adds' answers are cached: --refresh asks TMDB again, as a later listing would.
        let list = await stub.run(["movies", "favorites", "list", "--refresh"])
        #expect(list.exitCode == 0)
        #expect(list.standardError.contains("Removed “Se7en” (1995) from your favourites: TMDB no longer has it.\n"))
        #expect(!list.standardError.contains("Forrest Gump"), "a failure other than 404 removes nothing")
        #expect(list.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["550", "13"], "the 500 is kept")
        let again = await stub.run(["movies", "favorites", "list", "--offline"])
        #expect(again.standardError.isEmpty && again.standardOutput.split(separator: "\n").count == 2)
        // A 404 that is not TMDB's (no error body: a proxy, a wrong base URL) says nothing of the movie.
        stub.server.route("/3/movie/550", .text("<html><body>Not Found</body></html>", status: 404))
        let foreign = await stub.run(["movies", "favorites", "list", "--refresh"])
        #expect(foreign.standardOutput.split(separator: "\n").count == 2, "both kept: \(foreign.standardError)")
        let show = await stub.run(["movies", "show", "550", "--refresh"])
        #expect(show.exitCode == 69 && show.standardError.contains("answered 404 without TMDB's error body"))
        await stub.server.stop()
    }
}
