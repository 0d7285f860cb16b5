import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import Surf

/// TrebleSurf's answers as its server writes them (`Fixtures/treblesurf/`), and the rules
/// that turn them into what toolbox shows.
@Suite struct TrebleSurfWireTests {
    static func fixture(_ name: String) throws -> Data { try Fixtures.data("treblesurf/\(name)", target: "SurfTests") }
    let bundoran = Spot(
        name: "Bundoran",
        region: "Donegal",
        country: "Ireland",
        latitude: 54.49,
        longitude: -8.27,
        facing: 315,
        type: "reef",
        nearestBuoy: nil
    )

    /// Every fixture file has a decoding test here: a new one cannot go unread.
    @Test func everyFixtureIsDecodedBySomeTest() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/treblesurf")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(
            files == [
                "currentConditions_Bundoran.json", "error-401_session-expired.json", "error-404_getLast24BuoyData.json",
                "forecast_Bundoran_granularity-hourly.json", "getLast24BuoyData_M4.json", "getMultipleBuoyData_M4-M6.json",
                "getTodaySpotReports_Bundoran.json", "regionBuoys_NorthAtlantic.json", "regions.json", "spots.json",
            ]
        )
    }

    @Test func regionsAndSpotsWithTheirCanonicalNames() throws {
        #expect(try JSONDecoder().decode([String].self, from: Self.fixture("regions.json")) == ["Donegal", "Sligo", "Clare"])
        let spots = try JSONDecoder().decode([TrebleSurfSpot].self, from: Self.fixture("spots.json")).compactMap(\.spot)
        #expect(spots.map(\.path) == ["donegal/bundoran", "donegal/rossnowlagh"])
        #expect(spots[0].facing == 315)
        #expect(spots[0].type == "reef")
        #expect(spots[0].country == "Ireland")
    }

    @Test func theSpotListIsCachedWithoutItsPhotos() throws {
        let body = try Self.fixture("spots.json")
        let slim = TrebleSurfSpot.withoutPhotos(body)
        #expect(String(decoding: body, as: UTF8.self).contains("ImageString"))
        #expect(!String(decoding: slim, as: UTF8.self).contains("ImageString"))
        let spots = try JSONDecoder().decode([TrebleSurfSpot].self, from: slim).compactMap(\.spot)
        #expect(spots.count == 2, "nothing else is lost")
        #expect(TrebleSurfSpot.withoutPhotos(Data("not json".utf8)) == Data("not json".utf8), "what cannot be read is left for the decoder to refuse")
    }

    @Test func currentConditionsWithTrebleSurfsOwnJudgements() throws {
        let rows = try JSONDecoder().decode([TrebleSurfForecastRow].self, from: Self.fixture("currentConditions_Bundoran.json"))
        let now = try #require(rows.first).conditions(at: bundoran)
        #expect(now.time == ISO8601DateFormatter().date(from: "2026-04-07T14:00:00Z"))
        #expect(now.waveHeight == 2.8761959999999998)
        #expect(now.swellPeriod == 11.43)
        #expect(abs((now.windSpeed ?? 0) - 5.097222222222223 * 3.6) < 1e-9, "m/s → km/h")
        #expect(now.waterTemperature == nil, "the server's 0 is no reading")
        #expect(now.surfMessiness == "clean")
        #expect(now.relativeWind == .offshore)
        #expect(now.directionQuality == 0.9500886338026272)
        #expect(ConditionsText.swellFit(now) == "5/5")
    }

    @Test func theHourlyForecastReadsEveryRowInOrder() throws {
        let rows = try JSONDecoder().decode([TrebleSurfForecastRow].self, from: Self.fixture("forecast_Bundoran_granularity-hourly.json"))
        let hours = try rows.map { try $0.conditions(at: bundoran) }
        #expect(hours.count == 119)
        #expect(zip(hours, hours.dropFirst()).allSatisfy { $1.time.timeIntervalSince($0.time) == 3600 }, "hourly, ascending")
        #expect(Set(hours.compactMap(\.relativeWind)) == Set(RelativeWind.allCases), "each of TrebleSurf's five words is understood")
        #expect(Set(hours.compactMap(\.surfMessiness)) == ["clean", "okay", "messy"])
    }

    @Test func zerosThatCannotBeReadingsAreMissing() throws {
        let body = #"""
            [{"forecast_timestamp":"1775570400","spot_id":"Ireland#Donegal#Bundoran","data":{"dateForecastedFor":"2026-04-07 14:00:00","surfMessiness":"","relativeWindDirection":"","temperature":0,"surfSize":0,"swellDirection":0,"swellHeight":0,"swellPeriod":0,"directionQuality":0,"waterTemperature":0,"windDirection":0,"windSpeed":0,"pressure":0,"humidity":0}},
             {"forecast_timestamp":"1775574000","spot_id":"Ireland#Donegal#Bundoran","data":{"dateForecastedFor":"2026-04-07 15:00:00","surfSize":0.4,"swellDirection":280,"swellHeight":0.3,"swellPeriod":8,"directionQuality":0.5,"waterTemperature":11.2,"windDirection":0,"windSpeed":0,"pressure":1012}}]
            """#
        let rows = try JSONDecoder().decode([TrebleSurfForecastRow].self, from: Data(body.utf8)).map { try $0.conditions(at: bundoran) }
        let empty = rows[0]
        #expect(
            [empty.waveHeight, empty.swellHeight, empty.swellPeriod, empty.swellDirection, empty.windSpeed, empty.windDirection].allSatisfy {
                $0 == nil
            }
        )
        #expect(empty.waterTemperature == nil && empty.directionQuality == nil && empty.surfMessiness == nil && empty.relativeWind == nil)
        let calm = rows[1]
        #expect(calm.windSpeed == 0, "with a pressure reading, no wind is a calm")
        #expect(calm.windDirection == 0)
        #expect(calm.relativeWind == .crossOnshore, "toolbox judges (north wind, beach facing NW) when TrebleSurf does not")
        #expect(calm.waterTemperature == 11.2)
    }

    @Test func buoysKeepTheirNamesAndLoseTheirNonReadings() throws {
        let latest = try JSONDecoder().decode([TrebleSurfBuoy].self, from: Self.fixture("getMultipleBuoyData_M4-M6.json")).map { try $0.reading() }
        #expect(latest.map(\.name) == ["M4", "M6"])
        #expect(abs((latest[0].windSpeed ?? 0) - 9.465 * 1.852) < 1e-9, "knots → km/h")
        #expect(latest[0].time == ISO8601DateFormatter().date(from: "2026-04-07T13:00:00Z"))
        let day = try JSONDecoder().decode([TrebleSurfBuoy].self, from: Self.fixture("getLast24BuoyData_M4.json")).map { try $0.reading() }
        #expect(day.count == 24)
        #expect(zip(day, day.dropFirst()).allSatisfy { $0.time < $1.time }, "oldest first")
        let names = try JSONDecoder().decode([TrebleSurfBuoyName].self, from: Self.fixture("regionBuoys_NorthAtlantic.json")).map(\.name)
        #expect(names.contains("West Hebrides") && names.contains("Blackstones"), "names keep their case and spaces")

        let silent = #"""
            [{"AirTemperature":0,"AtmosphericPressure":0,"Gust":0,"MeanWaveDirection":0,"SeaTemperature":0,"WaveHeight":0,"WavePeriod":0,"WindDirection":0,"WindSpeed":0,"dataDateTime":"2026-04-07T13:00:00Z","name":"Blackstones"}]
            """#
        let nothing = try JSONDecoder().decode([TrebleSurfBuoy].self, from: Data(silent.utf8))[0].reading()
        #expect(nothing.name == "Blackstones")
        #expect(
            [nothing.waveHeight, nothing.wavePeriod, nothing.meanWaveDirection, nothing.windSpeed, nothing.gust, nothing.windDirection]
                .allSatisfy { $0 == nil }
        )
        #expect(nothing.airTemperature == nil && nothing.seaTemperature == nil)
    }

    @Test func aReportsTimeIsTheStampBeforeTheUserID() throws {
        let reports = try JSONDecoder().decode([TrebleSurfReport].self, from: Self.fixture("getTodaySpotReports_Bundoran.json"))
        let report = try reports[0].report(at: bundoran)
        #expect(report.time == ISO8601DateFormatter().date(from: "2026-04-07T09:42:17Z"))
        #expect(report.surfSize == "chest-shoulder")
        #expect(report.reporter == "Aoife")
        let go = TrebleSurfReport(dateReported: "2025-10-04 09:12:00.5 +0000 UTC m=+12.345_8d0f3c1e", reporterEmail: "a@b.ie")
        #expect(try go.report(at: bundoran).time == ISO8601DateFormatter().date(from: "2025-10-04T09:12:00Z")?.addingTimeInterval(0.5))
        #expect(try go.report(at: bundoran).reporter == nil, "an email is never shown")
        let broken = TrebleSurfReport(dateReported: "last tuesday_8d0f", reporterEmail: nil)
        let error = #expect(throws: ToolboxError.self) { try broken.report(at: bundoran) }
        #expect(error?.kind == .badData)
        #expect(error?.message.contains("last tuesday") == true)
    }

    @Test func theServersErrorTextIsWhatIsShown() throws {
        #expect(TrebleSurfFailure.text(try Self.fixture("error-401_session-expired.json")) == "Session expired or invalid")
        #expect(TrebleSurfFailure.text(try Self.fixture("error-404_getLast24BuoyData.json")) == "no data found for the last 24 hours")
        #expect(TrebleSurfFailure.text(Data(#"{"error":"unauthorized","message":"Session expired","help":"sign in"}"#.utf8)) == "unauthorized")
    }

    @Test func theRowForNowIsTheFirstHourNotYetPast() throws {
        let rows = try JSONDecoder().decode([TrebleSurfForecastRow].self, from: Self.fixture("forecast_Bundoran_granularity-hourly.json"))
        let at1320 = try #require(ISO8601DateFormatter().date(from: "2026-04-07T13:20:00Z"))
        #expect(try TrebleSurfProvider.now(of: rows, at: at1320)?.time() == ISO8601DateFormatter().date(from: "2026-04-07T14:00:00Z"))
        let later = at1320.addingTimeInterval(30 * 86_400)
        #expect(
            try TrebleSurfProvider.now(of: rows, at: later)?.time() == ISO8601DateFormatter().date(from: "2026-04-12T12:00:00Z"),
            "else the latest"
        )
        #expect(try TrebleSurfProvider.now(of: [], at: at1320) == nil)
    }
}

extension TrebleSurfReport {
    init(dateReported: String, reporterEmail: String?) {
        self.init(
            consistency: nil,
            messiness: nil,
            quality: "good",
            reporter: reporterEmail,
            surfSize: "head-high",
            time: nil,
            windAmount: nil,
            windDirection: nil,
            dateReported: dateReported
        )
    }
}
