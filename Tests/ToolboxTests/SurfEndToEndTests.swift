import Foundation
import TestSupport
import Testing

/// The built binary against stub Open-Meteo, ERDDAP and TrebleSurf servers.
@Suite struct SurfEndToEndTests {
    /// Open-Meteo's answer for `count` places: the real fixture repeated, as the API answers several coordinates.
    static func openMeteo(_ fixture: String, count: Int) throws -> Data {
        let one = try JSONSerialization.jsonObject(with: Fixtures.data(fixture, target: "SurfTests"))
        return try JSONSerialization.data(withJSONObject: Array(repeating: one, count: count))
    }

    func start(provider: String = "open-meteo", extra: [String: String] = [:]) async throws -> (StubServer, ToolboxBinary) {
        let server = try await StubServer.start()
        let base = server.baseURL.absoluteString
        let toolbox = try ToolboxBinary(
            extraEnvironment: [
                "TOOLBOX_SURF_PROVIDER": provider,
                "TOOLBOX_SURF_OPEN_METEO_MARINE_URL": base + "/v1/marine",
                "TOOLBOX_SURF_OPEN_METEO_WEATHER_URL": base + "/v1/forecast",
                "TOOLBOX_SURF_ERDDAP_URL": base + "/erddap/tabledap/IWBNetwork",
                "TOOLBOX_SURF_TREBLESURF_BASE_URL": base,
                "TOOLBOX_HTTP_BACKOFF_INITIAL": "0.01",
                "TOOLBOX_HTTP_BACKOFF_MAX": "0.02",
            ].merging(extra) { $1 }
        )
        return (server, toolbox)
    }

