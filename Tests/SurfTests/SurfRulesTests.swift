import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import Surf

@Suite struct CompassTests {
    @Test(arguments: [
        (0.0, "N"), (11.24, "N"), (11.25, "NNE"), (348.74, "NNW"), (348.75, "N"), (359.99, "N"), (360, "N"),
        (-10, "N"), (-90, "W"), (-348.75, "NNE"), (725, "N"), (45, "NE"), (202.5, "SSW"),
    ])
    func names(degrees: Double, name: String) {
        #expect(Compass.name(degrees) == name)
    }

    @Test func arrowsPointDownwind() {
        #expect(Compass.arrow(windFrom: 0) == "↓")
        #expect(Compass.arrow(windFrom: 270) == "→")
        #expect(Compass.arrow(windFrom: 225) == "↗")
    }
}

@Suite struct RelativeWindTests {
    @Test(arguments: [
        (0.0, RelativeWind.onshore), (30, .onshore), (30.01, .crossOnshore), (67.5, .crossOnshore), (67.51, .crossShore),
        (90, .crossShore), (112.49, .crossShore), (112.5, .crossOffshore), (149.99, .crossOffshore), (150, .offshore), (180, .offshore),
    ])
    func binsAndBoundaries(angle: Double, expected: RelativeWind) {
        // A beach facing west (270): the wind's origin is `angle` away from it, on either side.
        #expect(RelativeWind(windFrom: 270 + angle, beachFacing: 270) == expected)
        #expect(RelativeWind(windFrom: 270 - angle, beachFacing: 270) == expected)
    }
}

@Suite struct SurfTimestampTests {
    static let instant = Date(timeIntervalSince1970: 1_758_762_000)

    @Test(arguments: [
        "2025-09-25T01:00:00Z", "2025-09-25T01:00:00.000Z", "2025-09-25T01:00:00", "2025-09-25T02:00:00+01:00",
        "2025-09-25T01:00:00.000000", "2025-09-25 01:00:00 +0000 UTC", "2025-09-25 01:00:00.000000000 +0000 UTC", "1758762000",
        "2025-09-25 01:00:00", "2025-09-25 01:00:00 +0000 UTC m=+12.345678", "2025-09-25 02:00:00.000000000 +0100 IST m=+0.001",
        "2025-09-25T01:00:00+0000", "2025-09-24T21:00:00-04:00",
    ])
    func everyShapeParses(text: String) throws {
        #expect(try SurfTimestamp.parse(text) == Self.instant)
    }

    @Test func fractionsAreKept() throws {
        #expect(try SurfTimestamp.parse("2025-09-25 01:00:00.500000000 +0000 UTC") == Self.instant.addingTimeInterval(0.5))
    }

    @Test(arguments: [
        "yesterday-ish", "2025-09-25T01:00:00Z and then some", "2025-02-30 01:00:00", "2025-09-25T25:00:00Z", "2025-09-25",
        "2025-09-25 01:00:00 +0000 UTC m=+", "2025-09-25T01:00:00.1234567890Z", "",
    ])
    func anythingElseIsADataErrorNamingTheValue(text: String) {
        let error = #expect(throws: ToolboxError.self) { try SurfTimestamp.parse(text) }
        #expect(error?.kind == .badData)
        #expect(error?.message.contains("“\(text)”") == true)
    }

    @Test func timesShownInTheSpotsZone() {
        #expect(SpotTime.display(Self.instant) == "Thu 02:00 IST")
        #expect(SpotTime.iso(Self.instant) == "2025-09-25T02:00:00+01:00")
        let winter = Date(timeIntervalSince1970: 1_765_000_000)  // 6 December 2025
        #expect(SpotTime.display(winter).hasSuffix(" GMT"))
    }
}

@Suite struct UnitTests {
    @Test func conversions() {
        #expect(UnitSystem.metric.height(1.84) == "1.8m")
        #expect(UnitSystem.imperial.height(1.84) == "6.0ft")
        #expect(UnitSystem.metric.speed(24.4) == "24 km/h")
        #expect(UnitSystem.imperial.speed(24.14) == "15 mph")
        #expect(UnitSystem.imperial.temperature(13) == "55°F")
        #expect(UnitSystem.metric.height(nil) == "–")
        #expect(MetricConversion.kilometresPerHour(knots: 10) == 18.52)
        #expect(MetricConversion.kilometresPerHour(metresPerSecond: 10) == 36)
        #expect(abs((MetricConversion.metric(3.28084, unit: "ft") ?? 0) - 1) < 1e-9)
        #expect(MetricConversion.metric(1, unit: "undefined") == nil)
    }

    @Test(arguments: ["n/a", "NA", "null", "", "-", "NaN", " nan "])
    func missingReadings(text: String) {
        #expect(Reading.number(text) == nil)
    }

    @Test func realReadings() {
        #expect(Reading.number("1.5") == 1.5)
        #expect(Reading.number("0") == 0)
    }
}

@Suite struct SpotCatalogTests {
    @Test func theShippedCatalogCoversTheMainRegions() throws {
        let catalog = try SpotCatalog.load(userFile: nil)
        for region in ["Donegal", "Sligo", "Mayo", "Clare", "Kerry", "Waterford"] {
            #expect(try catalog.spots(inRegion: region).count >= 2, "\(region)")
        }
    }

