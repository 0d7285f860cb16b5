import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import Surf

/// `surf best` against stub Open-Meteo and ERDDAP answers built for the test: the one window it
/// constructs is found, and nothing else.
@Suite struct BestTests {
    /// Open-Meteo's hourly answer (`utc_offset_seconds` 0, times in UTC) for `hours` hours from `start`.
    static func openMeteo(start: Date, hours: Int, series: [String: (units: String, value: (Date) -> Double)]) throws -> Data {
        let times = (0..<hours).map { start.addingTimeInterval(Double($0) * 3600) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .gmt
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        var hourly: [String: Any] = ["time": times.map(formatter.string)]
        var units: [String: String] = ["time": "iso8601"]
        for (name, column) in series {
            hourly[name] = times.map(column.value)
            units[name] = column.units
        }
        return try JSONSerialization.data(withJSONObject: [
            "latitude": 54.6, "longitude": -8.45, "utc_offset_seconds": 0, "timezone": "GMT", "timezone_abbreviation": "GMT",
            "hourly_units": units, "hourly": hourly,
        ])
    }

    /// How far from low water to high water the stub's tide is at a time, as `surf best` reads it.
    static func stage(_ station: ERDDAPTideStub.Station, at time: Date) -> Double? {
        let from = time.addingTimeInterval(-86_400)
        let levels = stride(from: from.timeIntervalSince1970, through: time.timeIntervalSince1970 + 86_400, by: 300).map {
            TideLevel(time: Date(timeIntervalSince1970: $0), height: station.level(at: Date(timeIntervalSince1970: $0)))
        }
        let turns = station.turns(from: from, to: time.addingTimeInterval(86_400)).map {
            TideTurn(kind: $0.high ? .high : .low, time: $0.time, height: $0.height)
        }
        let table = TideTable(
            station: TideStation(id: station.id, latitude: station.latitude, longitude: station.longitude),
            levels: levels,
            turns: turns
        )
        return table.stage(at: time)
    }

    /// The day after today (UTC) at `hour`.
    static func tomorrow(at hour: Int) -> Date {
        let today = (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        return Date(timeIntervalSince1970: today + 86_400 + Double(hour) * 3600)
    }

    @Test func theConstructedWindowAndNoOther() async throws {
        // Killybegs' tide shifted so that tomorrow at 11:00 and 12:00 UTC it rises through the
        // middle third, at 10:00 it is low and at 13:00 high: the hours around stay out for the tide.
        let lag = try #require(
            stride(from: 0.0, to: 12.42, by: 0.05).first { lag in
                let station = ERDDAPTideStub.Station(id: "Killybegs", latitude: 54.6364, longitude: -8.3949, lag: lag)
                let stages = (10...13).map { Self.stage(station, at: Self.tomorrow(at: $0)) ?? -1 }
                return stages[0] < 0.3 && (0.35...0.65).contains(stages[1]) && (0.35...0.65).contains(stages[2]) && stages[3] > 0.7
                    && station.level(at: Self.tomorrow(at: 12)) > station.level(at: Self.tomorrow(at: 11))
            }
        )
        let station = ERDDAPTideStub.Station(id: "Killybegs", latitude: 54.6364, longitude: -8.3949, lag: lag)
        let server = try await StubServer.start()
        ERDDAPTideStub.install(on: server, stations: [station])
        let start = Self.tomorrow(at: -24)
        // Offshore (from the east, at a west-facing beach) in the night and from 10:00 to 15:59
        // tomorrow; onshore at every other hour. Swell 1.5 m at 11 s throughout.
        let offshore = { (time: Date) -> Bool in
            let hour = time.timeIntervalSince(Self.tomorrow(at: 0)) / 3600
            return (0..<3).contains(hour) || (10..<16).contains(hour)
        }
        server.route(
            "/v1/marine",
            handler: OpenMeteoStub.everyPlace(
                try Self.openMeteo(
                    start: start,
                    hours: 72,
                    series: [
                        "wave_height": ("m", { _ in 1.8 }), "swell_wave_height": ("m", { _ in 1.5 }), "swell_wave_period": ("s", { _ in 11 }),
                        "swell_wave_direction": ("°", { _ in 290 }), "sea_surface_temperature": ("°C", { _ in 11 }),
                    ]
                )
            )
        )
        server.route(
            "/v1/forecast",
            handler: OpenMeteoStub.everyPlace(
                try Self.openMeteo(
                    start: start,
                    hours: 72,
                    series: ["wind_speed_10m": ("km/h", { _ in 8 }), "wind_direction_10m": ("°", { offshore($0) ? 90 : 270 })]
                )
            )
        )
        let spots = Scratch.url("testbeach", ending: ".json")
        try Data(
            #"{"spots": [{"name": "Testbeach", "region": "Test", "country": "Ireland", "latitude": 54.6, "longitude": -8.45, "facing": 270, "type": "beach", "tide": "mid"}]}"#
                .utf8
        ).write(to: spots)
        let toolbox = try InProcessToolbox(
            SurfRoot.self,
            environment: [
                "TOOLBOX_SURF_TIDES_URL": server.baseURL.absoluteString + "/erddap/tabledap",
                "TOOLBOX_SURF_OPEN_METEO_MARINE_URL": server.baseURL.absoluteString + "/v1/marine",
                "TOOLBOX_SURF_OPEN_METEO_WEATHER_URL": server.baseURL.absoluteString + "/v1/forecast",
                "TOOLBOX_SURF_SPOTS_FILE": spots.path,
                "TOOLBOX_SURF_TIDES_WAIT_SECONDS": "300",
            ]
        )
        let run = await toolbox.run(["surf", "best", "test/testbeach", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let windows = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        #expect(windows.count == 1, "\(windows)")
        let window = try #require(windows.first)
        #expect(window["spot"] as? String == "Testbeach")
        #expect((window["start"] as? String).flatMap { try? Date($0, strategy: .iso8601) } == Self.tomorrow(at: 11))
        #expect((window["end"] as? String).flatMap { try? Date($0, strategy: .iso8601) } == Self.tomorrow(at: 13))
        #expect(window["hours"] as? Int == 2)
        #expect(window["score"] as? Double == 1.5, "1.5 m of swell, offshore")
        #expect(window["reason"] as? String == "1.5m at 11s, light offshore, rising mid tide")

        // None reaching 2: exit 1 and a sentence, as grep says nothing matched; JSON an empty list.
        let none = await toolbox.run(["surf", "best", "test/testbeach", "--min-score", "2"])
        #expect(none.exitCode == 1)
        #expect(none.standardOutput.isEmpty)
        #expect(none.standardError.hasPrefix("No window reaches a score of 2.0 in daylight in the next 3 days.\n"), "\(none.standardError)")
        #expect(!none.standardError.contains("error:"))
        let today = await toolbox.run(["surf", "best", "test/testbeach", "--min-score", "9", "--days", "1"])
        #expect(today.exitCode == 1)
        #expect(today.standardError.hasPrefix("No window reaches a score of 9.0 in daylight today.\n"), "\(today.standardError)")
        let noneJSON = await toolbox.run(["surf", "best", "test/testbeach", "--min-score", "2", "--json"])
        #expect(noneJSON.exitCode == 1)
        #expect((try JSONSerialization.jsonObject(with: Data(noneJSON.standardOutput.utf8)) as? [Any])?.isEmpty == true)

        // Offline, from the cached forecast and tides: the same window.
        await server.stop()
        let offline = await toolbox.run(["surf", "best", "test/testbeach", "--offline", "--plain"])
        #expect(offline.exitCode == 0, "\(offline.standardError)")
        #expect(offline.standardOutput.hasPrefix("Testbeach, "))
        #expect(offline.standardOutput.contains(": 1.5m at 11s, light offshore, rising mid tide (score 1.5)."))
        #expect(await toolbox.run(["surf", "best", "test/testbeach", "--days", "8"]).exitCode == 64)
    }

    /// Sunrise and sunset as almanacs give them (Dublin: 21 June 2026 04:57 and 21:57 IST,
    /// 21 December 08:38 and 16:08 GMT), within two minutes.
    @Test(arguments: [
        ("2026-06-21T12:00:00Z", "2026-06-21T03:57:00Z", "2026-06-21T20:57:00Z"),
        ("2026-12-21T12:00:00Z", "2026-12-21T08:38:00Z", "2026-12-21T16:08:00Z"),
    ])
    func sunriseAndSunsetInDublin(day: String, rise: String, set: String) throws {
        let sun = try #require(Daylight.sun(on: TideTests.date(day), latitude: 53.3498, longitude: -6.2603))
        #expect(abs(sun.rise.timeIntervalSince(TideTests.date(rise))) < 120, "\(sun.rise)")
        #expect(abs(sun.set.timeIntervalSince(TideTests.date(set))) < 120, "\(sun.set)")
        #expect(Daylight.isDaylight(TideTests.date(day), latitude: 53.3498, longitude: -6.2603))
        #expect(!Daylight.isDaylight(TideTests.date(set).addingTimeInterval(3600), latitude: 53.3498, longitude: -6.2603))
    }

    /// On the day summer time begins (28 March 2027), a window is found by the sun and the tide
    /// in UTC and shown in Irish time: 11:00 UTC is 12:00 IST.
    @Test func aWindowOnTheDaySummerTimeBeginsIsShownInIrishTime() throws {
        let spot = Spot(name: "Bundoran", region: "Donegal", country: "Ireland", latitude: 54.4925, longitude: -8.2688, facing: 315, type: "reef")
        let day = TideTests.date("2027-03-28T00:00:00Z")
        let hours = (0..<24).map { hour in
            SpotConditions(
                spot: "Bundoran",
                region: "Donegal",
                time: day.addingTimeInterval(Double(hour) * 3600),
                waveHeight: 1.6,
                swellHeight: 1.4,
                swellPeriod: 12,
                swellDirection: 300,
                // Offshore (from the south-east) from 05:00 to 08:59 and 11:00 to 12:59 UTC.
                wind: WindReading(speed: 20, direction: (5..<9).contains(hour) || (11..<13).contains(hour) ? 135 : 315),
                waterTemperature: 10,
                facing: 315
            )
        }
        let windows = SurfWindows.ranked(SurfWindows.windows(at: spot, hours: hours, tide: nil, minimum: 1, from: day))
        // Sunrise at Bundoran that day is 06:16 UTC: the window at dawn begins at 07:00.
        #expect(windows.map(SurfWindows.span) == ["Sun 28 Mar 08:00–10:00 IST", "Sun 28 Mar 12:00–14:00 IST"])
        #expect(windows.map(\.hours) == [2, 2])
        #expect(SurfWindows.reason(windows[0], units: .imperial) == "4.6ft at 12s, moderate offshore")
    }
}
