import Foundation
import TestSupport
import Testing

/// Movies and Trailers with your streaming services, through the real binary against a stub TMDB:
/// lists marked and filtered, arrivals told once, the release calendar, hiding, the Letterboxd
/// watchlist, and a year in film.
@Suite struct YourServicesEndToEndTests {
    static func fixture(_ name: String) throws -> Data {
        try (try? Fixtures.data(name, target: "TrailersTests")) ?? Fixtures.data(name, target: "MoviesTests")
    }

    /// A stub TMDB for a US viewer paying for `services`: discover answers movies 1, 2 and 3; 1 streams
    /// on Netflix, 2 can only be rented, and TMDB knows nothing of where 3 is.
    func start(services: String? = "Netflix, Disney Plus") async throws -> (StubServer, ToolboxBinary) {
        let server = try await StubServer.start()
        var environment = [
            "TMDB_API_KEY": "e2e-services-key",
            "TOOLBOX_TMDB_BASE_URL": server.baseURL.absoluteString + "/3",
            "TOOLBOX_TMDB_REGION": "US",
        ]
        environment["TOOLBOX_TMDB_SERVICES"] = services
        let toolbox = try ToolboxBinary(extraEnvironment: environment)
        server.route("/3/watch/providers/movie", .json(try Self.fixture("watch-providers-movie-list.json")))
        server.route("/3/watch/providers/tv", .json(try Self.fixture("watch-providers-tv-list.json")))
        server.route("/3/genre/movie/list", .json(try Self.fixture("genre-movie-list.json")))
        server.route("/3/genre/tv/list", .json(try Self.fixture("genre-tv-list.json")))
        server.route("/3/discover/movie", .json(Self.page(ids: [1, 2, 3])))
        server.route("/3/movie/1/watch/providers", .json(try Self.fixture("movie-watch-providers.json")))
        server.route("/3/movie/2/watch/providers", .json(try Self.fixture("movie-watch-providers-rent-only.json")))
        return (server, toolbox)
    }

