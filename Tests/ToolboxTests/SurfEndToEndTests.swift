import Foundation
import TestSupport
import Testing

/// The built binary against stub Open-Meteo, ERDDAP and TrebleSurf servers.
@Suite struct SurfEndToEndTests {
    func start(provider: String = "open-meteo", extra: [String: String] = [:]) async throws -> (StubServer, ToolboxBinary) {
        let server = try await StubServer.start()
        ERDDAPTideStub.install(on: server)
        let base = server.baseURL.absoluteString
        let toolbox = try ToolboxBinary(
            extraEnvironment: [
                "TOOLBOX_SURF_PROVIDER": provider,
                "TOOLBOX_SURF_OPEN_METEO_MARINE_URL": base + "/v1/marine",
                "TOOLBOX_SURF_OPEN_METEO_WEATHER_URL": base + "/v1/forecast",
                "TOOLBOX_SURF_ERDDAP_URL": base + "/erddap/tabledap/IWBNetwork",
                "TOOLBOX_SURF_TIDES_URL": base + "/erddap/tabledap",
                // Parallel tests on two cores may take far longer than a user's network.
                "TOOLBOX_SURF_TIDES_WAIT_SECONDS": "300",
                "TOOLBOX_SURF_TREBLESURF_BASE_URL": base,
                "TOOLBOX_HTTP_BACKOFF_INITIAL": "0.01",
                "TOOLBOX_HTTP_BACKOFF_MAX": "0.02",
            ].merging(extra) { $1 }
        )
        return (server, toolbox)
    }

    /// The requests Open-Meteo's two APIs were sent (the stub answers the tides too).
    static func openMeteoRequests(_ server: StubServer) -> Int {
        server.requestCount("/v1/marine") + server.requestCount("/v1/forecast")
    }

