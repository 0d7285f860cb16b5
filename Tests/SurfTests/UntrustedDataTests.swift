import Foundation
import PluginAPI
import TestSupport
import Testing

/// Answers Open-Meteo could send that once crashed toolbox: each is bad data (exit 65), never a trap.
@Suite struct UntrustedDataTests {
    func run(marine: String, weather: String, _ arguments: [String]) async throws -> ToolboxResult {
        let server = try await StubServer.start()
        server.route("/v1/marine", handler: OpenMeteoStub.everyPlace(Data(marine.utf8)))
        server.route("/v1/forecast", handler: OpenMeteoStub.everyPlace(Data(weather.utf8)))
        let toolbox = try InProcessToolbox(
            SurfRoot.self,
            environment: [
                "TOOLBOX_SURF_OPEN_METEO_MARINE_URL": server.baseURL.absoluteString + "/v1/marine",
                "TOOLBOX_SURF_OPEN_METEO_WEATHER_URL": server.baseURL.absoluteString + "/v1/forecast",
            ]
        )
        let result = await toolbox.run(arguments)
        await server.stop()
        return result
    }

    static func series(times: [String], values: [Double?]) -> String {
        let list = values.map { $0.map { String($0) } ?? "null" }.joined(separator: ",")
        let names = ["wave_height", "swell_wave_height", "wind_speed_10m"].map { #""\#($0)":[\#(list)]"# }.joined(separator: ",")
        let time = times.map { #""\#($0)""# }.joined(separator: ",")
        return #"{"latitude":54.5,"longitude":-8.3,"utc_offset_seconds":0,"hourly_units":{},"hourly":{"time":[\#(time)],\#(names)}}"#
    }

    @Test func anEmptyHourlySeriesIsBadData() async throws {
        let empty = Self.series(times: [], values: [])
        let conditions = try await run(marine: empty, weather: empty, ["surf", "conditions", "donegal/bundoran"])
        #expect(conditions.exitCode == 65, "\(conditions.standardError)")
        #expect(conditions.standardError.hasPrefix("error: "))
        let forecast = try await run(marine: empty, weather: empty, ["surf", "forecast", "donegal/bundoran"])
        #expect(forecast.exitCode == 65 || forecast.exitCode == 0, "an empty forecast is an empty table or bad data, never a crash")
    }

    @Test func aSeriesShorterThanItsTimesIsBadData() async throws {
        let short = Self.series(times: ["2026-09-22T00:00", "2026-09-22T01:00", "2026-09-22T02:00"], values: [1.0])
        let run = try await run(marine: short, weather: short, ["surf", "forecast", "donegal/bundoran", "--json"])
        #expect(run.exitCode == 65, "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func unreadableTimesAreBadData() async throws {
        let garbled = Self.series(times: ["yesterday"], values: [1.0])
        let run = try await run(marine: garbled, weather: garbled, ["surf", "conditions", "donegal/bundoran"])
        #expect(run.exitCode == 65, "\(run.standardError)")
    }
}