    /// A page of movies with these ids, as discover sends one.
    static func page(ids: [Int], genres: [Int] = [18]) -> Data {
        let results = ids.map {
            #"{"id":\#($0),"title":"Movie \#($0)","release_date":"2001-01-0\#($0 % 9 + 1)","vote_average":7.0,"vote_count":10,"popularity":1.0,"genre_ids":\#(genres)}"#
        }
        return Data(#"{"page":1,"total_pages":1,"total_results":\#(ids.count),"results":[\#(results.joined(separator: ","))]}"#.utf8)
    }

    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func everyListMarksYourServicesAndOnMyServicesKeepsOnlyThose() async throws {
        let (server, toolbox) = try await start()
        let rows = try await toolbox.run(["movies", "list", "--person", "31"])
        #expect(rows.exitCode == 0, "\(rows.standardError)")
        let lines = rows.standardOutput.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(lines.map { $0.last ?? "" } == ["Netflix", "", "?"], "a column: on Netflix, on none, not known")
        #expect(rows.standardError.contains("Streaming data by JustWatch"))
        #expect(rows.standardError.contains("1 title not checked"))

        let json = try #require(try json(try await toolbox.run(["movies", "list", "--person", "31", "--json"]).standardOutput) as? [[String: Any]])
        #expect((json[0]["onMyServices"] as? [[String: String]]) == [["service": "Netflix", "kind": "stream"]])
        #expect((json[1]["onMyServices"] as? [Any])?.isEmpty == true && json[2]["onMyServices"] == nil)
        let plain = try await toolbox.run(["movies", "list", "--person", "31", "--plain"])
        #expect(plain.standardOutput.hasPrefix("Movie 1, 2001, Rating 70%, on Netflix\nMovie 2, 2001, Rating 70%, not on your services\n"))

        // Discover can filter: TMDB is asked for titles on the services, and the answer is checked too.
        let mine = try await toolbox.run(["movies", "list", "--person", "31", "--on-my-services"])
        #expect(mine.standardOutput.split(separator: "\n").count == 1 && mine.standardOutput.hasPrefix("1\tMovie 1"))
        let asked = try #require(server.requests.last { $0.path == "/3/discover/movie" })
        #expect(asked.query["with_watch_providers"] == "8|337" && asked.query["watch_region"] == "US")
        #expect(asked.query["with_watch_monetization_types"] == "flatrate|free|ads")

        // In browse it is a filter like --provider: trending becomes discover, asked for the services.
        let browse = try await toolbox.run(["trailers", "browse", "--type", "movie", "--on-my-services"])
        #expect(browse.exitCode == 0 && browse.standardOutput.hasPrefix("Movie\t1\tMovie 1\t"), "\(browse.standardError)")
        let discovered = try #require(server.requests.last { $0.path == "/3/discover/movie" })
        #expect(discovered.query["with_watch_providers"] == "8|337" && discovered.query["sort_by"] == "popularity.desc")

        // Similar cannot: it is filtered page by page.
        server.route("/3/movie/550", .json(try Self.fixture("movie-details-append-response.json")))
        server.route("/3/movie/550/similar", .json(Self.page(ids: [2, 1, 3])))
        let similar = try await toolbox.run(["movies", "similar", "550", "--on-my-services"])
        #expect(similar.exitCode == 0 && similar.standardOutput.hasPrefix("1\tMovie 1") && similar.standardOutput.split(separator: "\n").count == 1)
        #expect(similar.standardError.contains("1 title left out: TMDB could not say where they are"))
        await server.stop()
    }

    @Test func theDiaryIsMarkedTooAskingOnceAFilmAndHidingNothing() async throws {
        let (server, toolbox) = try await start()
        let folder = toolbox.home.appendingPathComponent("data/toolbox/movies")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let viewings = [(1, "2026-03-01"), (1, "2026-02-01"), (2, "2026-01-01")].map {
            #"{"tmdbID":\#($0.0),"imdbID":null,"title":"Movie \#($0.0)","year":"2001","watchedDate":"\#($0.1)","rating":null,"rewatch":false}"#
        }
        try Data("[\(viewings.joined(separator: ","))]".utf8).write(to: folder.appendingPathComponent("diary.json"))
        let hid = try await toolbox.run(["movies", "hide", "--genre", "drama"])
        #expect(hid.exitCode == 0, "\(hid.standardError)")
        let diary = try await toolbox.run(["movies", "diary", "--plain"])
        #expect(
            diary.standardOutput == """
                Watched Movie 1, 2001, on Mar 1, 2026, on Netflix.
                Watched Movie 1, 2001, on Feb 1, 2026, on Netflix.
                Watched Movie 2, 2001, on Jan 1, 2026, not on your services.

                """,
            "\(diary.standardError)"
        )
        #expect(server.requestCount("/3/movie/1/watch/providers") == 1, "one film, one question")
        let mine = try await toolbox.run(["movies", "diary", "--on-my-services", "--json"])
        #expect((try json(mine.standardOutput) as? [Any])?.count == 2)
        await server.stop()
    }

    @Test func aServiceTMDBDoesNotKnowIsAUsageErrorWithTheClosestName() async throws {
        let (server, toolbox) = try await start(services: "Netflx")
        let wrong = try await toolbox.run(["trailers", "trending", "--on-my-services"])
        #expect(wrong.exitCode == 64)
        #expect(wrong.standardError.contains("no watch provider “Netflx” in US (from tmdb.services)"), "\(wrong.standardError)")
        #expect(wrong.standardError.contains("did you mean “Netflix”?"))

        // Once the region's providers were listed, `config set` checks names, and the shell completes them.
        let (other, fresh) = try await start(services: nil)
        #expect(try await fresh.run(["trailers", "providers"]).exitCode == 0)
        let typo = try await fresh.run(["config", "set", "tmdb.services", "Netflix, Disny Plus"])
        #expect(typo.exitCode == 64 && typo.standardError.contains("did you mean “Disney Plus”?"), "\(typo.standardError)")
        #expect(try await fresh.run(["config", "set", "tmdb.services", "netflix, Disney Plus"]).exitCode == 0)
        let offered = try await CompletionTests.complete(["toolbox", "config", "set", "tmdb.services", "Dis"], environment: fresh.environment)
        #expect(offered == ["Disney Plus"])
        #expect(try await fresh.run(["config", "unset", "tmdb.services"]).exitCode == 0)
        let unset = try await fresh.run(["movies", "list", "--on-my-services"])
        #expect(unset.exitCode == 78 && unset.standardError.contains("no streaming services are set"), "\(unset.standardError)")
        await server.stop()
        await other.stop()
    }

