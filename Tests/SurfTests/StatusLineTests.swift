import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import Surf

/// `surf now --line`: one line of at most 60 characters, whatever the spot and the data.
@Suite struct StatusLineTests {
    /// "Bundoran 1.4m 11s ↙12kt ▲high 14:32 ★★★": the name, and the height's unit.
    static func shape(_ line: String) -> (name: Substring, unit: Substring)? {
        line.wholeMatch(of: #/^(.+) \d+\.\d(m|ft) \d+s [↓↙←↖↑↗→↘]\d+kt [▲▼](high|low) \d\d:\d\d (★{1,5}|·)$/#).map { ($0.1, $0.2) }
    }

    func toolbox(_ server: StubServer, _ extra: [String: String] = [:]) throws -> InProcessToolbox {
        try TideTests().toolbox(server, extra)
    }

    @Test func theHomeSpotInOneLineWithTheTideAndItsStars() async throws {
        let server = try await TideTests.tidesAndSurf()
        let toolbox = try toolbox(server, ["TOOLBOX_SURF_HOME": "donegal/bundoran"])
        let run = await toolbox.run(["surf", "now", "--line"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let line = run.standardOutput.trimmingCharacters(in: .newlines)
        #expect(line.count <= 60, "\(line.count): \(line)")
        let match = try #require(Self.shape(line), "\(line)")
        #expect(match.name == "Bundoran")
        #expect(!run.standardOutput.dropLast().contains("\n"), "one line")
        let imperial = await toolbox.run(["surf", "now", "--line"], environment: ["TOOLBOX_SURF_UNITS": "imperial"])
        #expect(Self.shape(imperial.standardOutput.trimmingCharacters(in: .newlines))?.unit == "ft")
        // In full, without --line: the spot's conditions with the tide.
        let full = await toolbox.run(["surf", "now", "--plain"])
        #expect(full.standardOutput.hasPrefix("Bundoran: waves "))
        #expect(full.standardOutput.contains("tide "))
        await server.stop()
    }

    @Test func aLongNameGivesWayAndAFarSpotHasNoTide() async throws {
        let server = try await TideTests.tidesAndSurf()
        let spots = Scratch.url("long", ending: ".json")
        try Data(
            #"""
            {"spots": [
              {"name": "The Very Long Named Reef Break Off The Northern Donegal Coast", "region": "Donegal", "country": "Ireland", "latitude": 54.62, "longitude": -8.41, "facing": 315, "type": "reef"},
              {"name": "Rockall", "region": "Offshore", "country": "Ireland", "latitude": 57.596, "longitude": -13.687, "facing": 270, "type": "reef"}
            ]}
            """#.utf8
        ).write(to: spots)
        let toolbox = try toolbox(server, ["TOOLBOX_SURF_SPOTS_FILE": spots.path])
        let long = await toolbox.run(["surf", "now", "donegal/theverylongnamedreefbreakoffthenortherndonegalcoast", "--line"])
        #expect(long.exitCode == 0, "\(long.standardError)")
        let line = long.standardOutput.trimmingCharacters(in: .newlines)
        #expect(line.count <= 60, "\(line.count): \(line)")
        #expect(line.hasPrefix("The Very Long Named") && line.contains("… "), "\(line)")
        #expect(Self.shape(line) != nil, "\(line)")
        let far = await toolbox.run(["surf", "now", "offshore/rockall", "--line"])
        #expect(far.exitCode == 0, "\(far.standardError)")
        let farLine = far.standardOutput.trimmingCharacters(in: .newlines)
        #expect(farLine.count <= 60 && farLine.hasPrefix("Rockall ") && !farLine.contains("▲") && !farLine.contains("▼"), "\(farLine)")
        #expect(far.standardError.isEmpty, "a status bar's line has no notices: \(far.standardError)")
        await server.stop()
    }

    @Test func withoutASpotOrAHomeItSaysHowToSetOne() async throws {
        let server = try await TideTests.tidesAndSurf()
        let run = try await toolbox(server).run(["surf", "now", "--line"])
        #expect(run.exitCode == 64)
        #expect(run.standardError.contains("error: name a spot, or set your home spot"))
        #expect(run.standardError.contains("hint: toolbox config set surf.home donegal/bundoran"))
        await server.stop()
    }

    @Test(arguments: [(0.0, "·"), (0.2, "·"), (0.3, "★"), (1.4, "★★★"), (1.5, "★★★"), (9.0, "★★★★★")])
    func starsAreHalfPoints(score: Double, stars: String) {
        #expect(StatusLine.stars(score) == stars)
    }

    /// Every combination of what may be missing and how long the cache's age reads stays within 60.
    @Test func everyLineIsAtMostSixtyCharacters() {
        let names = ["Bundoran", String(repeating: "W", count: 80), "Inch Strand", ""]
        let tides: [TideNow?] = [
            nil,
            TideNow(height: 2.1, trend: .rising, nextHigh: TideTurn(kind: .high, time: Date(), height: 3.9), nextLow: nil),
        ]
        for name in names {
            for tide in tides {
                for stale in [nil, 30.0, 3 * 86_400.0] {
                    for units in UnitSystem.allCases {
                        var conditions = SpotConditions(
                            spot: name,
                            region: "Donegal",
                            time: Date(),
                            waveHeight: 12.3,
                            swellHeight: 10.8,
                            swellPeriod: 18,
                            swellDirection: 290,
                            wind: WindReading(speed: 118, direction: 90),
                            waterTemperature: 11,
                            facing: 315
                        )
                        conditions.tide = tide
                        let line = StatusLine.line(conditions, score: 9, staleAge: stale, units: units)
                        #expect(line.count <= 60, "\(line.count): \(line)")
                    }
                }
            }
        }
    }
}
