import ArgumentParser
import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import Surf

struct SurfRoot: PluginRoot {
    static let plugins: [any ToolboxPlugin.Type] = [SurfPlugin.self]
}

@Suite struct ForecastCommandTests {
    @Test func aTerminalGetsTheChartAndTheTableAndJSONTheSameSteps() async throws {
        let server = try await StubServer.start()
        server.route("/v1/marine", handler: OpenMeteoStub.everyPlace(try Fixtures.data("marine-hourly.json", target: "SurfTests")))
        server.route("/v1/forecast", handler: OpenMeteoStub.everyPlace(try Fixtures.data("forecast-hourly-wind.json", target: "SurfTests")))
        let toolbox = try InProcessToolbox(
            SurfRoot.self,
            environment: [
                "TOOLBOX_SURF_OPEN_METEO_MARINE_URL": server.baseURL.absoluteString + "/v1/marine",
                "TOOLBOX_SURF_OPEN_METEO_WEATHER_URL": server.baseURL.absoluteString + "/v1/forecast",
                "TOOLBOX_SURF_UNITS": "imperial",
            ]
        )
        let terminal = await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "2", "--no-color"], terminal: true, width: 100)
        #expect(terminal.exitCode == 0, "\(terminal.standardError)")
        let lines = terminal.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Bundoran, Donegal: 2-day forecast")
        #expect(lines[2].hasPrefix("wave  ") && lines[2].contains("│"), "a sparkline with a day boundary")
        #expect(lines[3].hasPrefix("wind  ") && lines[3].contains { "↓↙←↖↑↗→↘".contains($0) })
        #expect(terminal.standardOutput.contains("ft"), "imperial for people")
        #expect(server.requests.first { $0.path == "/v1/marine" }?.query["forecast_days"] == "2")
        let json = await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "2", "--json"])
        let steps = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(steps.count == 16, "48 hours every 3 hours")
        // The fixture's hours are Los Angeles time: its 01:00 is 09:00 in Dublin, the first 3-hour step there.
        #expect(steps[0]["time"] as? String == "2026-09-22T09:00:00+01:00")
        #expect(abs((steps[0]["waveHeight"] as? Double ?? 0) - 2.625 / 3.28084) < 1e-6, "metric in JSON")
        #expect(await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "9"]).exitCode == 64)
        #expect(await toolbox.run(["surf", "forecast", "donegal"]).exitCode == 64)
        await server.stop()
    }
}

/// CC BY data is credited where it is shown, and never mixed into what scripts read.
@Suite struct AttributionTests {
    let credit = "Weather data by Open-Meteo.com (CC BY 4.0)"

    func toolbox(_ server: StubServer) throws -> InProcessToolbox {
        server.route("/v1/marine", handler: OpenMeteoStub.everyPlace(try Fixtures.data("marine-hourly.json", target: "SurfTests")))
        server.route("/v1/forecast", handler: OpenMeteoStub.everyPlace(try Fixtures.data("forecast-hourly-wind.json", target: "SurfTests")))
        server.route("/erddap.csv", .text(String(decoding: try Fixtures.data("iwbnetwork-latest-m4-m5-m6.csv", target: "SurfTests"), as: UTF8.self)))
        return try InProcessToolbox(
            SurfRoot.self,
            environment: [
                "TOOLBOX_SURF_OPEN_METEO_MARINE_URL": server.baseURL.absoluteString + "/v1/marine",
                "TOOLBOX_SURF_OPEN_METEO_WEATHER_URL": server.baseURL.absoluteString + "/v1/forecast",
                "TOOLBOX_SURF_ERDDAP_URL": server.baseURL.absoluteString + "/erddap",
            ]
        )
    }

    @Test func theCreditFollowsTheTextOnStdoutAtATerminalAndGoesToStderrWhenPiped() async throws {
        let server = try await StubServer.start()
        let toolbox = try toolbox(server)
        let piped = await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "1"])
        #expect(piped.exitCode == 0, "\(piped.standardError)")
        #expect(!piped.standardOutput.contains("Open-Meteo"), "scripts get clean rows")
        #expect(piped.standardError.contains(credit))
        let terminal = await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "1", "--no-color"], terminal: true)
        #expect(terminal.standardOutput.split(separator: "\n").last.map(String.init) == credit)
        let quiet = await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "1", "-q"])
        #expect(quiet.standardError.isEmpty)
        let json = await toolbox.run(["surf", "forecast", "donegal/bundoran", "--days", "1", "--json"])
        let steps = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(!steps.isEmpty && steps.allSatisfy { $0["attribution"] as? String == credit })
        #expect(!json.standardError.contains(credit), "JSON carries it instead")
        let buoys = await toolbox.run(["surf", "buoys", "M4"])
        #expect(buoys.exitCode == 0, "\(buoys.standardError)")
        #expect(buoys.standardError.contains("Marine Institute, Ireland (CC BY 4.0)"))
        await server.stop()
    }
}
