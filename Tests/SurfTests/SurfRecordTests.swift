import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import Surf

/// `surf verify`, the phrase beside conditions, `surf log` and `surf like` in process, against stub
/// Open-Meteo and ERDDAP servers and kept forecasts written as toolbox keeps them.
@Suite struct SurfRecordTests {
    static let m4 = Buoy.named("M4")!
    static let bundoran = (latitude: 54.492515, longitude: -8.268799)

    /// The whole hour `offset` hours from the one now.
    static func hour(_ offset: Int, now: Date = Date()) -> Date {
        Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / 3_600).rounded(.down) + Double(offset)) * 3_600)
    }

    /// ERDDAP's CSV (a header row, a units row) of M4's readings at `hours` (offsets from the hour now).
    static func buoyCSV(_ readings: [(offset: Int, height: Double)]) -> String {
        let formatter = ISO8601DateFormatter()
        var lines = [
            "station_id,time,WaveHeight,WavePeriod,MeanWaveDirection,WindSpeed,WindDirection,Gust,AirTemperature,SeaTemperature",
            ",UTC,meters,seconds,degrees_true,knots,degrees true,knots,degrees_C,degrees_C",
        ]
        lines += readings.map { "M4,\(formatter.string(from: hour($0.offset))),\($0.height),8.0,280.0,10.0,250.0,14.0,11.0,12.0" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Open-Meteo's answer for every place asked, each the same series.
    static func openMeteo(
        start: Date,
        hours: Int,
        series: [String: (units: String, value: (Date) -> Double)]
    ) throws -> @Sendable (StubServer.Request) -> StubServer.Reply {
        OpenMeteoStub.everyPlace(try BestTests.openMeteo(start: start, hours: hours, series: series))
    }

    /// A forecast at a place, issued at `issued`, of the hours `offsets` from the hour now.
    static func kept(
        issued: Date,
        at place: (latitude: Double, longitude: Double),
        hours offsets: ClosedRange<Int>,
        height: (Int) -> Double,
        period: Double = 9,
        wind: WindReading = WindReading(speed: 20, direction: 240)
    ) -> KeptForecast {
        let hours = offsets.map { offset in
            KeptHour(time: hour(offset), waveHeight: height(offset), wavePeriod: period, waveDirection: 290, wind: wind)
        }
        return KeptForecast(issued: issued, latitude: place.latitude, longitude: place.longitude, hours: hours)
    }

    static func keep(_ forecast: KeptForecast, in toolbox: InProcessToolbox) throws {
        let cache = try #require(toolbox.environment["XDG_CACHE_HOME"])
        try ForecastArchive(folder: cache + "/toolbox/surf/kept-forecasts").keep(forecast, now: forecast.issued)
    }

    /// Each test lays out readings and forecasts by the hour now, and toolbox reads them back by
    /// the hour when it runs: both must see the same hour (CI once straddled 22:00 and saw a gap more).
    func start() async throws -> (StubServer, InProcessToolbox) {
        try await awayFromTheEndOfAWindow(of: 3_600)
        let server = try await StubServer.start()
        let base = server.baseURL.absoluteString
        let toolbox = try InProcessToolbox(
            SurfRoot.self,
            environment: [
                "TOOLBOX_SURF_OPEN_METEO_MARINE_URL": base + "/v1/marine",
                "TOOLBOX_SURF_OPEN_METEO_WEATHER_URL": base + "/v1/forecast",
                "TOOLBOX_SURF_ERDDAP_URL": base + "/erddap/tabledap/IWBNetwork",
                "TOOLBOX_SURF_TIDES_URL": base + "/erddap/tabledap",
                "TOOLBOX_SURF_TIDES_WAIT_SECONDS": "300",
                "TOOLBOX_HTTP_BACKOFF_INITIAL": "0.01",
                "TOOLBOX_HTTP_BACKOFF_MAX": "0.02",
            ]
        )
        return (server, toolbox)
    }

    @Test func verifyGivesTheFiguresWorkedOutByHandAndCountsTheGaps() async throws {
        let (server, toolbox) = try await start()
        // The last 24 hours: the buoy measured 2.0 + 0.05 × hour, but sent nothing at -5 and -6.
        let measured: [(offset: Int, height: Double)] = (-24...(-1)).filter { $0 != -5 && $0 != -6 }.map { offset in
            (offset, 2.0 + 0.05 * Double(offset + 24))
        }
        server.route("/erddap/tabledap/IWBNetwork.csv", .text(Self.buoyCSV(measured)))
        // A forecast issued 30 hours ago said 1.5 throughout; one issued 10 hours ago said 3.0 from then on.
        let m4 = (Self.m4.latitude, Self.m4.longitude)
        try Self.keep(Self.kept(issued: Self.hour(-30), at: m4, hours: -30...10, height: { _ in 1.5 }), in: toolbox)
        try Self.keep(Self.kept(issued: Self.hour(-10).addingTimeInterval(-600), at: m4, hours: -10...10, height: { _ in 3.0 }), in: toolbox)
        let differences: [Double] = measured.map { reading in
            let forecast = reading.offset >= -10 ? 3.0 : 1.5
            return forecast - reading.height
        }
        let bias = differences.reduce(0, +) / Double(differences.count)
        let error = differences.map(abs).reduce(0, +) / Double(differences.count)

        let run = await toolbox.run(["surf", "verify", "M4", "--json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let accuracy = try #require((report["accuracy"] as? [String: Any])?["waveHeight"] as? [String: Any])
        #expect(abs((accuracy["bias"] as? Double ?? 0) - bias) < 1e-9)
        #expect(abs((accuracy["meanAbsoluteError"] as? Double ?? 0) - error) < 1e-9)
        #expect(accuracy["hours"] as? Int == 22)
        #expect(report["withoutReading"] as? Int == 2)
        #expect(report["withoutForecast"] as? Int == 0)
        #expect(report["stale"] as? Bool == false)
        #expect((report["hours"] as? [Any])?.count == 22, "the gap is left out, not filled")
        let wind = try #require((report["accuracy"] as? [String: Any])?["windSpeed"] as? [String: Any])
        #expect(abs((wind["bias"] as? Double ?? 0) - (20 - 18.52)) < 1e-9, "10 knots is 18.52 km/h")

        // For a person: the chart, the sums, the sentence; the gap and the spot's distance said.
        let screen = await toolbox.run(["surf", "verify", "donegal/bundoran"], terminal: true)
        #expect(screen.exitCode == 0, "\(screen.standardError)")
        #expect(screen.standardOutput.contains("Forecast against the M4 buoy (125 km from Bundoran), last 24 h"), "\(screen.standardOutput)")
        #expect(screen.standardOutput.contains("forecast  "))
        #expect(screen.standardOutput.contains("measured  "))
        let sign = bias < 0 ? "low" : "high"
        #expect(screen.standardOutput.contains("The forecast ran \(NumberStyle.oneDecimal(abs(bias)))m \(sign) at M4 over the last 24 h."))
        #expect(screen.standardError.contains("2 of 24 hours left out: 2 without a buoy reading."))

        // The phrase beside conditions: the same check, in one line.
        server.route(
            "/v1/marine",
            handler: try Self.openMeteo(
                start: Self.hour(-12),
                hours: 72,
                series: ["wave_height": ("m", { _ in 2 }), "swell_wave_height": ("m", { _ in 1.5 })]
            )
        )
        server.route("/v1/forecast", handler: try Self.openMeteo(start: Self.hour(-12), hours: 72, series: ["wind_speed_10m": ("km/h", { _ in 10 })]))
        let conditions = await toolbox.run(["surf", "conditions", "donegal/bundoran"])
        #expect(conditions.exitCode == 0, "\(conditions.standardError)")
        #expect(conditions.standardError.contains("The forecast at M4: ran \(NumberStyle.oneDecimal(abs(bias)))m \(sign) over the last 24 h."))
        let marine = try #require(server.requests.last { $0.path == "/v1/marine" }?.query)
        #expect(marine["latitude"] == "54.492515,54.999967", "the buoy's forecast is asked in the same request, to be kept")
        #expect(marine["hourly"]?.contains("secondary_swell_wave_height") == true)

        // --calibrated: every height moved by the bias at M4, and said so.
        let best = await toolbox.run(["surf", "best", "donegal/bundoran", "--calibrated", "--min-score", "0", "--days", "2", "--json"])
        #expect(best.exitCode == 0, "\(best.standardError)")
        #expect(
            best.standardError.contains("heights near M4 read \(bias < 0 ? "+" : "-")\(NumberStyle.oneDecimal(abs(bias)))m: the forecast there ran"),
            "\(best.standardError)"
        )
        let windows = try #require(try JSONSerialization.jsonObject(with: Data(best.standardOutput.utf8)) as? [[String: Any]])
        let swell = try #require((windows.first?["best"] as? [String: Any])?["swellHeight"] as? Double)
        #expect(abs(swell - (1.5 - bias)) < 1e-9, "1.5 m forecast, read \(-bias) m higher")
        let plain = await toolbox.run(["surf", "best", "donegal/bundoran", "--min-score", "0", "--days", "2", "--json"])
        #expect(
            (((try? JSONSerialization.jsonObject(with: Data(plain.standardOutput.utf8))) as? [[String: Any]])?.first?["best"] as? [String: Any])?[
                "swellHeight"
            ] as? Double == 1.5
        )
        await server.stop()
    }

    @Test func aSecondSwellThatMattersIsCarriedDrawnAndNamed() async throws {
        let (server, toolbox) = try await start()
        // A main swell of 1.5 m at 12 s from the west; a second of 1.0 m at 9 s from the north-west
        // (a quarter of the main's power or more) in tomorrow's daylight, 0.4 m at 6 s otherwise.
        let tomorrow = Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 / 86_400).rounded(.down) + 1) * 86_400)
        let big = { (time: Date) in (9..<16).contains(Int(time.timeIntervalSince(tomorrow) / 3_600)) }
        let marine: [String: (units: String, value: (Date) -> Double)] = [
            "wave_height": ("m", { _ in 2.0 }), "swell_wave_height": ("m", { _ in 1.5 }), "swell_wave_period": ("s", { _ in 12 }),
            "swell_wave_direction": ("°", { _ in 270 }), "secondary_swell_wave_height": ("m", { big($0) ? 1.0 : 0.4 }),
            "secondary_swell_wave_period": ("s", { big($0) ? 9 : 6 }), "secondary_swell_wave_direction": ("°", { _ in 315 }),
        ]
        server.route("/v1/marine", handler: try Self.openMeteo(start: tomorrow.addingTimeInterval(-86_400), hours: 72, series: marine))
        server.route(
            "/v1/forecast",
            handler: try Self.openMeteo(
                start: tomorrow.addingTimeInterval(-86_400),
                hours: 72,
                series: ["wind_speed_10m": ("km/h", { _ in 8 }), "wind_direction_10m": ("°", { _ in 135 })]
            )
        )
        let forecast = await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "3", "--no-color"], terminal: true, width: 120)
        #expect(forecast.exitCode == 0, "\(forecast.standardError)")
        let lines = forecast.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("2nd   ") }, "\(forecast.standardOutput)")
        #expect(lines.contains { $0.contains("2nd: a second swell that matters (up to 1.0m), on the waves' scale") })
        #expect(lines.contains { $0.contains("1.5m 12s W + 1.0m 9s NW") })
        #expect(lines.contains { $0.contains("1.5m 12s W ") && !$0.contains("+") }, "a small second swell is not named")
        let json = await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "3", "--json"])
        let steps = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let noon = try #require(
            steps.first { ($0["time"] as? String).flatMap { try? Date($0, strategy: .iso8601) } == tomorrow.addingTimeInterval(12 * 3_600) }
        )
        #expect(noon["secondarySwellHeight"] as? Double == 1.0)
        #expect(noon["secondarySwellPeriod"] as? Double == 9)
        #expect(noon["secondarySwellDirection"] as? Double == 315)
        let best = await toolbox.run(["surf", "best", "donegal/bundoran", "--min-score", "0.5", "--days", "3", "--json"])
        let windows = try #require(try JSONSerialization.jsonObject(with: Data(best.standardOutput.utf8)) as? [[String: Any]])
        let reasons = windows.compactMap { $0["reason"] as? String }
        #expect(reasons.contains { $0.contains("with a second swell of 1.0m 9s NW") }, "\(reasons)")
        await server.stop()
    }

    @Test func aStaleFeedAndAFarSpotAreSaid() async throws {
        let (server, toolbox) = try await start()
        server.route("/erddap/tabledap/IWBNetwork.csv", .text(Self.buoyCSV([(-7, 2.0), (-8, 2.1)])))
        // A kept file cut short (a full disk, say) is skipped with a notice, not a crash.
        let cache = try #require(toolbox.environment["XDG_CACHE_HOME"])
        let folder = "\(cache)/toolbox/surf/kept-forecasts/\(ForecastArchive.place(Self.m4.latitude, Self.m4.longitude))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let damaged = "\(folder)/\(ForecastArchive.fileName(issued: Self.hour(-20)))"
        try Data(#"{"version":1,"issued":"#.utf8).write(to: URL(fileURLWithPath: damaged))
        let run = await toolbox.run(["surf", "verify", "M4"])
        #expect(run.standardError.contains("a kept forecast cannot be read and was skipped: \(damaged)"), "\(run.standardError)")
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.contains("M4's latest reading was 7 h ago: its feed may have stopped."), "\(run.standardError)")
        #expect(run.standardError.contains("No hour to compare at M4 in the last 24 h: toolbox keeps each forecast it fetches"))
        let far = await toolbox.run(["surf", "verify", "cork/barleycove"])
        #expect(far.exitCode == 66)
        #expect(far.standardError.contains("error: no buoy of surf.buoys (M4, M6) is within 200 km of Barley Cove"), "\(far.standardError)")
        #expect(far.standardError.contains("hint: the nearest is M3, 61 km away"))
        let unknown = await toolbox.run(["surf", "verify", "M9"])
        #expect(unknown.exitCode == 66)
        await server.stop()
    }

    @Test func aLoggedSessionAndTheOneComingWindowLikeIt() async throws {
        let (server, toolbox) = try await start()
        let now = Date()
        // The session began two hours ago (the buoy, 124 km out, is too far to stand for Bundoran).
        let began = now.addingTimeInterval(-2 * 3_600)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = SpotTime.zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let session = Self.kept(
            issued: Self.hour(-6),
            at: Self.bundoran,
            hours: -6...6,
            height: { _ in 1.8 },
            period: 10,
            wind: WindReading(speed: 15, direction: 135)
        )
        try Self.keep(session, in: toolbox)
        let added = await toolbox.run([
            "surf", "log", "add", "donegal/bundoran", "--when", formatter.string(from: began), "--hours", "1.5", "--rating", "5", "--json",
        ])
        #expect(added.exitCode == 0, "\(added.standardError)")
        let logged = try #require(try JSONSerialization.jsonObject(with: Data(added.standardOutput.utf8)) as? [String: Any])
        let conditions = try #require(logged["conditions"] as? [String: Any])
        #expect(conditions["source"] as? String == "forecast")
        #expect(conditions["waveHeight"] as? Double == 1.8)
        #expect(conditions["relativeWind"] as? String == "offshore")
        #expect(logged["number"] as? Int == 1)

        // Tomorrow (UTC) from 09:00 to 15:00 is daylight at Bundoran in any season. Only 11:00 and
        // 12:00 are like the session; 13:00, 14:00 and 15:00 each differ in one condition (the
        // period, the wind, the waves' direction), and every other hour in its height.
        let tomorrow = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / 86_400).rounded(.down) + 1) * 86_400)
        let hourOf = { (time: Date) in Int(time.timeIntervalSince(tomorrow) / 3_600) }
        func marine(alike: Bool) -> [String: (units: String, value: (Date) -> Double)] {
            [
                "wave_height": ("m", { alike && (11...15).contains(hourOf($0)) ? 1.8 : 3.0 }),
                "wave_period": ("s", { hourOf($0) == 13 ? 15 : 10 }),
                "wave_direction": ("°", { hourOf($0) == 15 ? 200 : 290 }),
            ]
        }
        let weather: [String: (units: String, value: (Date) -> Double)] = [
            "wind_speed_10m": ("km/h", { _ in 15 }), "wind_direction_10m": ("°", { hourOf($0) == 14 ? 315 : 135 }),
        ]
        server.route("/v1/marine", handler: try Self.openMeteo(start: tomorrow.addingTimeInterval(-86_400), hours: 72, series: marine(alike: true)))
        server.route("/v1/forecast", handler: try Self.openMeteo(start: tomorrow.addingTimeInterval(-86_400), hours: 72, series: weather))
        let like = await toolbox.run(["surf", "like", "--min-rating", "5", "--json"])
        #expect(like.exitCode == 0, "\(like.standardError)")
        let windows = try #require(try JSONSerialization.jsonObject(with: Data(like.standardOutput.utf8)) as? [[String: Any]])
        #expect(windows.count == 1, "\(windows)")
        #expect((windows.first?["start"] as? String).flatMap { try? Date($0, strategy: .iso8601) } == tomorrow.addingTimeInterval(11 * 3_600))
        #expect((windows.first?["end"] as? String).flatMap { try? Date($0, strategy: .iso8601) } == tomorrow.addingTimeInterval(13 * 3_600))
        #expect((windows.first?["session"] as? [String: Any])?["number"] as? Int == 1)

        // Nothing alike: exit 1 and a sentence, no error.
        server.route("/v1/marine", handler: try Self.openMeteo(start: tomorrow.addingTimeInterval(-86_400), hours: 72, series: marine(alike: false)))
        let none = await toolbox.run(["surf", "like", "--refresh"])
        #expect(none.exitCode == 1, "\(none.standardError)")
        #expect(none.standardError.contains("No coming window in the next 7 days is like a session you rated 4 or more."))
        #expect(!none.standardError.contains("error:"))

        // The log: listed, summed up, exported, and removed by its number.
        let list = await toolbox.run(["surf", "log", "--plain"])
        #expect(list.standardOutput.hasPrefix("Session 1: Bundoran, "), "\(list.standardOutput)")
        let stats = await toolbox.run(["surf", "log", "stats", "--json"])
        let sums = try #require(try JSONSerialization.jsonObject(with: Data(stats.standardOutput.utf8)) as? [String: Any])
        #expect(sums["sessions"] as? Int == 1)
        #expect(sums["hours"] as? Double == 1.5)
        #expect((sums["best"] as? [String: Any])?["relativeWind"] as? String == "offshore")
        let csv = await toolbox.run(["surf", "log", "export"])
        #expect(csv.standardOutput.hasPrefix("number,start,spot,region,hours,rating,board,note,wave_height_m,"))
        #expect(csv.standardOutput.contains(",Bundoran,Donegal,1.5,5,,,1.8,10.0,290.0,15.0,135.0,offshore,"), "\(csv.standardOutput)")
        #expect(await toolbox.run(["surf", "log", "remove", "2"]).exitCode == 66)
        #expect(await toolbox.run(["surf", "log", "remove", "1"]).exitCode == 0)
        let emptied = await toolbox.run(["surf", "log", "--json"]).standardOutput
        #expect((try JSONSerialization.jsonObject(with: Data(emptied.utf8)) as? [Any])?.isEmpty == true, "\(emptied)")
        await server.stop()
    }

    @Test func aSessionTimeIsReadAsASurferWritesIt() throws {
        let now = Date(timeIntervalSince1970: 1_795_860_000)  // Sat 28 Nov 2026 10:00 GMT
        #expect(try SessionTime.parse("today 07:30", now: now) == now.addingTimeInterval(-2.5 * 3_600))
        #expect(try SessionTime.parse("07:30", now: now) == now.addingTimeInterval(-2.5 * 3_600))
        #expect(try SessionTime.parse("yesterday 18:00", now: now) == now.addingTimeInterval(-16 * 3_600))
        #expect(try SessionTime.parse("2026-11-28T09:15", now: now) == now.addingTimeInterval(-45 * 60))
        #expect(try SessionTime.parse("2026-07-01 08:00", now: now) == Date(timeIntervalSince1970: 1_782_889_200), "IST: 07:00 UTC")
        #expect(throws: ToolboxError.self) { try SessionTime.parse("tomorrow 07:00", now: now) }
        #expect(throws: ToolboxError.self) { try SessionTime.parse("today 11:30", now: now) }
        #expect(throws: ToolboxError.self) { try SessionTime.parse("2026-02-30 08:00", now: now) }
    }
}
