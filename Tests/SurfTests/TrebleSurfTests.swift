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
                "currentConditions_Bundoran.json", "currentConditions_Bundoran_blank-time.json", "error-401_session-expired.json",
                "error-404_getLast24BuoyData.json", "error-404_regionBuoys.json", "error-500_regionBuoys.json",
                "forecast_Bundoran_blank-times.json", "forecast_Bundoran_granularity-hourly.json", "getLast24BuoyData_M4.json",
                "getLast24BuoyData_M4_as-mapped.json", "getMultipleBuoyData_M4-M6.json", "getMultipleBuoyData_M4-M6_as-mapped.json",
                "getTodaySpotReports_Bundoran.json", "getTodaySpotReports_Bundoran_blank-times.json", "regionBuoys_NorthAtlantic.json",
                "regions.json", "spots.json",
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
        let row = try #require(rows.first)
        let now = row.conditions(at: bundoran, time: try row.time())
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
        let hours = try rows.map { $0.conditions(at: bundoran, time: try $0.time()) }
        let times = hours.compactMap(\.time)
        #expect(hours.count == 119 && times.count == 119)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 3600 }, "hourly, ascending")
        #expect(Set(hours.compactMap(\.relativeWind)) == Set(RelativeWind.allCases), "each of TrebleSurf's five words is understood")
        #expect(Set(hours.compactMap(\.surfMessiness)) == ["clean", "okay", "messy"])
    }

    @Test func zerosThatCannotBeReadingsAreMissing() throws {
        let body = #"""
            [{"forecast_timestamp":"1775570400","spot_id":"Ireland#Donegal#Bundoran","data":{"dateForecastedFor":"2026-04-07 14:00:00","surfMessiness":"","relativeWindDirection":"","temperature":0,"surfSize":0,"swellDirection":0,"swellHeight":0,"swellPeriod":0,"directionQuality":0,"waterTemperature":0,"windDirection":0,"windSpeed":0,"pressure":0,"humidity":0}},
             {"forecast_timestamp":"1775574000","spot_id":"Ireland#Donegal#Bundoran","data":{"dateForecastedFor":"2026-04-07 15:00:00","surfSize":0.4,"swellDirection":280,"swellHeight":0.3,"swellPeriod":8,"directionQuality":0.5,"waterTemperature":11.2,"windDirection":0,"windSpeed":0,"pressure":1012}}]
            """#
        let rows = try JSONDecoder().decode([TrebleSurfForecastRow].self, from: Data(body.utf8)).map {
            $0.conditions(at: bundoran, time: try $0.time())
        }
        let empty = rows[0]
        #expect(
            [empty.waveHeight, empty.swellHeight, empty.swellPeriod, empty.swellDirection, empty.windSpeed, empty.windDirection].allSatisfy {
                $0 == nil
            }
        )
        #expect(empty.waterTemperature == nil && empty.directionQuality == nil && empty.surfMessiness == nil && empty.relativeWind == nil)
        let noWind = rows[1]
        #expect(noWind.windSpeed == nil && noWind.windDirection == nil, "0 from 0° is the server's no wind reading, even with a pressure")
        #expect(noWind.relativeWind == nil, "no wind is judged where there is none")
        #expect(noWind.waterTemperature == 11.2)
    }

    @Test func buoysKeepTheirNamesAndLoseTheirNonReadings() throws {
        let latest = try JSONDecoder().decode([TrebleSurfBuoy].self, from: Self.fixture("getMultipleBuoyData_M4-M6.json")).map {
            $0.reading(at: try $0.time())
        }
        #expect(latest.map(\.name) == ["M4", "M6"])
        #expect(abs((latest[0].windSpeed ?? 0) - 9.465 * 1.852) < 1e-9, "knots → km/h")
        #expect(latest[0].time == ISO8601DateFormatter().date(from: "2026-04-07T13:00:00Z"))
        let day = try JSONDecoder().decode([TrebleSurfBuoy].self, from: Self.fixture("getLast24BuoyData_M4.json")).map { try $0.time() }
        #expect(day.count == 24)
        #expect(zip(day, day.dropFirst()).allSatisfy { ($0 ?? .distantFuture) < ($1 ?? .distantPast) }, "oldest first, every one timed")
        let names = try JSONDecoder().decode([TrebleSurfBuoyName].self, from: Self.fixture("regionBuoys_NorthAtlantic.json")).map(\.name)
        #expect(names.contains("West Hebrides") && names.contains("Blackstones"), "names keep their case and spaces")

        let silent = #"""
            [{"AirTemperature":0,"AtmosphericPressure":0,"Gust":0,"MeanWaveDirection":0,"SeaTemperature":0,"WaveHeight":0,"WavePeriod":0,"WindDirection":0,"WindSpeed":0,"dataDateTime":"2026-04-07T13:00:00Z","name":"Blackstones"}]
            """#
        let nothing = try JSONDecoder().decode([TrebleSurfBuoy].self, from: Data(silent.utf8))[0].reading(at: nil)
        #expect(nothing.name == "Blackstones")
        #expect(
            [nothing.waveHeight, nothing.wavePeriod, nothing.meanWaveDirection, nothing.windSpeed, nothing.gust, nothing.windDirection]
                .allSatisfy { $0 == nil }
        )
        #expect(nothing.airTemperature == nil && nothing.seaTemperature == nil)
    }

    @Test func aReportsTimeIsTheStampBeforeTheUserID() throws {
        let reports = try JSONDecoder().decode([TrebleSurfReport].self, from: Self.fixture("getTodaySpotReports_Bundoran.json"))
        let report = reports[0].report(at: bundoran, time: try reports[0].reportedAt())
        #expect(report.time == ISO8601DateFormatter().date(from: "2026-04-07T09:42:17Z"))
        #expect(report.surfSize == "chest-shoulder")
        #expect(report.reporter == "Aoife")
        let go = TrebleSurfReport(dateReported: "2025-10-04 09:12:00.5 +0000 UTC m=+12.345_8d0f3c1e", reporterEmail: "a@b.ie")
        #expect(try go.reportedAt() == ISO8601DateFormatter().date(from: "2025-10-04T09:12:00Z")?.addingTimeInterval(0.5))
        #expect(go.report(at: bundoran, time: nil).reporter == nil, "an email is never shown")
        let broken = TrebleSurfReport(dateReported: "last tuesday_8d0f", reporterEmail: nil)
        let error = #expect(throws: ToolboxError.self) { try broken.reportedAt() }
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
        let timed = try rows.map { (row: $0, time: try #require(try $0.time())) }
        let at1320 = try #require(ISO8601DateFormatter().date(from: "2026-04-07T13:20:00Z"))
        #expect(TrebleSurfProvider.now(of: timed, at: at1320)?.time == ISO8601DateFormatter().date(from: "2026-04-07T14:00:00Z"))
        let later = at1320.addingTimeInterval(30 * 86_400)
        #expect(TrebleSurfProvider.now(of: timed, at: later)?.time == ISO8601DateFormatter().date(from: "2026-04-12T12:00:00Z"), "else the latest")
        #expect(TrebleSurfProvider.now(of: [(row: Int, time: Date)](), at: at1320) == nil)
    }

    // MARK: What the backend writes for what it lacks (the `_blank-time(s)` and `_as-mapped` fixtures)

    @Test func aBlankTimeFallsBackAndOtherwiseIsNoTimeNeverNow() throws {
        let rows = try JSONDecoder().decode([TrebleSurfForecastRow].self, from: Self.fixture("forecast_Bundoran_blank-times.json"))
        #expect(try rows[0].time() == ISO8601DateFormatter().date(from: "2026-04-07T14:00:00Z"), "dateForecastedFor \"\" → forecast_timestamp")
        #expect(try rows[1].time() == nil, "neither has a time")
        #expect(try rows[2].time() == ISO8601DateFormatter().date(from: "2026-04-07T16:00:00Z"), "Go's zero time is no time: the timestamp")
        #expect(try rows.dropFirst(3).allSatisfy { try $0.time() != nil })
        let current = try JSONDecoder().decode([TrebleSurfForecastRow].self, from: Self.fixture("currentConditions_Bundoran_blank-time.json"))
        #expect(try current[0].time() == nil)
        #expect(try JSONEncoder().encode(current[0].conditions(at: bundoran, time: nil)).contains(Data(#""time":null"#.utf8)))

        for blank in ["", "  ", "null", "0001-01-01T00:00:00Z", "0001-01-01 00:00:00 +0000 UTC"] {
            #expect(try SurfTimestamp.parseIfPresent(blank) == nil, "“\(blank)” is the server's no value")
        }
        #expect(throws: ToolboxError.self) { try SurfTimestamp.parseIfPresent("soon") }
        #expect(throws: ToolboxError.self, "an unreadable time with no fall-back is the row's error") {
            try SurfTimestamp.readable("soon", else: "")
        }
        #expect(try SurfTimestamp.readable("soon", else: "1775570400") == Date(timeIntervalSince1970: 1_775_570_400))
    }

    @Test func buoyRowsAsTheMapperWritesThemLeaveOutWhatItDoesNotSend() throws {
        let rows = try JSONDecoder().decode([TrebleSurfBuoy].self, from: Self.fixture("getMultipleBuoyData_M4-M6_as-mapped.json"))
        let m4 = rows[0].reading(at: try rows[0].time())
        #expect(m4.gust == nil && m4.airTemperature == nil, "Gust and AirTemperature never come")
        #expect(abs((m4.windSpeed ?? 0) - 9.465 * 1.852) < 1e-9 && m4.windDirection == 137, "the wind it did send")
        let json = try #require(String(data: JSONEncoder().encode(m4), encoding: .utf8))
        #expect(json.contains(#""gust":null"#) && json.contains(#""airTemperature":null"#))
        let m6 = rows[1].reading(at: try rows[1].time())
        #expect(m6.time == nil, "a blank dataDateTime")
        #expect(m6.windSpeed == nil && m6.windDirection == nil && m6.gust == nil, "0 from 0° without a gust: no wind reading, no 0° invented")
        #expect(m6.waveHeight == 2.92, "the rest of the reading stands")

        let day = try JSONDecoder().decode([TrebleSurfBuoy].self, from: Self.fixture("getLast24BuoyData_M4_as-mapped.json"))
        #expect(try day.map { try $0.time() }.filter { $0 == nil }.count == 1)
        let names = try JSONDecoder().decode([TrebleSurfBuoyName]?.self, from: Data("[]".utf8))
        #expect(names?.isEmpty == true, "an empty list is read, and means the usual buoys")
        #expect(TrebleSurfFailure.text(try Self.fixture("error-404_regionBuoys.json")) == "no buoys found for this region")
        #expect(TrebleSurfFailure.text(try Self.fixture("error-500_regionBuoys.json")) == "unable to query")
    }

    @Test func theWindRuleIsOneReadingForEveryProvider() {
        #expect(WindReading(speed: nil, gust: 12, direction: 200) == WindReading(speed: nil, gust: nil, direction: nil), "no speed, no wind")
        let calm = WindReading(speed: 0, gust: 0, direction: 200)
        #expect(calm.speed == 0 && calm.gust == 0 && calm.direction == nil, "a calm blows from nowhere")
        #expect(WindReading(speed: 12, direction: 0).direction == 0, "a north wind keeps its 0°")
        func sent(_ value: Double) -> FlexibleNumber? { try? JSONDecoder().decode(FlexibleNumber.self, from: Data("\(value)".utf8)) }
        let lull = TrebleSurfWind.reading(speed: sent(0), gust: sent(3), direction: sent(0), inKilometresPerHour: { $0 })
        #expect(lull.speed == 0 && lull.gust == 3 && lull.direction == nil, "a gust says the sensor read: a lull, not a missing reading")
    }

    @Test func reportsWithBlankTimesFallBackOrGoLast() throws {
        let rows = try JSONDecoder().decode([TrebleSurfReport].self, from: Self.fixture("getTodaySpotReports_Bundoran_blank-times.json"))
        #expect(try rows[0].reportedAt() == ISO8601DateFormatter().date(from: "2026-04-07T09:42:17Z"), "dateReported \"\" → Time")
        #expect(try rows[1].reportedAt() == nil)
        let reports = try rows.reversed().map { $0.report(at: bundoran, time: try $0.reportedAt()) }.sorted(by: SurfReport.newestFirst)
        #expect(reports.map(\.reporter) == ["Aoife", "Seán"], "a report without a time goes last")
        #expect(SpotTime.reported(nil, now: Date()) == "at an unknown time")
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