    @Test func aNewUserGetsARegionFromTwoRequestsThenNoneFromTheCache() async throws {
        let (server, toolbox) = try await start()
        server.route("/v1/marine", handler: OpenMeteoStub.everyPlace(try Fixtures.data("marine-hourly.json", target: "SurfTests")))
        server.route("/v1/forecast", handler: OpenMeteoStub.everyPlace(try Fixtures.data("forecast-hourly-wind.json", target: "SurfTests")))
        let run = try await toolbox.run(["surf", "conditions", "donegal"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").count == 5, "one row per Donegal spot")
        #expect(Self.openMeteoRequests(server) == 2)
        // The tides: the station list, and Tory Island's and Killybegs' levels and highs and lows.
        #expect(server.requestCount() == 7)
        let marine = try #require(server.requests.first { $0.path == "/v1/marine" }?.query)
        #expect(marine["latitude"]?.split(separator: ",").count == 6, "the five spots, and M4 (their nearest buoy), to keep its forecast")
        #expect(marine["cell_selection"] == "sea")
        #expect(marine["timezone"] == "auto")
        #expect(marine["hourly"]?.contains("swell_wave_height") == true)
        let weather = try #require(server.requests.first { $0.path == "/v1/forecast" }?.query)
        #expect(weather["wind_speed_unit"] == "kmh")
        #expect(weather["hourly"] == "wind_speed_10m,wind_direction_10m,wind_gusts_10m,temperature_2m")
        let json = try await toolbox.run(["surf", "conditions", "Donegal", "--json"])
        #expect(server.requestCount() == 7, "a warm cache answers without a request")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let keys: Set<String> = [
            "spot", "region", "time", "waveHeight", "swellHeight", "swellPeriod", "swellDirection", "windSpeed",
            "windDirection", "windCompass", "relativeWind", "waterTemperature", "surfMessiness", "directionQuality", "tide", "tideStation",
            "wavePeriod", "waveDirection", "secondarySwellHeight", "secondarySwellPeriod", "secondarySwellDirection", "attribution",
        ]
        #expect(Set(items[0].keys) == keys)
        // The fixture is in feet and knots; JSON is metric whatever the source said.
        let wave = try #require(items[0]["waveHeight"] as? Double)
        #expect(wave < 2.0)
        await server.stop()
    }

    @Test func oneSpotInFullAndUnknownPlacesAreExit66() async throws {
        let (server, toolbox) = try await start()
        server.route("/v1/marine", handler: OpenMeteoStub.everyPlace(try Fixtures.data("marine-hourly.json", target: "SurfTests")))
        server.route("/v1/forecast", handler: OpenMeteoStub.everyPlace(try Fixtures.data("forecast-hourly-wind.json", target: "SurfTests")))
        let spot = try await toolbox.run(["surf", "conditions", "donegal/bundoran", "--plain"])
        #expect(spot.exitCode == 0, "\(spot.standardError)")
        #expect(spot.standardOutput.hasPrefix("Bundoran: waves "))
        let unknown = try await toolbox.run(["surf", "conditions", "donegal/atlantis"])
        #expect(unknown.exitCode == 66)
        #expect(unknown.standardError.contains("donegal/bundoran"))
        await server.stop()
    }

    /// Moves every cached answer's stored time `seconds` back (the second field of its header line).
    static func age(cacheIn home: URL, by seconds: Double) throws {
        let root = home.appendingPathComponent("cache/toolbox")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        var aged = 0
        for file in files where !file.hasDirectoryPath {
            var lines = try Data(contentsOf: file).split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
            guard lines.count == 3, String(decoding: lines[0], as: UTF8.self).hasPrefix("TOOLBOX-CACHE") else { continue }
            var fields = String(decoding: lines[1], as: UTF8.self).split(separator: " ", maxSplits: 2).map(String.init)
            fields[1] = String(try #require(Double(fields[1])) - seconds)
            lines[1] = Data(fields.joined(separator: " ").utf8)
            try Data(lines.joined(separator: [UInt8(ascii: "\n")])).write(to: file)
            aged += 1
        }
        #expect(aged == 5, "the marine and the weather answers, and the tides' stations, levels, highs and lows")
    }

    @Test func whenTheNetworkFailsTheCachedConditionsShowWithTheirAge() async throws {
        let (server, toolbox) = try await start()
        server.route("/v1/marine", handler: OpenMeteoStub.everyPlace(try Fixtures.data("marine-hourly.json", target: "SurfTests")))
        server.route("/v1/forecast", handler: OpenMeteoStub.everyPlace(try Fixtures.data("forecast-hourly-wind.json", target: "SurfTests")))
        #expect(try await toolbox.run(["surf", "conditions", "clare"]).exitCode == 0)
        await server.stop()
        // Stored three hours ago: the age shown is the entries', however long the runs took.
        try Self.age(cacheIn: toolbox.home, by: 3 * 3600)
        let stale = try await toolbox.run(["surf", "conditions", "clare", "--refresh"])
        #expect(stale.exitCode == 0)
        // The tides, kept for a week, are still fresh.
        #expect(
            stale.standardError
                == "offline: showing cached results from 3 h ago\nWeather data by Open-Meteo.com (CC BY 4.0); Tide predictions: Marine Institute, Ireland (CC BY 4.0)\n"
        )
        #expect(stale.standardOutput.split(separator: "\n").count == 3, "Lahinch, Doonbeg, Spanish Point")
    }

    @Test func surfAloneIsTheHomeScreenFromOneParallelLoad() async throws {
        let (server, toolbox) = try await start(extra: ["TOOLBOX_SURF_HOME": "donegal/bundoran"])
        // Every source answers after 0.8 s.
        let delay = Duration.milliseconds(800)
        ERDDAPTideStub.install(on: server, delay: delay)
        server.route("/v1/marine", handler: OpenMeteoStub.everyPlace(try Fixtures.data("marine-hourly.json", target: "SurfTests"), delay: delay))
        server.route(
            "/v1/forecast",
            handler: OpenMeteoStub.everyPlace(try Fixtures.data("forecast-hourly-wind.json", target: "SurfTests"), delay: delay)
        )
        let buoys = String(decoding: try Fixtures.data("iwbnetwork-latest-m4-m5-m6.csv", target: "SurfTests"), as: UTF8.self)
        server.route("/erddap/tabledap/IWBNetwork.csv", .text(buoys, delay: delay))
        let run = try await toolbox.run(["surf"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        // One load: the conditions' two requests, the tide station list and the buoys were all
        // being answered at one moment (the time it takes is measured apart, not on a busy CI).
        #expect(server.maxInFlight >= 4, "the loads run at once: \(server.maxInFlight) at most")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Bundoran: waves ") == true && lines.first?.contains(", tide ") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Best in Donegal now: ") })
        #expect(lines.contains { $0.hasPrefix("M4: waves ") } && lines.contains { $0.hasPrefix("M6: waves ") })
        #expect(!lines.contains { $0.contains("reports") }, "reports come with the treblesurf provider")
        #expect(run.standardError.contains("Marine Institute"), "the credits")

        let json = try await toolbox.run(["surf", "today", "--json"])
        let screen = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((screen["home"] as? [String: Any])?["spot"] as? String == "Bundoran")
        #expect((screen["home"] as? [String: Any])?["tide"] is [String: Any])
        #expect(screen["best"] is [String: Any])
        #expect((screen["buoys"] as? [[String: Any]])?.map { $0["name"] as? String } == ["M4", "M6"])
        #expect(screen["reports"] is NSNull)
        #expect((screen["problems"] as? [String])?.isEmpty == true)
        await server.stop()
    }

    @Test func theHomeScreenWithTrebleSurfHasReportsAndAPartThatFailsSaysWhy() async throws {
        let (server, toolbox) = try await trebleSurf(session: TrebleSurfStub.session)
        let run = try await toolbox.run(["surf", "--json"], environment: ["TOOLBOX_SURF_HOME": "donegal/bundoran"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let screen = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect((screen["reports"] as? [[String: Any]])?.isEmpty == false, "the region's latest reports")
        // Without a home spot, and with a session TrebleSurf refuses: a hint, the region's best and
        // the buoys all the same, and why there are no reports.
        let plain = try await toolbox.run(["surf", "today", "--plain"], environment: ["TOOLBOX_SURF_TREBLESURF_SESSION": "ts-old-session-0c1d"])
        #expect(plain.exitCode == 0, "\(plain.standardError)")
        #expect(plain.standardError.contains("Set your home spot to see it first: toolbox config set surf.home donegal/bundoran"))
        #expect(plain.standardOutput.contains("Best in Donegal now: "))
        #expect(plain.standardOutput.contains("M4: waves "))
        #expect(plain.standardError.contains("reports: TrebleSurf did not accept the session"), "\(plain.standardError)")
        #expect(!plain.standardError.contains("ts-old-session"))
        await server.stop()
    }

    @Test func aHomeScreenWithNothingToShowFailsAsItsFirstPartDid() async throws {
        let (server, toolbox) = try await start(extra: ["TOOLBOX_SURF_HOME": "donegal/bundoran"])
        await server.stop()
        let run = try await toolbox.run(["surf", "today", "--json"])
        #expect(run.exitCode == 69, "unavailable, as surf conditions would be: \(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.first?.hasPrefix("error: ") == true && lines.contains { $0.hasPrefix("hint: ") }, "\(run.standardError)")
    }

    @Test func aSpotsPhotoFromTrebleSurfIsKeptApartAndDrawn() async throws {
        // A photo at the size the app sends (640 × 427), inlined in the spots list as base64.
        let photo = TestImages.png(width: 640, height: 427, seed: 7)
        let (server, binary) = try await start(provider: "treblesurf")
        try TrebleSurfStub.install(on: server, shape: TrebleSurfStub.Shape(photos: ["Bundoran": photo]))
        let toolbox = binary
        let colours = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        let spots = try await toolbox.runOnTerminal(["surf", "spots", "donegal", "--images"], environment: colours)
        #expect(spots.exitCode == 0, "\(spots.standardError)")
        let lines = spots.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("▀") == true && lines.first?.contains("Bundoran, Donegal") == true, "the photo beside the spot")
        #expect(
            lines.contains { $0.contains("Rossnowlagh, Donegal") },
            "a spot with no photo: its lines alone"
        )
        // Kept apart from the list: the conditions of one spot draw it from the cache.
        let listed = server.requestCount("/api/spots")
        let one = try await toolbox.runOnTerminal(["surf", "conditions", "donegal/bundoran"], environment: colours)
        #expect(one.exitCode == 0, "\(one.standardError)")
        #expect(one.standardOutput.split(separator: "\n").first?.contains("▀") == true, "\(one.standardOutput)")
        #expect(one.standardOutput.contains("Swell"))
        #expect(server.requestCount("/api/spots") == listed, "the photo is kept, not asked for again")
        let folder = toolbox.home.appendingPathComponent("cache/toolbox/surf")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let bodies = try files.filter { !$0.hasDirectoryPath }.map { try Data(contentsOf: $0) }
        #expect(bodies.count >= 2, "the list and the photo")
        #expect(!bodies.contains { String(decoding: $0, as: UTF8.self).contains("ImageString") }, "the list is kept without its photos")
        await server.stop()
    }

    @Test func aPhotoDeclaringTooManyPixelsIsAOneLineNoteAtOnce() async throws {
        let (server, binary) = try await start(provider: "treblesurf")
        try TrebleSurfStub.install(on: server, shape: TrebleSurfStub.Shape(photos: ["Bundoran": try TestImages.declaringTooManyPixels]))
        // Refused by its header, before any decoding (which would want 10 GB): measured apart at
        // 0.02 to 0.04 s; a busy CI's clock says nothing of it.
        let run = try await binary.runOnTerminal(["surf", "spots", "donegal", "--images"], environment: ["TERM": "xterm-256color"])
        #expect(run.exitCode == 0)
        let notes = run.standardError.split(separator: "\n").filter { $0.contains("50000 × 50000") }
        #expect(notes.count == 1, "one line: \(run.standardError)")
        #expect(notes.first?.contains("cannot draw the picture: the picture is 50000 × 50000 pixels, more than 40 megapixels") == true)
        #expect(run.standardOutput.contains("Bundoran, Donegal"), "the spot all the same")
        await server.stop()
    }

    @Test func theKeylessCatalogueHasNoPhotosAndSaysSo() async throws {
        let (server, toolbox) = try await start()
        let run = try await toolbox.runOnTerminal(["surf", "spots", "donegal", "--images"], environment: ["TERM": "xterm-256color"])
        #expect(run.exitCode == 0)
        #expect(run.standardError.contains("no photos of these spots: they come from TrebleSurf"), "\(run.standardError)")
        #expect(run.standardOutput.contains("Bundoran, Donegal"))
        await server.stop()
    }

    @Test func theStatusLineMarksTheCachedSurfWhenTheNetworkFails() async throws {
        let (server, toolbox) = try await start()
        server.route("/v1/marine", handler: OpenMeteoStub.everyPlace(try Fixtures.data("marine-hourly.json", target: "SurfTests")))
        server.route("/v1/forecast", handler: OpenMeteoStub.everyPlace(try Fixtures.data("forecast-hourly-wind.json", target: "SurfTests")))
        let fresh = try await toolbox.run(["surf", "now", "donegal/bundoran", "--line"])
        #expect(fresh.exitCode == 0, "\(fresh.standardError)")
        #expect(!fresh.standardOutput.contains("cached"))
        await server.stop()
        // Stored three hours ago, and asked for anew (as once it expires): the network fails.
        try Self.age(cacheIn: toolbox.home, by: 3 * 3600)
        let stale = try await toolbox.run(["surf", "now", "donegal/bundoran", "--line", "--refresh"])
        #expect(stale.exitCode == 0, "\(stale.standardError)")
        let line = stale.standardOutput.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("Bundoran ") && line.hasSuffix(" (cached 3 h ago)"), "\(line)")
        #expect(line.contains("▲") || line.contains("▼"), "the tide, kept for a week, is still there: \(line)")
        #expect(line.count <= 60)
    }

    /// Offline as a new user meets it: no name resolves and no address has a route. The
    /// default URLs' host cannot be looked up there, and nothing can leave the namespace.
    @Test(.enabled(if: ToolboxBinary.canCutTheNetwork, "needs root and unshare (as in CI) to run toolbox with no network"))
    func withNoNetworkConditionsFailAtOnceWithAHint() async throws {
        let (run, elapsed) = try await ToolboxBinary().runWithoutNetwork(
            ["surf", "conditions", "donegal", "--verbose"],
            environment: Self.aRetryWaitsAMinute
        )
        #expect(run.exitCode == 69, "\(run.standardError)")
        #expect(run.standardError.contains("error: cannot resolve marine-api.open-meteo.com ("), "\(run.standardError)")
        #expect(run.standardError.contains("hint: check your network connection"))
        #expect(!run.standardError.contains("retrying"))
        let attempts = run.standardError.split(separator: "\n").filter { $0.contains("GET https://marine-api.open-meteo.com/") }
        #expect(attempts.count == 1, "one try, no retries: \(run.standardError)")
        #expect(elapsed < .seconds(45), "answered in \(elapsed); a retry would have waited 60 s first")
    }

    /// A first retry that waits a minute: an answer well inside that had none, on a machine of
    /// any speed. (Alone, these answer in well under a second; beside the suite, a browser and a
    /// fuzzer in CI, starting the process has taken 11 s.)
    static let aRetryWaitsAMinute = ["TOOLBOX_HTTP_BACKOFF_INITIAL": "60", "TOOLBOX_HTTP_BACKOFF_MAX": "60"]

    @Test(.enabled(if: ToolboxBinary.canCutTheNetwork, "needs root and unshare (as in CI) to run toolbox with no network"))
    func withNoNetworkCachedConditionsShowAtOnce() async throws {
        let (server, toolbox) = try await start(extra: Self.aRetryWaitsAMinute)
        server.route("/v1/marine", handler: OpenMeteoStub.everyPlace(try Fixtures.data("marine-hourly.json", target: "SurfTests")))
        server.route("/v1/forecast", handler: OpenMeteoStub.everyPlace(try Fixtures.data("forecast-hourly-wind.json", target: "SurfTests")))
        #expect(try await toolbox.run(["surf", "conditions", "clare"]).exitCode == 0)
        // The stub still runs, but its 127.0.0.1 has no route inside the namespace.
        let (stale, elapsed) = try await toolbox.runWithoutNetwork(["surf", "conditions", "clare", "--refresh"])
        #expect(stale.exitCode == 0, "\(stale.standardError)")
        #expect(stale.standardError.hasPrefix("offline: showing cached results from just now\n"), "\(stale.standardError)")
        #expect(stale.standardOutput.split(separator: "\n").count == 3)
        #expect(!stale.standardError.contains("retrying"), "\(stale.standardError)")
        #expect(elapsed < .seconds(45), "answered in \(elapsed); a retry would have waited 60 s first")
        #expect(Self.openMeteoRequests(server) == 2, "nothing reached the stub from inside")
        await server.stop()
    }

    @Test func buoysFromERDDAPLatestRowPerBuoy() async throws {
        let (server, toolbox) = try await start()
        server.route(
            "/erddap/tabledap/IWBNetwork.csv",
            .text(String(decoding: try Fixtures.data("iwbnetwork-latest-m4-m5-m6.csv", target: "SurfTests"), as: UTF8.self))
        )
        let run = try await toolbox.run(["surf", "buoys", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["M4", "M6"], "the default buoys, in order")
        #expect(abs((items[0]["windSpeed"] as? Double ?? 0) - 16.868) < 0.001, "knots → km/h")
        let query = try #require(server.requests.first).query
        #expect(query["station_id"] == "~\"M4|M6\"")
        #expect(query.keys.contains { $0.hasPrefix("orderByMax(") })
        await server.stop()
    }

    @Test func reportsNeedTheTrebleSurfProvider() async throws {
        let (server, toolbox) = try await start()
        let run = try await toolbox.run(["surf", "reports", "donegal/bundoran"])
        #expect(run.exitCode == 78)
        #expect(run.standardError.contains("surf.provider treblesurf"))
        #expect(server.requestCount() == 0)
        await server.stop()
    }

    /// A new user who picked TrebleSurf and has no session yet.
    func trebleSurf(session: String? = nil, shape: TrebleSurfStub.Shape = .init()) async throws -> (StubServer, ToolboxBinary) {
        let (server, toolbox) = try await start(provider: "treblesurf", extra: session.map { ["TOOLBOX_SURF_TREBLESURF_SESSION": $0] } ?? [:])
        try TrebleSurfStub.install(on: server, shape: shape)
        return (server, toolbox)
    }

    static func items(_ run: ToolboxResult) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]], "\(run.standardError)")
    }

    /// TrebleSurf's forecasts are kept too, by the hour TrebleSurf generated them, whether they came
    /// from the network or the cache (the same hour's file, so nothing doubles).
    @Test func trebleSurfForecastsAreKeptByTheHourTheyWereGenerated() async throws {
        let (server, toolbox) = try await trebleSurf()
        #expect(try await toolbox.run(["surf", "forecast", "donegal/bundoran"]).exitCode == 0)
        #expect(try await toolbox.run(["surf", "forecast", "donegal/bundoran"]).exitCode == 0)
        let kept = URL(fileURLWithPath: try #require(toolbox.environment["XDG_CACHE_HOME"])).appendingPathComponent("toolbox/surf/kept-forecasts")
        let places = try FileManager.default.contentsOfDirectory(atPath: kept.path)
        #expect(places.count == 1, "Bundoran's position: \(places)")
        // The kept file, and the lock beside it (`.NAME.lock`).
        let files = try FileManager.default.contentsOfDirectory(atPath: kept.appendingPathComponent(places[0]).path).filter { $0.hasSuffix(".json") }
        #expect(files.count == 1, "\(files)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: kept.appendingPathComponent(places[0]).appendingPathComponent(files[0])))
                as? [String: Any]
        )
        // The stub's rows were generated two hours before their first hour, the hour after now.
        let issued = try #require(document["issued"] as? Double)
        #expect(abs(issued - ((Date().timeIntervalSince1970 / 3_600).rounded(.down) * 3_600 - 3_600)) <= 3_600, "\(issued)")
        #expect((document["time"] as? [Double])?.isEmpty == false)
        await server.stop()
    }

    @Test func trebleSurfConditionsWithoutASessionFromOneRequestPerRegion() async throws {
        let (server, toolbox) = try await trebleSurf()
        let table = try await toolbox.run(["surf", "conditions", "donegal"])
        #expect(table.exitCode == 0, "\(table.standardError)")
        #expect(table.standardOutput.hasPrefix("Bundoran\t2.9m\t2.3m 11s WNW\t18 km/h SE\toffshore\tclean\t5/5\t"), "TrebleSurf's own judgements")
        let tide = table.standardOutput.split(separator: "\n")[0].split(separator: "\t")[7]
        #expect(tide.hasSuffix("m ↑") || tide.hasSuffix("m ↓"), "then the tide now at Killybegs: \(tide)")
        let json = try await toolbox.run(["surf", "conditions", "donegal", "--json"])
        let items = try Self.items(json)
        #expect(items.map { $0["spot"] as? String } == ["Bundoran", "Rossnowlagh"], "the bigger swell first")
        #expect(items[0]["relativeWind"] as? String == "offshore", "TrebleSurf's Offshore")
        #expect(items[0]["surfMessiness"] as? String == "clean")
        #expect(abs((items[0]["directionQuality"] as? Double ?? 0) - 0.9500886338026272) < 1e-12)
        #expect(items[0]["waterTemperature"] is NSNull, "the server's 0 is no reading")
        #expect(abs((items[0]["windSpeed"] as? Double ?? 0) - 5.097222222222223 * 3.6) < 1e-9)
        let region = try #require(server.requests.first { $0.path == "/api/listSpotsForecast" }?.query)
        #expect(region == ["spots": "Bundoran,Rossnowlagh", "region": "Donegal", "country": "Ireland", "granularity": "hourly"])
        #expect(server.requestCount("/api/listSpotsForecast") == 1, "one request for the region, then the cache")
        #expect(server.requests.allSatisfy { $0.headers["cookie"] == nil }, "no session needed, none sent")

        let one = try await toolbox.run(["surf", "conditions", "DONEGAL/bundoran", "--plain"])
        #expect(one.exitCode == 0, "\(one.standardError)")
        #expect(one.standardOutput.hasPrefix("Bundoran: waves 2.9m"))
        #expect(server.requests.first { $0.path == "/api/currentConditions" }?.query["spot"] == "Bundoran", "the canonical name")
        #expect(server.requests.allSatisfy { $0.status < 400 }, "never a request the server refuses")

        let unknown = try await toolbox.run(["surf", "conditions", "kerry"])
        #expect(unknown.exitCode == 66)
        #expect(unknown.standardError.contains("Donegal, Sligo, Clare"), "the regions TrebleSurf has")
        await server.stop()
    }

    @Test func trebleSurfSpotsOfEveryRegionWithoutTheirPhotos() async throws {
        let (server, toolbox) = try await trebleSurf()
        let run = try await toolbox.run(["surf", "spots", "--json"])
        let spots = try Self.items(run)
        #expect(spots.map { $0["name"] as? String } == ["Bundoran", "Rossnowlagh", "Strandhill"], "Clare has none (null)")
        #expect(server.requests.filter { $0.path == "/api/spots" }.allSatisfy { $0.query["country"] != nil && $0.query["region"] != nil })
        let cached = try FileManager.default.subpathsOfDirectory(atPath: toolbox.home.path + "/cache").map {
            (try? String(contentsOfFile: toolbox.home.path + "/cache/" + $0, encoding: .utf8)) ?? ""
        }
        #expect(!cached.isEmpty)
        #expect(!cached.contains { $0.contains("ImageString") }, "the inlined photos are not cached")
        #expect(try await toolbox.run(["surf", "spots", "sligo", "--plain"]).standardOutput == "Strandhill, Sligo: a beach facing W.\n")
        await server.stop()
    }

    @Test func trebleSurfForecastsByThreeHoursAndSaysWhereTheyEnd() async throws {
        let (server, toolbox) = try await trebleSurf()
        let run = try await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "5", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("reaches only"), "the server has 5 days but an hour")
        let steps = try Self.items(run)
        let times = steps.compactMap { ($0["time"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) } }
        #expect(times.count == steps.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 3 * 3600 }, "every third hour")
        #expect((times.last ?? .distantPast).timeIntervalSince(times.first ?? .distantFuture) > 4.5 * 86_400, "over 5 days")
        #expect(steps.count >= 38)
        #expect(server.requests.first { $0.path == "/api/forecast" }?.query["granularity"] == "hourly")
        let week = try await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "7"])
        #expect(week.exitCode == 0)
        #expect(week.standardError.hasPrefix("the forecast reaches only "), "TrebleSurf has 5 days, not 7: \(week.standardError)")
        #expect(week.standardError.contains("less than the 7 days asked"))
        #expect(server.requestCount("/api/forecast") == 1, "the same forecast, from the cache")
        await server.stop()
    }

    @Test func trebleSurfBuoysWithHistoryShortAndLong() async throws {
        let (server, toolbox) = try await trebleSurf()
        let long = try await toolbox.run(["surf", "buoys", "--hours", "48", "--json"])
        #expect(long.exitCode == 0, "\(long.standardError)")
        let buoys = try Self.items(long)
        #expect(buoys.map { $0["name"] as? String } == ["M4", "M6"])
        #expect((buoys[0]["history"] as? [Any])?.count == 48, "48 hours of hourly readings")
        #expect((buoys[1]["history"] as? [Any])?.count == 0, "M6 sent nothing in the range")
        let range = try #require(server.requests.first { $0.path == "/api/getBuoyDataRange" }?.query)
        #expect(range["startTime"]?.hasSuffix(":00:00Z") == true && range["endTime"]?.hasSuffix(":00:00Z") == true)

        let short = try await toolbox.run(["surf", "buoys", "m4", "m6", "--hours", "12"])
        #expect(short.exitCode == 0, "a buoy silent for a day (404) is an empty history, not a failure: \(short.standardError)")
        #expect(short.standardOutput.contains("M4") && short.standardOutput.contains("M6"))
        let quiet = try await toolbox.run(["surf", "buoys", "blackstones", "m4"])
        #expect(quiet.exitCode == 0)
        #expect(quiet.standardError.hasPrefix("no recent reading from blackstones\n"), "a known buoy with no latest reading is named")
        #expect(server.requests.last { $0.path == "/api/getMultipleBuoyData" }?.query["buoys"] == "Blackstones,M4", "names as TrebleSurf spells them")
        let unknown = try await toolbox.run(["surf", "buoys", "M9"])
        #expect(unknown.exitCode == 66)
        #expect(unknown.standardError.contains("West Hebrides"))
        #expect(server.requests.allSatisfy { $0.headers["cookie"] == nil })
        await server.stop()
    }

    @Test func trebleSurfReportsSayHowOldTheLatestIs() async throws {
        let (server, toolbox) = try await trebleSurf(session: TrebleSurfStub.session)
        let region = try await toolbox.run(["surf", "reports", "donegal", "--plain"])
        #expect(region.exitCode == 0, "\(region.standardError)")
        let lines = region.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0] == "Bundoran (latest report: 3 Oct 2025): head-high, good, light offshore wind, by Aoife.")
        #expect(lines[1].hasPrefix("Rossnowlagh (latest report: today "))
        let all = try await toolbox.run(["surf", "reports", "donegal/bundoran", "--all", "--json"])
        let reports = try Self.items(all)
        #expect(reports.map { $0["time"] as? String } == ["2025-10-03T09:15:00+01:00", "2025-07-19T19:02:00+01:00"], "newest first, Irish time")
        #expect(reports[1]["reporter"] is NSNull, "an email is never shown")
        #expect(!all.standardOutput.contains("@"))
        let reportCalls = server.requests.filter { $0.path.contains("SpotReports") }
        #expect(!reportCalls.isEmpty && reportCalls.allSatisfy { $0.headers["cookie"] == "session_id=\(TrebleSurfStub.session)" })
        #expect(
            server.requests.filter { !$0.path.contains("SpotReports") }.allSatisfy { $0.headers["cookie"] == nil },
            "the session goes only where it is needed"
        )
        await server.stop()
    }

    @Test func trebleSurfReportsWithoutOrWithAnExpiredSession() async throws {
        let (server, toolbox) = try await trebleSurf()
        let missing = try await toolbox.run(["surf", "reports", "donegal/bundoran"])
        #expect(missing.exitCode == 78)
        #expect(missing.standardError.contains("surf.treblesurf.session"))
        #expect(server.requestCount("/api/getTodaySpotReports") == 0)
        let expired = try await toolbox.run(
            ["surf", "reports", "donegal/bundoran"],
            environment: ["TOOLBOX_SURF_TREBLESURF_SESSION": "ts-old-session-0c1d"]
        )
        #expect(expired.exitCode == 77)
        #expect(expired.standardError.contains("Session expired or invalid"), "the server's own words")
        #expect(expired.standardError.contains("fresh session_id cookie"))
        #expect(!expired.standardError.contains("ts-old-session"))
        await server.stop()
    }

    @Test func configCheckAsksTrebleSurfOnceWhetherTheSessionWorks() async throws {
        let (server, binary) = try await trebleSurf(session: TrebleSurfStub.session)
        var toolbox = binary
        toolbox.environment["TMDB_API_KEY"] = "a-real-looking-key"
        let works = try await toolbox.run(["config", "check"])
        #expect(works.exitCode == 0, "\(works.standardError)")
        #expect(works.standardError.contains("TrebleSurf accepts surf.treblesurf.session."), "\(works.standardError)")
        let reports = server.requests.filter { $0.path.contains("SpotReports") }
        #expect(reports.count == 1, "one authenticated request")
        #expect(reports.first?.headers["cookie"] == "session_id=\(TrebleSurfStub.session)")

        let expired = try await toolbox.run(["config", "check"], environment: ["TOOLBOX_SURF_TREBLESURF_SESSION": "ts-old-session-0c1d"])
        #expect(expired.exitCode == 78)
        #expect(expired.standardOutput.contains("surf.treblesurf.session"), "\(expired.standardOutput)")
        #expect(expired.standardOutput.contains("TrebleSurf says the session has expired or is invalid"))
        #expect(expired.standardOutput.contains("fresh session_id cookie"), "the hint to renew it")
        #expect(!(expired.standardOutput + expired.standardError).contains("ts-old-session"), "the secret is never shown")

        // The keyless provider, or no session: nothing is asked.
        let asked = server.requestCount()
        #expect(try await toolbox.run(["config", "check"], environment: ["TOOLBOX_SURF_PROVIDER": "open-meteo"]).exitCode == 0)
        #expect(server.requestCount() == asked)
        await server.stop()
    }

    /// One blank time in each kind of row, as the backend writes a time it lacks: each
    /// command shows the rest and exits 0, and no row is given a time it was not sent.
    @Test func trebleSurfRowsWithBlankTimesSpoilOnlyThemselves() async throws {
        let (server, toolbox) = try await trebleSurf(session: TrebleSurfStub.session, shape: .init(blankTimes: true))
        func times(_ items: [[String: Any]]) -> [Date?] { items.map { ($0["time"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) } } }

        let region = try await toolbox.run(["surf", "conditions", "donegal", "--json"])
        #expect(region.exitCode == 0, "\(region.standardError)")
        let spots = try Self.items(region)
        #expect(spots.map { $0["spot"] as? String } == ["Bundoran", "Rossnowlagh"])
        let hours = times(spots).compactMap { $0 }
        #expect(hours.count == 2 && hours[0] == hours[1], "the first hour, whose dateForecastedFor is blank, by its forecast_timestamp")
        #expect(hours.allSatisfy { $0.timeIntervalSince1970.truncatingRemainder(dividingBy: 3600) == 0 && $0 > Date() }, "the hour sent, not now")

        let spot = try await toolbox.run(["surf", "conditions", "donegal/bundoran", "--json"])
        #expect(spot.exitCode == 0, "\(spot.standardError)")
        let current = try #require(try JSONSerialization.jsonObject(with: Data(spot.standardOutput.utf8)) as? [String: Any])
        #expect(current["time"] is NSNull, "the server's current row came without a time: none is invented")
        #expect(current["waveHeight"] as? Double == 2.8761959999999998)
        let spotText = try await toolbox.run(["surf", "conditions", "donegal/bundoran"])
        #expect(spotText.exitCode == 0 && spotText.standardOutput.contains("Time\t–"), "\(spotText.standardOutput)")

        let forecast = try await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "2", "--json", "--verbose"])
        #expect(forecast.exitCode == 0, "\(forecast.standardError)")
        let steps = times(try Self.items(forecast))
        #expect(!steps.isEmpty && steps.allSatisfy { $0 != nil }, "every hour shown has the time it was sent")
        let shown = steps.compactMap { $0 }
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 3 * 3600 }, "every third hour, none doubled")
        #expect(
            forecast.standardError.contains("left out a row of Bundoran's forecast: TrebleSurf sent it without a time"),
            "\(forecast.standardError)"
        )

        let buoys = try await toolbox.run(["surf", "buoys", "--json"])
        #expect(buoys.exitCode == 0, "\(buoys.standardError)")
        let latest = try Self.items(buoys)
        #expect(latest.map { $0["name"] as? String } == ["M4", "M6"])
        #expect(latest[0]["gust"] is NSNull && latest[0]["airTemperature"] is NSNull, "fields the mapper never sends are null")
        #expect(latest[0]["windSpeed"] is Double && latest[0]["windDirection"] as? Double == 137)
        #expect(latest[1]["time"] is NSNull, "a blank dataDateTime")
        #expect(latest[1]["windSpeed"] is NSNull && latest[1]["windDirection"] is NSNull, "a calm without a gust invents no wind")
        let buoyText = try await toolbox.run(["surf", "buoys"])
        let m6 = try #require(buoyText.standardOutput.split(separator: "\n").first { $0.hasPrefix("M6\t") })
        #expect(m6.split(separator: "\t").map(String.init) == ["M6", "2.9m 8s", "WNW", "–", "–", "12°C", "–"], "\(m6)")

        let history = try await toolbox.run(["surf", "buoys", "M4", "--hours", "24", "--json", "--verbose"])
        #expect(history.exitCode == 0, "\(history.standardError)")
        let day = try #require(try Self.items(history).first?["history"] as? [[String: Any]])
        #expect(day.count == 23, "the day's readings but the one without a time")
        #expect(times(day).allSatisfy { $0 != nil })
        #expect(history.standardError.contains("left out a row of M4's readings: TrebleSurf sent it without a time"))

        let reports = try await toolbox.run(["surf", "reports", "donegal/bundoran", "--all", "--json"])
        #expect(reports.exitCode == 0, "\(reports.standardError)")
        let all = try Self.items(reports)
        #expect(all.map { $0["reporter"] as? String } == ["Aoife", "Seán"], "the report without a time goes last")
        #expect(all.map { $0["time"] as? String } == ["2026-04-07T10:42:17+01:00", nil], "Time stands in for a blank dateReported")
        let latestReport = try await toolbox.run(["surf", "reports", "donegal/bundoran", "--plain"])
        #expect(latestReport.standardOutput.hasPrefix("Bundoran (latest report: 7 Apr 2026): chest-shoulder, good"), "\(latestReport.standardOutput)")
        await server.stop()
    }

    /// When TrebleSurf's buoy list cannot be had, the app carries on with M4 and M6; so does toolbox.
    @Test(arguments: [404, 500, 200])
    func trebleSurfBuoysWithoutTheRegionsListAreM4AndM6(status: Int) async throws {
        let (server, toolbox) = try await trebleSurf(shape: .init(regionBuoysStatus: status))
        let run = try await toolbox.run(["surf", "buoys", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(try Self.items(run).map { $0["name"] as? String } == ["M4", "M6"])
        let notice = run.standardError.split(separator: "\n").filter { $0.contains("showing M4 and M6, as the TrebleSurf app does") }
        #expect(notice.count == 1, "one line: \(run.standardError)")
        if status == 500 {
            #expect(notice.first?.contains("HTTP 500") == true, "\(notice)")
            #expect(server.requestCount("/api/regionBuoys") > 1, "a 5xx is tried again first")
        }
        await server.stop()
    }

    @Test func regionAndSpotNamesCompleteInBash() async throws {
        let offered = try await CompletionTests.complete(["toolbox", "surf", "conditions", "donegal/b"])
        #expect(offered == ["donegal/bundoran"])
    }

    /// A surfer's morning through the binary: how the forecast did at M4 (a kept forecast, written as
    /// toolbox keeps them, against the buoy's readings with a gap), a session logged, a bad time refused,
    /// days like it asked for (none: exit 1, as `surf best`), and the log exported.
    @Test func aSurferChecksTheForecastLogsASessionAndAsksForDaysLikeIt() async throws {
        let (server, toolbox) = try await start()
        let hour = (Date().timeIntervalSince1970 / 3_600).rounded(.down) * 3_600
        let iso = ISO8601DateFormatter()
        // M4 measured 2.5 m every hour of the last day but three hours ago.
        let rows = (1...25).filter { $0 != 3 }.map {
            "M4,\(iso.string(from: Date(timeIntervalSince1970: hour - Double($0) * 3_600))),2.5,8.0,280.0,10.0,250.0,14.0,11.0,12.0"
        }
        let csv =
            ([
                "station_id,time,WaveHeight,WavePeriod,MeanWaveDirection,WindSpeed,WindDirection,Gust,AirTemperature,SeaTemperature",
                ",UTC,meters,seconds,degrees_true,knots,degrees true,knots,degrees_C,degrees_C",
            ] + rows).joined(separator: "\n") + "\n"
        server.route("/erddap/tabledap/IWBNetwork.csv", .text(csv))
        server.route("/v1/marine", handler: OpenMeteoStub.everyPlace(try Fixtures.data("marine-hourly.json", target: "SurfTests")))
        server.route("/v1/forecast", handler: OpenMeteoStub.everyPlace(try Fixtures.data("forecast-hourly-wind.json", target: "SurfTests")))
        // A forecast of 2.0 m issued 30 hours ago, in the kept format (docs/surf.md): M4's folder, the hour it was issued.
        let issued = hour - 30 * 3_600
        let times = (0...40).map { issued + Double($0) * 3_600 }
        let kept: [String: Any] = [
            "version": 1, "issued": issued, "latitude": 54.999967, "longitude": -9.999136, "time": times,
            "waveHeight": times.map { _ in 2.0 }, "wavePeriod": times.map { _ in 9.0 }, "waveDirection": times.map { _ in 280.0 },
            "swellHeight": times.map { _ in 1.6 }, "swellPeriod": times.map { _ in 12.0 }, "swellDirection": times.map { _ in 280.0 },
            "windSpeed": times.map { _ in 20.0 }, "windDirection": times.map { _ in 240.0 },
        ]
        let folder = URL(fileURLWithPath: try #require(toolbox.environment["XDG_CACHE_HOME"])).appendingPathComponent(
            "toolbox/surf/kept-forecasts/55.000_-9.999"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = DateFormatter()
        name.locale = Locale(identifier: "en_US_POSIX")
        name.timeZone = .gmt
        name.dateFormat = "yyyyMMddHH"
        try JSONSerialization.data(withJSONObject: kept).write(
            to: folder.appendingPathComponent(name.string(from: Date(timeIntervalSince1970: issued)) + ".json")
        )

        let verify = try await toolbox.run(["surf", "verify", "M4", "--plain"])
        #expect(verify.exitCode == 0, "\(verify.standardError)")
        #expect(verify.standardOutput.hasPrefix("Forecast against the M4 buoy, over the last 24 hours.\n"), "\(verify.standardOutput)")
        #expect(verify.standardOutput.contains("Wave height: bias -0.5m, mean error 0.5m (23 h)."))
        #expect(verify.standardOutput.contains("The forecast ran 0.5m low at M4 over the last 24 h."))
        #expect(verify.standardError.contains("1 of 24 hours left out: 1 without a buoy reading."))

        let bad = try await toolbox.run(["surf", "log", "add", "donegal/bundoran", "--when", "25:00"])
        #expect(bad.exitCode == 64)
        #expect(bad.standardError.hasPrefix("error: “25:00” is not a time toolbox reads\nhint: give --when as now,"), "\(bad.standardError)")
        let clock = DateFormatter()
        clock.locale = Locale(identifier: "en_US_POSIX")
        clock.timeZone = TimeZone(identifier: "Europe/Dublin")
        clock.dateFormat = "yyyy-MM-dd HH:mm"
        let began = clock.string(from: Date(timeIntervalSince1970: hour - 3_600))
        let added = try await toolbox.run(["surf", "log", "add", "donegal/bundoran", "--when", began, "--rating", "5", "--plain"])
        #expect(added.exitCode == 0, "\(added.standardError)")
        // No forecast for Bundoran covers that hour (the fixture's days are long past): the buoy, far out, is said.
        #expect(added.standardOutput.contains("2.5m at 8s W, 19 km/h "), "\(added.standardOutput)")
        #expect(added.standardOutput.contains("(measured at M4, 125 km away)"), "\(added.standardOutput)")
        let like = try await toolbox.run(["surf", "like"])
        #expect(like.exitCode == 1, "\(like.standardError)")
        #expect(like.standardOutput.isEmpty)
        #expect(like.standardError.contains("No coming window in the next 7 days is like a session you rated 4 or more."))
        #expect(!like.standardError.contains("error:"))
        let export = try await toolbox.run(["surf", "log", "export"])
        let lines = export.standardOutput.split(separator: "\r\n")
        #expect(lines.count == 2)
        #expect(lines.last?.hasSuffix(",measured at M4 125 km away") == false, "a field with a comma is quoted")
        #expect(lines.last?.hasSuffix(",\"measured at M4, 125 km away\"") == true, "\(export.standardOutput)")
        await server.stop()
    }
}
