import Foundation
import PluginAPI
import Testing

@testable import Surf

/// The forecast against the buoy, with a fixed clock: the figures a person works out by hand, hours
/// left out and counted, a stale feed said, and the kept forecasts bounded to a month.
@Suite struct ForecastCheckTests {
    /// Saturday 28 November 2026, 10:20 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_860_000 + 20 * 60)
    static let thisHour = Date(timeIntervalSince1970: 1_795_860_000)
    static let m4 = Buoy.named("M4")!

    static func hour(_ offset: Int) -> Date { thisHour.addingTimeInterval(Double(offset) * 3_600) }

    static func reading(at time: Date, height: Double?, period: Double? = 8, wind: Double? = 20, from direction: Double? = 250) -> BuoyReading {
        BuoyReading(
            name: "M4",
            time: time,
            waveHeight: height,
            wavePeriod: period,
            meanWaveDirection: 280,
            wind: WindReading(speed: wind, direction: direction),
            airTemperature: nil,
            seaTemperature: nil
        )
    }

    static func forecast(
        issued: Date,
        from start: Int,
        to end: Int,
        height: (Int) -> Double,
        wind: Double = 24,
        from direction: Double = 240
    ) -> KeptForecast {
        KeptForecast(
            issued: issued,
            latitude: m4.latitude,
            longitude: m4.longitude,
            hours: (start...end).map { offset in
                KeptHour(
                    time: hour(offset),
                    waveHeight: height(offset),
                    wavePeriod: 9,
                    waveDirection: 280,
                    wind: WindReading(speed: wind, direction: direction)
                )
            }
        )
    }

    @Test func biasAndErrorAsWorkedOutByHand() throws {
        // The 4 hours before 10:00: 06, 07, 08, 09. The buoy measured 2.0, 2.2, (nothing at 08), 2.4.
        let readings = [
            Self.reading(at: Self.hour(-4), height: 2.0), Self.reading(at: Self.hour(-3).addingTimeInterval(600), height: 2.2),
            Self.reading(at: Self.hour(-1), height: 2.4, wind: 30, from: 350),
        ]
        // An old forecast said 1.0 everywhere; one issued at 06:30 said 1.5, 1.8, 2.1 from 07 on; one
        // issued at 09:30 (after 09:00) must not count for 09:00.
        let kept = KeptForecasts(forecasts: [
            Self.forecast(issued: Self.hour(-30), from: -10, to: 5, height: { _ in 1.0 }),
            Self.forecast(issued: Self.hour(-4).addingTimeInterval(1_800), from: -3, to: 5, height: { 1.5 + 0.3 * Double($0 + 3) }),
            Self.forecast(issued: Self.hour(-1).addingTimeInterval(1_800), from: -1, to: 5, height: { _ in 9.0 }),
        ])
        let check = ForecastCheck.check(buoy: Self.m4, readings: readings, kept: kept, hours: 4, now: Self.now)
        #expect(check.asked == [Self.hour(-4), Self.hour(-3), Self.hour(-2), Self.hour(-1)])
        #expect(check.hours.map(\.time) == [Self.hour(-4), Self.hour(-3), Self.hour(-1)])
        #expect(check.hours.map(\.issued) == [Self.hour(-30), Self.hour(-4).addingTimeInterval(1_800), Self.hour(-4).addingTimeInterval(1_800)])
        #expect(check.withoutReading == 1)
        #expect(check.withoutForecast == 0)
        // Differences: 1.0 - 2.0 = -1.0; 1.5 - 2.2 = -0.7; 2.1 - 2.4 = -0.3.
        let waves = try #require(check.accuracy(.waveHeight))
        #expect(abs(waves.bias - (-2.0 / 3)) < 1e-9)
        #expect(abs(waves.meanAbsoluteError - 2.0 / 3) < 1e-9)
        #expect(waves.hours == 3)
        // Period 9 against 8 each hour; wind 24 against 20, 20, 30; 240° against 250, 250, 350.
        #expect(check.accuracy(.wavePeriod) == Accuracy(bias: 1, meanAbsoluteError: 1, hours: 3))
        let wind = try #require(check.accuracy(.windSpeed))
        #expect(abs(wind.bias - (4 + 4 - 6) / 3.0) < 1e-9)
        #expect(abs(wind.meanAbsoluteError - 14 / 3.0) < 1e-9)
        // The signed smallest angle: 240 - 350 is -110, not 250.
        let direction = try #require(check.accuracy(.windDirection))
        #expect(abs(direction.bias - (-10 - 10 - 110) / 3.0) < 1e-9)
        #expect(!check.stale)
        #expect(VerifyText.headline(check, units: .metric) == "the forecast ran 0.7m low at M4 over the last 4 h")
        #expect(VerifyText.leftOut(check) == "1 of 4 hours left out: 1 without a buoy reading")
    }

    @Test func hoursWithoutAForecastAreCountedNeverFilled() {
        let readings = (-6...(-1)).map { Self.reading(at: Self.hour($0), height: 2) }
        // Kept only from 08:00 on, issued at 07:10.
        let kept = KeptForecasts(forecasts: [Self.forecast(issued: Self.hour(-3).addingTimeInterval(600), from: -2, to: 4, height: { _ in 2.5 })])
        let check = ForecastCheck.check(buoy: Self.m4, readings: readings, kept: kept, hours: 6, now: Self.now)
        #expect(check.hours.count == 2)
        #expect(check.withoutForecast == 4)
        #expect(check.accuracy(.waveHeight)?.bias == 0.5)
        #expect(VerifyText.headline(check, units: .imperial) == "the forecast ran 1.6ft high at M4 over the last 6 h")
    }