    @Test func aNewUserGetsARegionFromTwoRequestsThenNoneFromTheCache() async throws {
        let (server, toolbox) = try await start()
        server.route("/v1/marine", .json(try Self.openMeteo("marine-hourly.json", count: 5)))
        server.route("/v1/forecast", .json(try Self.openMeteo("forecast-hourly-wind.json", count: 5)))
        let run = try await toolbox.run(["surf", "conditions", "donegal"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").count == 5, "one row per Donegal spot")
        #expect(server.requestCount() == 2)
        let marine = try #require(server.requests.first { $0.path == "/v1/marine" }?.query)
        #expect(marine["latitude"]?.split(separator: ",").count == 5)
        #expect(marine["cell_selection"] == "sea")
        #expect(marine["timezone"] == "auto")
        #expect(marine["hourly"]?.contains("swell_wave_height") == true)
        let weather = try #require(server.requests.first { $0.path == "/v1/forecast" }?.query)
        #expect(weather["wind_speed_unit"] == "kmh")
        #expect(weather["hourly"] == "wind_speed_10m,wind_direction_10m,wind_gusts_10m,temperature_2m")
        let json = try await toolbox.run(["surf", "conditions", "Donegal", "--json"])
        #expect(server.requestCount() == 2, "a warm cache answers without a request")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let keys: Set<String> = [
            "spot", "region", "time", "waveHeight", "swellHeight", "swellPeriod", "swellDirection", "windSpeed",
            "windDirection", "windCompass", "relativeWind", "waterTemperature", "attribution",
        ]
        #expect(Set(items[0].keys) == keys)
        // The fixture is in feet and knots; JSON is metric whatever the source said.
        let wave = try #require(items[0]["waveHeight"] as? Double)
        #expect(wave < 2.0)
        await server.stop()
    }

    @Test func oneSpotInFullAndUnknownPlacesAreExit66() async throws {
        let (server, toolbox) = try await start()
        server.route("/v1/marine", .json(try Fixtures.data("marine-hourly.json", target: "SurfTests")))
        server.route("/v1/forecast", .json(try Fixtures.data("forecast-hourly-wind.json", target: "SurfTests")))
        let spot = try await toolbox.run(["surf", "conditions", "donegal/bundoran", "--plain"])
        #expect(spot.exitCode == 0, "\(spot.standardError)")
        #expect(spot.standardOutput.hasPrefix("Bundoran: waves "))
        let unknown = try await toolbox.run(["surf", "conditions", "donegal/atlantis"])
        #expect(unknown.exitCode == 66)
        #expect(unknown.standardError.contains("donegal/bundoran"))
        await server.stop()
    }

    @Test func whenTheNetworkFailsTheCachedConditionsShowWithTheirAge() async throws {
        let (server, toolbox) = try await start()
        server.route("/v1/marine", .json(try Self.openMeteo("marine-hourly.json", count: 3)))
        server.route("/v1/forecast", .json(try Self.openMeteo("forecast-hourly-wind.json", count: 3)))
        #expect(try await toolbox.run(["surf", "conditions", "clare"]).exitCode == 0)
        await server.stop()
        let stale = try await toolbox.run(["surf", "conditions", "clare", "--refresh"])
        #expect(stale.exitCode == 0)
        #expect(stale.standardError == "offline: showing cached results from just now\nWeather data by Open-Meteo.com (CC BY 4.0)\n")
        #expect(stale.standardOutput.split(separator: "\n").count == 3, "Lahinch, Doonbeg, Spanish Point")
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

    static let trebleSpots =
        #"[{"BeachDirection":315,"IdealSwellDirection":300,"Latitude":54.49,"Longitude":-8.27,"Type":"Reef","country_region_spot":"Ireland/Donegal/Bundoran","Image":"x"},{"BeachDirection":270,"IdealSwellDirection":270,"Latitude":54.55,"Longitude":-8.21,"Type":"Beach","country_region_spot":"Ireland/Donegal/Rossnowlagh","Image":"y"}]"#
    static let trebleConditions =
        #"[{"data":{"dateForecastedFor":"2025-09-25T01:00:00Z","relativeWindDirection":"offshore","surfMessiness":"clean","swellHeight":1.5,"swellPeriod":11,"swellDirection":300,"surfSize":1.8,"windSpeed":6,"windDirection":135,"waterTemperature":"n/a"},"forecast_timestamp":"1758762000","generated_at":"2025-09-25T00:00:00Z","spot_id":"Ireland#Donegal#Bundoran"},{"data":{"dateForecastedFor":"2025-09-25 01:00:00.000000000 +0000 UTC","swellHeight":0.9,"swellPeriod":9,"swellDirection":280,"surfSize":1.0,"windSpeed":3,"windDirection":270,"waterTemperature":14},"forecast_timestamp":"1758762000","generated_at":"2025-09-25T00:00:00Z","spot_id":"Ireland#Donegal#Rossnowlagh"}]"#

    @Test func trebleSurfConditionsWithTheSessionCookie() async throws {
        let (server, toolbox) = try await start(provider: "treblesurf", extra: ["TOOLBOX_SURF_TREBLESURF_SESSION": "sess-abcdef-9911"])
        server.route("/api/spots", .json(Data(Self.trebleSpots.utf8)))
        server.route("/api/currentConditions", .json(Data(Self.trebleConditions.utf8)))
        let run = try await toolbox.run(["surf", "conditions", "donegal", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        #expect(items.map { $0["spot"] as? String } == ["Bundoran", "Rossnowlagh"], "offshore swell first")
        #expect(items[0]["relativeWind"] as? String == "offshore")
        #expect(items[0]["windSpeed"] as? Double == 21.6)
        #expect(items[0]["waterTemperature"] is NSNull)
        #expect(server.requests.allSatisfy { $0.headers["cookie"] == "session_id=sess-abcdef-9911" })
        #expect(server.requests.first { $0.path == "/api/currentConditions" }?.query == ["country": "Ireland", "region": "Donegal"])
        await server.stop()
    }

    @Test func anExpiredTrebleSurfSessionSaysToCopyAFreshOne() async throws {
        let (server, toolbox) = try await start(provider: "treblesurf", extra: ["TOOLBOX_SURF_TREBLESURF_SESSION": "sess-expired-0000"])
        server.route("/api/spots", .json(Data(#"{"error":"unauthorized","message":"Session expired","help":"sign in again"}"#.utf8), status: 401))
        let run = try await toolbox.run(["surf", "conditions", "donegal"])
        #expect(run.exitCode == 77)
        #expect(run.standardError.contains("Session expired"))
        #expect(run.standardError.contains("session_id cookie"))
        #expect(!run.standardError.contains("sess-expired-0000"))
        let missing = try await toolbox.run(["surf", "conditions", "donegal"], environment: ["TOOLBOX_SURF_TREBLESURF_SESSION": ""])
        #expect(missing.exitCode == 78)
        await server.stop()
    }

    @Test func regionAndSpotNamesCompleteInBash() async throws {
        let offered = try await CompletionTests.complete(["toolbox", "surf", "conditions", "donegal/b"])
        #expect(offered == ["donegal/bundoran"])
    }
}
