import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import Surf

/// Tides from a stub of the Marine Institute's ERDDAP, in its datasets' shapes.
@Suite struct TideTests {
    static let killybegs = ERDDAPTideStub.donegalAndClare[0]

    /// Surf against stub tides (and the buoys' and Open-Meteo's routes on the same stub).
    func toolbox(_ server: StubServer, _ extra: [String: String] = [:]) throws -> InProcessToolbox {
        try InProcessToolbox(
            SurfRoot.self,
            environment: [
                "TOOLBOX_SURF_TIDES_URL": server.baseURL.absoluteString + "/erddap/tabledap",
                "TOOLBOX_SURF_OPEN_METEO_MARINE_URL": server.baseURL.absoluteString + "/v1/marine",
                "TOOLBOX_SURF_OPEN_METEO_WEATHER_URL": server.baseURL.absoluteString + "/v1/forecast",
                "TOOLBOX_HTTP_BACKOFF_INITIAL": "0.01",
                "TOOLBOX_HTTP_BACKOFF_MAX": "0.02",
                // Parallel tests on two cores may take far longer than a user's network.
                "TOOLBOX_SURF_TIDES_WAIT_SECONDS": "300",
            ].merging(extra) { $1 }
        )
    }

    /// A stub of the tides and of Open-Meteo's two APIs (their real answers).
    static func tidesAndSurf() async throws -> StubServer {
        let server = try await StubServer.start()
        ERDDAPTideStub.install(on: server)
        server.route("/v1/marine", handler: OpenMeteoStub.everyPlace(try Fixtures.data("marine-hourly.json", target: "SurfTests")))
        server.route("/v1/forecast", handler: OpenMeteoStub.everyPlace(try Fixtures.data("forecast-hourly-wind.json", target: "SurfTests")))
        return server
    }