    @Test func namesMatchIgnoringCaseSpacesAndPunctuation() throws {
        let catalog = try SpotCatalog.load(userFile: nil)
        #expect(try catalog.spot(SpotQuery("DONEGAL/bundoran")).name == "Bundoran")
        #expect(try catalog.spot(SpotQuery("kerry/inch-strand")).name == "Inch Strand")
        let unknown = #expect(throws: ToolboxError.self) { try catalog.spot(SpotQuery("donegal/atlantis")) }
        #expect(unknown?.exitCode == 66)
        #expect(unknown?.hint.contains("donegal/bundoran") == true)
    }

    @Test func aUserFileAddsAndReplacesSpots() throws {
        let path = Scratch.url("spots", ending: ".json").path
        try
            #"{"spots":[{"name":"Bundoran","region":"Donegal","country":"Ireland","latitude":54.5,"longitude":-8.3,"facing":0,"type":"reef"},{"name":"Secret Reef","region":"Donegal","country":"Ireland","latitude":55,"longitude":-8,"facing":270,"type":"reef"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let catalog = try SpotCatalog.load(userFile: path)
        #expect(try catalog.spot(SpotQuery("donegal/bundoran")).facing == 0)
        #expect(try catalog.spot(SpotQuery("donegal/secretreef")).name == "Secret Reef")
        #expect(try catalog.spots(inRegion: "donegal").filter { $0.name == "Bundoran" }.count == 1)
    }
}

@Suite struct DecodingTests {
    @Test func openMeteoMarineInFeetIsReadAsMetres() throws {
        let series = try OpenMeteoSeries.decodeAll(Fixtures.data("marine-hourly.json", target: "SurfTests"))
        #expect(series.count == 1)
        let marine = series[0]
        #expect(marine.times.count == 48)
        #expect(abs((marine.metric("wave_height")[0] ?? 0) - 2.69 / 3.28084) < 1e-9)
        #expect(marine.metric("swell_wave_peak_period").allSatisfy { $0 == nil }, "unit 'undefined' and all null")
        #expect(marine.dates[1].timeIntervalSince(marine.dates[0]) == 3600)
    }

    @Test func openMeteoWindInKnotsIsReadAsKilometresPerHour() throws {
        let weather = try OpenMeteoSeries.decodeAll(Fixtures.data("forecast-hourly-wind.json", target: "SurfTests"))[0]
        #expect(weather.times.count == 120)
        #expect(abs((weather.metric("wind_speed_10m")[0] ?? 0) - 4.7 * 1.852) < 1e-9)
        #expect(weather.metric("wind_direction_10m")[0] == 360)
    }

    @Test func erddapCSVSkipsItsUnitsRowAndConvertsKnots() throws {
        let table = try ERDDAPTable(
            csv: String(decoding: Fixtures.data("iwbnetwork-latest-m4-m5-m6.csv", target: "SurfTests"), as: UTF8.self),
            what: "the buoy data"
        )
        let readings = table.readings()
        #expect(readings.map(\.name) == ["M4", "M5", "M6"])
        let m4 = readings[0]
        #expect(m4.time == ISO8601DateFormatter().date(from: "2024-05-02T02:00:00Z"))
        #expect(abs((m4.windSpeed ?? 0) - 9.108 * 1.852) < 1e-9)
        #expect(abs((m4.gust ?? 0) - 11.84 * 1.852) < 1e-9)
        #expect(m4.waveHeight == 1.523)
        #expect(m4.seaTemperature == 11.157)
        #expect(m4.meanWaveDirection == 354)
    }
}

@Suite struct RankingAndChartTests {
    func hour(
        _ name: String,
        swell: Double?,
        wind: Double?,
        facing: Double = 270,
        time: Date = SurfTimestampTests.instant,
        wave: Double? = nil
    ) -> SpotConditions {
        SpotConditions(
            spot: name,
            region: "Donegal",
            time: time,
            waveHeight: wave ?? swell,
            swellHeight: swell,
            swellPeriod: 10,
            swellDirection: 280,
            wind: WindReading(speed: 20, direction: wind),
            waterTemperature: 13,
            facing: facing
        )
    }

    @Test func cleanSwellWithOffshoreWindRanksFirst() {
        let ranked = SpotConditions.ranked([
            hour("Onshore", swell: 2.0, wind: 270),  // wind from the sea
            hour("Offshore", swell: 1.8, wind: 90),  // wind from the land
            hour("Flat", swell: 0.3, wind: 90),
        ])
        #expect(ranked.map(\.spot) == ["Offshore", "Onshore", "Flat"])
    }

    @Test func theChartMatchesItsSnapshot() throws {
        let start = SurfTimestampTests.instant.addingTimeInterval(-2 * 3600)  // Thu 00:00 IST
        var steps: [SpotConditions] = []
        for step in 0..<16 {
            let wave: Double? = step == 5 ? nil : 0.5 + Double(step) * 0.1
            let time = start.addingTimeInterval(Double(step) * 3 * 3600)
            steps.append(hour("Bundoran", swell: nil, wind: Double(step * 45 % 360), time: time, wave: wave))
        }
        let chart = ForecastChart.render(steps, units: .metric).joined(separator: "\n") + "\n"
        let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/forecast-chart.txt")
        if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" { try chart.write(to: snapshot, atomically: true, encoding: .utf8) }
        let expected = try String(contentsOf: snapshot, encoding: .utf8)
        #expect(chart == expected)
        #expect(Sparkline.line([0, 1, nil, 7]) == "▁▂ █")
    }
}