    @Test func arrivalsTellEachTitleOnceAndNothingWhenTMDBCannotBeReached() async throws {
        let (server, toolbox) = try await start(services: "Netflix")
        server.route("/3/movie/550", .json(try Self.fixture("movie-details-append-response.json")))
        #expect(try await toolbox.run(["trailers", "watchlist", "add", "550"]).exitCode == 0)
        server.route("/3/movie/550/watch/providers", .json(try Self.fixture("movie-watch-providers-rent-only.json")))
        let before = try await toolbox.run(["trailers", "arrivals"])
        #expect(before.exitCode == 1 && before.standardOutput.isEmpty && !before.standardError.contains("error"), "\(before.standardError)")
        #expect(before.standardError.contains("Nothing new on your services for your 1 title in US"))

        // Fight Club comes to Netflix between two runs.
        server.route("/3/movie/550/watch/providers", .json(try Self.fixture("movie-watch-providers.json")))
        let arrived = try await toolbox.run(["trailers", "arrivals", "--refresh", "--json"])
        #expect(arrived.exitCode == 0, "\(arrived.standardError)")
        let told = try #require(try json(arrived.standardOutput) as? [[String: Any]])
        #expect(told.count == 1 && told[0]["title"] as? String == "Fight Club" && told[0]["service"] as? String == "Netflix")
        #expect(told[0]["kind"] as? String == "stream" && (told[0]["firstSeen"] as? String)?.count == 10)
        let again = try await toolbox.run(["trailers", "arrivals", "--refresh"])
        #expect(again.exitCode == 1 && again.standardOutput.isEmpty, "\(again.standardOutput)")

        let record = toolbox.home.appendingPathComponent("data/toolbox/trailers/arrivals.json")
        let mode = try FileManager.default.attributesOfItem(atPath: record.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let kept = try Data(contentsOf: record)
        await server.stop()
        let down = try await toolbox.run(["trailers", "arrivals", "--refresh"])
        #expect(down.exitCode == 69 && down.standardOutput.isEmpty, "\(down.standardError)")
        #expect(try Data(contentsOf: record) == kept, "nothing recorded")
    }

    /// `body` with every `YYYY-MM-DD` date moved by `days`.
    static func shifted(_ body: Data, by days: Int) -> Data {
        var text = String(decoding: body, as: UTF8.self)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let pattern = try! NSRegularExpression(pattern: #"\d{4}-\d{2}-\d{2}"#)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let range = Range(match.range, in: text), let date = formatter.date(from: String(text[range])) else { continue }
            text.replaceSubrange(range, with: formatter.string(from: date.addingTimeInterval(Double(days) * 86_400)))
        }
        return Data(text.utf8)
    }

    /// The UIDs and start days of an iCalendar file, as the `icalendar` package reads them.
    static func events(in file: URL) async throws -> [String: String] {
        let script = """
            import icalendar, json, sys
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            print(json.dumps({str(e['UID']): e.decoded('DTSTART').isoformat() for e in calendar.walk('VEVENT')}))
            """
        let run = try await Program.run("/usr/bin/env", ["python3", "-c", script, file.path], errors: false)
        return try JSONDecoder().decode([String: String].self, from: Data(run.output.utf8))
    }

    static let icalendar = Program.succeeds("/usr/bin/env", ["python3", "-c", "import icalendar"])

    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["TOOLBOX_TEST_ALL"] == "1" || icalendar,
            "needs the icalendar package (scripts/test installs it)"
        )
    )
    func theCalendarIsAnICalendarFileWhoseUIDsOutliveADateChange() async throws {
        let (server, toolbox) = try await start()
        // The fixture's theatrical release, 2027-07-09, moved to 40 days from now (and the others with it).
        let today = Calendar(identifier: .gregorian).startOfDay(for: Date())
        let theatrical = try #require(ISO8601DateFormatter().date(from: "2027-07-09T00:00:00Z"))
        let days = Int((today.timeIntervalSince(theatrical) / 86_400).rounded()) + 40
        server.route("/3/movie/1061474", .json(Self.shifted(try Self.fixture("movie-details-release-dates.json"), by: days)))
        // The next episode, 2027-01-18, to 20 days from now.
        let episode = try #require(ISO8601DateFormatter().date(from: "2027-01-18T00:00:00Z"))
        let episodeDays = Int((today.timeIntervalSince(episode) / 86_400).rounded()) + 20
        server.route("/3/tv/1399", .json(Self.shifted(try Self.fixture("tv-series-details-next-episode.json"), by: episodeDays)))
        #expect(try await toolbox.run(["trailers", "watchlist", "add", "1061474"]).exitCode == 0)
        #expect(try await toolbox.run(["trailers", "watchlist", "add", "1399", "--type", "tv"]).exitCode == 0)

        let listed = try await toolbox.run(["trailers", "calendar", "--plain"])
        #expect(listed.exitCode == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains(": Superman in theatres, in US.\n"))
        #expect(listed.standardOutput.contains("Superman premieres (Los Angeles premiere)"))
        let file = toolbox.home.appendingPathComponent("watchlist.ics")
        let written = try await toolbox.run(["trailers", "calendar", "--days", "365", "--ics", file.path])
        #expect(written.exitCode == 0 && written.standardError.contains("Wrote 7 releases"), "\(written.standardError)")
        let first = try await Self.events(in: file)
        #expect(first.count == 7 && first["movie-1061474-theatrical@toolbox.trailers"] != nil, "\(first)")

        // The theatrical release moves a week: the same events, one date changed.
        server.route("/3/movie/1061474", .json(Self.shifted(try Self.fixture("movie-details-release-dates.json"), by: days + 7)))
        #expect(try await toolbox.run(["trailers", "calendar", "--days", "365", "--ics", file.path, "--refresh"]).exitCode == 0)
        let second = try await Self.events(in: file)
        #expect(Set(second.keys) == Set(first.keys))
        #expect(second["movie-1061474-theatrical@toolbox.trailers"] != first["movie-1061474-theatrical@toolbox.trailers"])
        #expect(second["tv-1399-episode@toolbox.trailers"] == first["tv-1399-episode@toolbox.trailers"])
        await server.stop()
    }

    @Test func hiddenTitlesAndGenresLeaveEveryListUntilShownAgain() async throws {
        let (server, toolbox) = try await start(services: nil)
        server.route("/3/discover/movie", .json(Self.page(ids: [550, 2, 3])))
        server.route("/3/trending/all/week", .json(try Self.fixture("trending-all.json")))
        server.route("/3/movie/550", .json(try Self.fixture("movie-details-append-response.json")))
        let hid = try await toolbox.run(["movies", "hide", "550"])
        #expect(hid.exitCode == 0 && hid.standardError == "Hid “Fight Club” (1999, Movie).\n", "\(hid.standardError)")
        let list = try await toolbox.run(["movies", "list", "--person", "31"])
        #expect(!list.standardOutput.contains("550\t") && list.standardOutput.split(separator: "\n").count == 2)
        #expect(list.standardError.contains("1 hidden title left out (see `toolbox movies hidden`)"))
        #expect(try await toolbox.run(["movies", "show", "550"]).standardOutput.contains("Fight Club"), "asked for by id, it shows")

        // A genre hidden in Movies leaves Trailers' lists too, movies and shows alike.
        let trending = try await toolbox.run(["trailers", "trending"])
        #expect(trending.standardOutput.contains("The Housemaid"), "\(trending.standardError)")
        #expect(try await toolbox.run(["movies", "hide", "--genre", "thriller"]).exitCode == 0)
        let without = try await toolbox.run(["trailers", "trending"])
        #expect(!without.standardOutput.contains("The Housemaid") && without.standardError.contains("hidden"), "\(without.standardOutput)")
        let hidden = try #require(try json(try await toolbox.run(["movies", "hidden", "--json"]).standardOutput) as? [[String: Any]])
        #expect(hidden.map { $0["name"] as? String } == ["Fight Club", "Thriller"])

        #expect(try await toolbox.run(["movies", "unhide", "550"]).exitCode == 0)
        #expect(try await toolbox.run(["movies", "unhide", "--genre", "THRILLER"]).exitCode == 0)
        #expect(try await toolbox.run(["movies", "list", "--person", "31"]).standardOutput.contains("550\tFight Club") == false)
        #expect(try await toolbox.run(["movies", "list", "--person", "31"]).standardOutput.split(separator: "\n").count == 3)
        let missing = try await toolbox.run(["movies", "unhide", "550"])
        #expect(missing.exitCode == 66 && missing.standardError.contains("Movie 550 is not hidden"))
        await server.stop()
    }

    @Test func theWatchlistGoesToLetterboxdAndComesBackOnce() async throws {
        let (server, toolbox) = try await start(services: nil)
        server.route("/3/movie/550", .json(try Self.fixture("movie-details-append-response.json")))
        server.route("/3/tv/1399", .json(try Self.fixture("tv-series-details-append-response.json")))
        #expect(try await toolbox.run(["trailers", "watchlist", "add", "550"]).exitCode == 0)
        #expect(try await toolbox.run(["trailers", "watchlist", "add", "1399", "--type", "tv"]).exitCode == 0)
        let exported = try await toolbox.run(["trailers", "watchlist", "export"])
        #expect(exported.standardOutput == "Title,Year,tmdbID\r\nFight Club,1999,550\r\n")
        #expect(exported.standardError.contains("Left out 1 TV show: Letterboxd keeps films only."))

        // Letterboxd's own export names films without TMDB ids; search places them.
        server.route("/3/search/movie") { request in
            request.query["query"] == "Fight Club" ? .json(Self.page(ids: [550])) : .json(Self.page(ids: []))
        }
        let csv = toolbox.home.appendingPathComponent("watchlist.csv")
        try "Date,Name,Year,Letterboxd URI\n2024-01-02,Fight Club,1999,https://boxd.it/2a9q\n2024-01-03,A Film Nobody Made,2031,https://boxd.it/zz\n"
            .write(to: csv, atomically: true, encoding: .utf8)
        #expect(try await toolbox.run(["trailers", "watchlist", "remove", "550"]).exitCode == 0)
        let imported = try await toolbox.run(["trailers", "watchlist", "import", csv.path, "--yes"])
        #expect(imported.exitCode == 0, "\(imported.standardError)")
        #expect(imported.standardError.contains("Skipped line 3, “A Film Nobody Made”: TMDB has no single movie called that from 2031."))
        #expect(imported.standardError.contains("Added 1 movie to your watchlist."))
        let twice = try await toolbox.run(["trailers", "watchlist", "import", csv.path, "--yes", "--json"])
        let plan = try #require(try json(twice.standardOutput) as? [String: Any])
        #expect((plan["adding"] as? [Any])?.isEmpty == true && plan["alreadyInWatchlist"] as? Int == 1)
        #expect(try await toolbox.run(["trailers", "watchlist", "list"]).standardOutput.split(separator: "\n").count == 2)
        await server.stop()
    }

    @Test func aYearInFilmIsDrawnInColourAndPlainAndReadsItsFactsOnce() async throws {
        let (server, toolbox) = try await start(services: nil)
        server.route("/3/movie/550", .json(try Self.fixture("movie-details-credits.json")))
        let year = Calendar.current.component(.year, from: Date())
        let diary = (1...12).map { month in
            #"{"tmdbID":550,"imdbID":null,"title":"Fight Club","year":"1999","watchedDate":"\#(year)-\#(String(format: "%02d", month))-05","rating":\#(month % 2 == 0 ? "4.5" : "3"),"rewatch":\#(month > 1)}"#
        }
        let folder = toolbox.home.appendingPathComponent("data/toolbox/movies")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("[\(diary.joined(separator: ","))]".utf8).write(to: folder.appendingPathComponent("diary.json"))

        let colour = try await toolbox.runOnTerminal(
            ["movies", "diary", "stats"],
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        )
        #expect(colour.exitCode == 0, "\(colour.standardError)")
        #expect(colour.standardOutput.contains("\u{1B}[38;2;0;224;84m███"), "Letterboxd's green in truecolor")
        #expect(colour.standardOutput.contains("12 films (1 different)") && colour.standardOutput.contains("David Fincher"))
        let plain = try await toolbox.runOnTerminal(["movies", "diary", "stats"], environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(!plain.standardOutput.contains("\u{1B}[3") && plain.standardOutput.contains("███"))
        #expect(server.requestCount("/3/movie/550") == 1, "the film's facts are kept after the first time")
        let spoken = try await toolbox.run(["movies", "diary", "stats", "--plain"])
        #expect(
            spoken.standardOutput.hasPrefix("In \(year) you watched 12 films (1 different), 28 hours, 11 rewatches.\n"),
            "\(spoken.standardOutput)"
        )
        let none = try await toolbox.run(["movies", "diary", "stats", "--year", "1990"])
        #expect(none.exitCode == 66 && none.standardError.contains("try --year \(year)"))
        await server.stop()
    }
}