    static func date(_ text: String) -> Date { (try? Date(text, strategy: .iso8601)) ?? .distantPast }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aSpotsTidesComeFromItsNearestStationInLATWithEveryDaysHighsAndLows() async throws {
        let server = try await StubServer.start()
        ERDDAPTideStub.install(on: server)
        let toolbox = try toolbox(server)
        let run = await toolbox.run(["surf", "tides", "donegal/bundoran", "--days", "2", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let report = try Self.json(run.standardOutput)
        let station = try #require(report["station"] as? [String: Any])
        #expect(station["id"] as? String == "Killybegs")
        #expect(station["datum"] as? String == "LAT")
        #expect(abs((station["distance"] as? Double ?? 0) - 17.9) < 0.2, "Bundoran is 18 km from Killybegs")
        #expect(report["attribution"] as? String == "Tide predictions: Marine Institute, Ireland (CC BY 4.0)")
        let days = try #require(report["days"] as? [[String: Any]])
        #expect(days.count == 2)
        for day in days {
            let turns = try #require(day["turns"] as? [[String: Any]])
            // A semidiurnal tide: three or four turns a day, high and low in turn.
            #expect((3...4).contains(turns.count), "\(turns)")
            for (turn, next) in zip(turns, turns.dropFirst()) { #expect(turn["kind"] as? String != next["kind"] as? String) }
            for turn in turns {
                // Above Malin in the dataset, above LAT here: the station's offset added, so the
                // height is the level's at that minute.
                let time = Self.date(try #require(turn["time"] as? String))
                #expect(abs((turn["height"] as? Double ?? 0) - Self.killybegs.level(at: time)) < 0.011)
            }
        }
        // One week's answer of each dataset, and the station list: a second run asks nothing.
        #expect(server.requestCount("/erddap/tabledap/IMI-TidePrediction.csv") == 2)
        #expect(server.requestCount("/erddap/tabledap/IMI_TidePrediction_HighLow.csv") == 1)
        #expect(await toolbox.run(["surf", "tides", "donegal/bundoran", "--days", "7"]).exitCode == 0)
        #expect(server.requestCount() == 3)
        let level = try #require(server.requests.first { $0.path.hasSuffix("IMI-TidePrediction.csv") && $0.query["stationID"] != nil })
        #expect(level.query["stationID"] == "\"Killybegs\"")
        #expect(level.query["time,Water_Level,Water_Level_ODM"] != nil)
        await server.stop()
    }

    @Test func aModelledStationsHighsAndLowsAreFoundUnderEitherSpelling() async throws {
        let server = try await StubServer.start()
        ERDDAPTideStub.install(on: server)
        let run = try await toolbox(server).run(["surf", "tides", "clare/lahinch", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let report = try Self.json(run.standardOutput)
        #expect((report["station"] as? [String: Any])?["name"] as? String == "Lahinch")
        let turns = (report["days"] as? [[String: Any]] ?? []).flatMap { $0["turns"] as? [[String: Any]] ?? [] }
        #expect(turns.count >= 9, "three days of highs and lows, filed as Lahinch")
        await server.stop()
    }

    @Test func aStationByItsNameAndPeopleGetATableAndLines() async throws {
        let server = try await StubServer.start()
        ERDDAPTideStub.install(on: server)
        let toolbox = try toolbox(server)
        let table = await toolbox.run(["surf", "tides", "tory island", "--days", "1", "--no-color"], terminal: true)
        #expect(table.exitCode == 0, "\(table.standardError)")
        let lines = table.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Tides at Tory Island, heights above chart datum (LAT)")
        #expect(lines[1].contains("DAY") && lines[1].contains("HEIGHT"))
        #expect(lines.dropFirst(2).contains { $0.contains("high") && $0.contains("GMT") && $0.hasSuffix("m") })
        let plain = await toolbox.run(["surf", "tides", "Tory_Island_MODELLED", "--days", "1", "--plain"])
        #expect(plain.standardOutput.split(separator: "\n").allSatisfy { $0.contains(": high ") || $0.contains(": low ") })
        await server.stop()
    }

    @Test func aSpotTooFarFromAnyStationIsSaidSoAndConditionsStillShow() async throws {
        let server = try await Self.tidesAndSurf()
        let spots = Scratch.url("rockall", ending: ".json")
        try Data(
            #"{"spots": [{"name": "Rockall", "region": "Offshore", "country": "Ireland", "latitude": 57.596, "longitude": -13.687, "facing": 270, "type": "reef"}]}"#
                .utf8
        ).write(to: spots)
        let toolbox = try toolbox(server, ["TOOLBOX_SURF_SPOTS_FILE": spots.path])
        let tides = await toolbox.run(["surf", "tides", "offshore/rockall"])
        #expect(tides.exitCode == 66)
        #expect(
            tides.standardError.contains("error: no tide station within 40 km of Rockall (the nearest, Tory Island, is "),
            "\(tides.standardError)"
        )
        #expect(tides.standardError.contains("hint: surf.tide_station_km"))
        let conditions = await toolbox.run(["surf", "conditions", "offshore/rockall", "--json"])
        #expect(conditions.exitCode == 0, "\(conditions.standardError)")
        #expect(conditions.standardError.contains("tides are left out: no tide station within 40 km of Rockall"))
        let item = try Self.json(conditions.standardOutput)
        #expect(item["tide"] is NSNull)
        let unknown = await toolbox.run(["surf", "tides", "atlantis"])
        #expect(unknown.exitCode == 66)
        #expect(unknown.standardError.contains("no surf region or tide station “atlantis”"))
        #expect(unknown.standardError.contains("Killybegs"), "the stations are listed")
        await server.stop()
    }

    @Test func conditionsGiveTheTideNowAndTheNextHighAndLow() async throws {
        let server = try await Self.tidesAndSurf()
        let toolbox = try toolbox(server)
        let before = Date()
        let run = await toolbox.run(["surf", "conditions", "donegal/bundoran", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let item = try Self.json(run.standardOutput)
        let tide = try #require(item["tide"] as? [String: Any])
        #expect(abs((tide["height"] as? Double ?? 0) - Self.killybegs.level(at: before)) < 0.05)
        let high = Self.date(try #require((tide["nextHigh"] as? [String: Any])?["time"] as? String))
        let low = Self.date(try #require((tide["nextLow"] as? [String: Any])?["time"] as? String))
        #expect(high > before && low > before && abs(high.timeIntervalSince(low)) < 7 * 3600)
        #expect(tide["trend"] as? String == (high < low ? "rising" : "falling"))
        #expect((item["tideStation"] as? [String: Any])?["id"] as? String == "Killybegs")
        #expect((item["attribution"] as? String)?.contains("Tide predictions: Marine Institute") == true)
        let people = await toolbox.run(["surf", "conditions", "donegal/bundoran", "--no-color"], terminal: true)
        #expect(people.standardOutput.contains("Tide"))
        #expect(people.standardOutput.contains("(Killybegs, 18 km away)"), "\(people.standardOutput)")
        await server.stop()
    }

    @Test func theForecastChartHasATideLineWithItsHighsAndLowsMarked() async throws {
        let server = try await Self.tidesAndSurf()
        let run = try await toolbox(server).run(["surf", "forecast", "donegal/bundoran", "--days", "2", "--no-color"], terminal: true, width: 120)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Bundoran, Donegal: 2-day forecast, tide at Killybegs, 18 km away")
        let tide = try #require(lines.firstIndex { $0.hasPrefix("tide  ") })
        #expect(lines[tide].contains { "▁▂▃▄▅▆▇█".contains($0) })
        #expect(lines[tide + 1].contains("H") && lines[tide + 1].contains("L"))
        #expect(lines[tide].count == lines[tide + 1].count || lines[tide + 1].count <= lines[tide].count, "the marks sit under the line")
        #expect(lines.contains { $0.hasPrefix("      tide ") && $0.hasSuffix(" above chart datum, H high water, L low water") })
        #expect(lines.contains { $0.contains("TIDE") }, "a Tide column")
        await server.stop()
    }

    @Test func tidesAnswerOfflineFromTheWeekKeptAndTheShippedStations() async throws {
        let server = try await StubServer.start()
        ERDDAPTideStub.install(on: server)
        let toolbox = try toolbox(server)
        #expect(await toolbox.run(["surf", "tides", "donegal/bundoran"]).exitCode == 0)
        await server.stop()
        let offline = await toolbox.run(["surf", "tides", "donegal/bundoran", "--offline", "--json"])
        #expect(offline.exitCode == 0, "\(offline.standardError)")
        #expect((try Self.json(offline.standardOutput)["station"] as? [String: Any])?["id"] as? String == "Killybegs")
    }

    @Test func aStationListThatCannotBeHadIsTheShippedOne() async throws {
        let server = try await StubServer.start()
        ERDDAPTideStub.install(on: server, listingStations: false)
        let run = try await toolbox(server).run(["surf", "tides", "donegal/bundoran", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect((try Self.json(run.standardOutput)["station"] as? [String: Any])?["id"] as? String == "Killybegs")
        // Every catalogue spot has a shipped station within the default reach.
        for spot in IrishSpots.all {
            #expect(throws: Never.self, "\(spot.name)") { try TidePredictions.nearest(to: spot, among: IrishTideStations.all, reach: 40) }
        }
        await server.stop()
    }

    @Test func slowTidesAreLeftOutAfterTheirWaitAndTheSurfShows() async throws {
        let server = try await Self.tidesAndSurf()
        // The highs and lows never come: without the wait, the surf would wait the request's 900 s.
        server.route("/erddap/tabledap/IMI_TidePrediction_HighLow.csv") { _ in .text("", status: 200, delay: .seconds(1200)) }
        let started = ContinuousClock.now
        let run = try await toolbox(server, ["TOOLBOX_SURF_TIDES_WAIT_SECONDS": "2", "TOOLBOX_HTTP_TIMEOUT": "900"])
            .run(["surf", "conditions", "donegal/bundoran", "--plain"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Bundoran: waves "))
        #expect(run.standardError.contains("tides are left out: the Marine Institute did not answer within 2 s"), "\(run.standardError)")
        #expect(ContinuousClock.now - started < .seconds(450), "the surf did not wait for the request")
        await server.stop()
    }

    @Test func noPredictionsInTheWeekIsExit66SayingSo() async throws {
        let server = try await StubServer.start()
        ERDDAPTideStub.install(on: server, stations: [ERDDAPTideStub.Station(id: "Killybegs", latitude: 54.6364, longitude: -8.3949)])
        server.route("/erddap/tabledap/IMI_TidePrediction_HighLow.csv") { _ in
            .text(String(decoding: ERDDAPTideStub.noRows, as: UTF8.self), status: 404)
        }
        let run = try await toolbox(server).run(["surf", "tides", "killybegs"])
        #expect(run.exitCode == 66)
        #expect(run.standardError.contains("error: no tide predictions for Killybegs around "), "\(run.standardError)")
        await server.stop()
    }

    /// Irish summer time begins at 01:00 GMT on the last Sunday of March (28 March 2027): a turn
    /// is shown at its Irish clock time on either side of it, and on the Irish day it falls in.
    @Test func acrossTheChangeToSummerTimeTurnsAreOnTheirIrishDayAndClock() throws {
        let station = TideStation(id: "Killybegs", latitude: 54.6364, longitude: -8.3949)
        let turns = [
            TideTurn(kind: .low, time: Self.date("2027-03-28T00:30:00Z"), height: 0.9),
            TideTurn(kind: .high, time: Self.date("2027-03-28T06:40:00Z"), height: 3.8),
            TideTurn(kind: .low, time: Self.date("2027-03-28T12:55:00Z"), height: 0.8),
            TideTurn(kind: .high, time: Self.date("2027-03-28T23:30:00Z"), height: 3.9),
        ]
        let table = TideTable(station: station, levels: [], turns: turns)
        let days = table.days(from: Self.date("2027-03-28T00:10:00Z"), count: 2)
        #expect(days.map(\.date) == ["2027-03-28", "2027-03-29"])
        #expect(days[0].turns.map { TideText.clock($0.time) } == ["00:30 GMT", "07:40 IST", "13:55 IST"])
        #expect(days[1].turns.map { TideText.clock($0.time) } == ["00:30 IST"], "23:30 GMT on the 28th is the 29th in Ireland")
        #expect(SpotTime.iso(turns[1].time) == "2027-03-28T07:40:00+01:00")
        // The day before the change is 24 hours of GMT; the day of it, 23 hours.
        let before = table.days(from: Self.date("2027-03-27T12:00:00Z"), count: 1)
        #expect(before[0].turns.isEmpty && before[0].date == "2027-03-27")
    }

    @Test func theLevelBetweenPredictionsAndTheTrendComeFromTheTurns() throws {
        let station = TideStation(id: "Killybegs", latitude: 54.6364, longitude: -8.3949)
        let start = Self.date("2026-11-27T00:00:00Z")
        let levels = (0..<(24 * 12)).map { step in
            let time = start.addingTimeInterval(Double(step) * 300)
            return TideLevel(time: time, height: Self.killybegs.level(at: time))
        }
        let turns = Self.killybegs.turns(from: start, to: start.addingTimeInterval(86_400)).map {
            TideTurn(kind: $0.high ? .high : .low, time: $0.time, height: $0.height)
        }
        let table = TideTable(station: station, levels: levels, turns: turns)
        let between = start.addingTimeInterval(7 * 3600 + 150)
        #expect(abs((table.height(at: between) ?? 0) - Self.killybegs.level(at: between)) < 0.01)
        #expect(table.height(at: start.addingTimeInterval(-60)) == nil, "nothing is made up before the first prediction")
        for (turn, next) in zip(turns, turns.dropFirst()) {
            let midway = turn.time.addingTimeInterval(next.time.timeIntervalSince(turn.time) / 2)
            let now = try #require(table.now(at: midway))
            #expect(now.trend == (next.kind == .high ? .rising : .falling))
            #expect(abs((table.stage(at: midway) ?? 0) - 0.5) < 0.15, "midway between a low and a high is mid tide")
        }
    }
}