    @Test func aStaleFeedIsSaid() {
        let readings = [Self.reading(at: Self.hour(-7), height: 2)]
        let check = ForecastCheck.check(buoy: Self.m4, readings: readings, kept: KeptForecasts(forecasts: []), hours: 24, now: Self.now)
        #expect(check.stale)
        #expect(check.withoutReading == 23)
        #expect(check.withoutForecast == 1)
        #expect(check.hours.isEmpty)
        #expect(VerifyText.headline(check, units: .metric) == nil)
        #expect(VerifyText.staleness(check, now: Self.now) == "M4's latest reading was 7 h ago: its feed may have stopped")
    }

    @Test func keptForecastsStayWithinAMonthAndADamagedOneIsSkipped() throws {
        let folder = NSTemporaryDirectory() + "kept-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let console = Console.memory()
        let archive = ForecastArchive(folder: folder, output: Output(console: console, format: .lines, color: false, quiet: false))
        // A forecast every 6 hours for a month and a day.
        let ages = Array(stride(from: 32 * 24, through: 1, by: -6))
        for age in ages {
            try archive.keep(Self.forecast(issued: Self.hour(-age), from: -age, to: 2 - age, height: { _ in 1 }), now: Self.hour(-age))
        }
        let issues = ages.map { Self.hour(-$0) }
        try archive.keep(Self.forecast(issued: Self.now, from: 0, to: 3, height: { _ in 1 }), now: Self.now)
        let place = "\(folder)/\(ForecastArchive.place(Self.m4.latitude, Self.m4.longitude))"
        let files = try FileManager.default.contentsOfDirectory(atPath: place)
        let names = files.filter { $0.hasSuffix(".json") }
        #expect(Set(files.filter { $0.hasSuffix(".lock") }) == Set(names.map { ".\($0).lock" }), "a kept file's lock goes with it")
        let oldest = try #require(names.compactMap(ForecastArchive.issueHour).min())
        #expect(oldest >= Self.now.addingTimeInterval(-ForecastArchive.keptFor))
        #expect(names.count == issues.filter { $0 >= Self.now.addingTimeInterval(-ForecastArchive.keptFor) }.count + 1)
        #expect(names.count < issues.count, "the oldest went")
        // A damaged file is named and skipped; the others are read.
        let damaged = "\(place)/\(ForecastArchive.fileName(issued: Self.hour(-1)))"
        try Data("{\"version\": 1, \"issued\": ".utf8).write(to: URL(fileURLWithPath: damaged))
        let found = archive.forecasts(atLatitude: Self.m4.latitude, longitude: Self.m4.longitude, issuedFrom: Self.hour(-48), until: Self.now)
        #expect(console.captured.standardError == "a kept forecast cannot be read and was skipped: \(damaged)\n")
        #expect(found.forecasts.count == 9, "every 6 hours in two days, and the one issued now")
    }

    @Test func twoForecastsKeptInOneHourAddUp() throws {
        let folder = NSTemporaryDirectory() + "kept-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = ForecastArchive(folder: folder)
        // A week's forecast, then a day's conditions in the same hour: the day's hours are fresher.
        try archive.keep(Self.forecast(issued: Self.now, from: -10, to: 72, height: { _ in 1 }), now: Self.now)
        try archive.keep(Self.forecast(issued: Self.now.addingTimeInterval(600), from: -10, to: 13, height: { _ in 2 }), now: Self.now)
        let kept = archive.forecasts(atLatitude: Self.m4.latitude, longitude: Self.m4.longitude, issuedFrom: Self.hour(-2), until: Self.hour(1))
        let hours = try #require(kept.forecasts.first?.hours)
        #expect(kept.forecasts.count == 1)
        #expect(hours.map(\.time) == (-10...72).map { Self.hour($0) }, "every hour of both, once, in order")
        #expect(hours.filter { $0.waveHeight == 2 }.count == 24)
        #expect(hours.filter { $0.waveHeight == 1 }.count == 59)
    }

    @Test func aKeptForecastReadsBackAsWritten() throws {
        let forecast = Self.forecast(issued: Self.now, from: -2, to: 3, height: { 1.25 + Double($0) / 10 })
        let data = try JSONEncoder().encode(forecast)
        #expect(try JSONDecoder().decode(KeptForecast.self, from: data) == forecast)
        let newer = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(KeptForecast.self, from: Data(newer.utf8)) }
    }

    @Test func aSecondSwellMattersWhenItCarriesAQuarterOfTheEnergy() {
        let main = Swell(height: 1.5, period: 12, direction: 280)
        #expect(!Swell(height: 0.8, period: 8, direction: 315).matters(beside: main), "0.64 × 8 = 5.1 against 27 × 0.25 = 6.75")
        #expect(Swell(height: 1.0, period: 9, direction: 315).matters(beside: main), "9 against 6.75")
        #expect(!Swell(height: 0.2, period: 16, direction: 315).matters(beside: Swell(height: 0.3, period: 5, direction: 0)), "under 0.3 m")
        var hour = SpotConditions(
            spot: "Bundoran",
            region: "Donegal",
            time: Self.now,
            waveHeight: 2,
            swellHeight: 1.5,
            swellPeriod: 12,
            swellDirection: 280,
            wind: WindReading(speed: 10, direction: 135),
            waterTemperature: 12,
            facing: 315
        )
        hour.secondarySwell = Swell(height: 1.0, period: 9, direction: 315)
        #expect(ConditionsText.swell(hour, units: .metric) == "1.5m 12s W + 1.0m 9s NW")
        hour.secondarySwell = Swell(height: 0.4, period: 6, direction: 315)
        #expect(ConditionsText.swell(hour, units: .metric) == "1.5m 12s W")
    }
}
