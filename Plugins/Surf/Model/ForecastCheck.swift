import Foundation

/// What toolbox forecast for a buoy's position set against what the buoy measured, hour by hour
/// (the forecast a surfer had before each hour: the freshest kept one issued before it).
struct ForecastCheck: Sendable {
    var buoy: Buoy
    /// The whole hours looked at, oldest first: the `hours` before the hour now.
    var asked: [Date]
    var hours: [CheckedHour]
    /// Hours left out, never filled in: the buoy sent nothing for them, or no forecast was kept.
    var withoutReading: Int
    var withoutForecast: Int
    /// The buoy's latest reading, and whether it is so old that its feed looks stopped.
    var latestReading: Date?
    var stale: Bool

    /// A feed whose latest reading is older than this is said to be stale (buoys report hourly).
    static let staleAfter: TimeInterval = 3 * 3_600

    /// Bias (forecast minus measured: below zero, the forecast ran low) and mean absolute error of
    /// one quantity, over the hours where both had it.
    func accuracy(_ quantity: CheckedQuantity) -> Accuracy? {
        let differences = hours.compactMap { quantity.difference(forecast: $0.forecast, measured: $0.measured) }
        guard !differences.isEmpty else { return nil }
        let count = Double(differences.count)
        return Accuracy(
            bias: differences.reduce(0, +) / count,
            meanAbsoluteError: differences.map(abs).reduce(0, +) / count,
            hours: differences.count
        )
    }

    /// Sets `readings` against `kept` over the `hours` whole hours before the one `now` is in.
    static func check(buoy: Buoy, readings: [BuoyReading], kept: KeptForecasts, hours count: Int, now: Date) -> ForecastCheck {
        let thisHour = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 3_600).rounded(.down) * 3_600)
        let asked = (1...max(1, count)).reversed().map { thisHour.addingTimeInterval(-Double($0) * 3_600) }
        let timed = readings.compactMap { reading in reading.time.map { (reading, $0) } }
        var checked: [CheckedHour] = []
        var withoutReading = 0
        var withoutForecast = 0
        for hour in asked {
            // Buoys report on the hour; a reading within half an hour of it stands for it.
            let nearest = timed.filter { abs($0.1.timeIntervalSince(hour)) < 1_800 }.min {
                abs($0.1.timeIntervalSince(hour)) < abs($1.1.timeIntervalSince(hour))
            }
            guard let measured = nearest?.0 else {
                withoutReading += 1
                continue
            }
            guard let forecast = kept.issued(before: hour) else {
                withoutForecast += 1
                continue
            }
            checked.append(CheckedHour(time: hour, issued: forecast.issued, forecast: forecast.hour, measured: measured))
        }
        let latest = timed.map(\.1).max()
        return ForecastCheck(
            buoy: buoy,
            asked: asked,
            hours: checked,
            withoutReading: withoutReading,
            withoutForecast: withoutForecast,
            latestReading: latest,
            stale: latest.map { now.timeIntervalSince($0) > staleAfter } ?? true
        )
    }
}

/// One hour: what was forecast (and when that forecast was issued), and what the buoy measured.
struct CheckedHour: Sendable, Encodable {
    var time: Date
    var issued: Date
    var forecast: KeptHour
    var measured: BuoyReading

    enum CodingKeys: String, CodingKey {
        case time, issued, forecastWaveHeight, measuredWaveHeight, forecastWavePeriod, measuredWavePeriod, forecastWindSpeed, measuredWindSpeed
        case forecastWindDirection, measuredWindDirection
    }

    /// Flat, as JSON readers want a row: each quantity forecast and measured side by side.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(SpotTime.iso(time), forKey: .time)
        try container.encode(SpotTime.iso(issued), forKey: .issued)
        try container.encode(forecast.waveHeight, forKey: .forecastWaveHeight)
        try container.encode(measured.waveHeight, forKey: .measuredWaveHeight)
        try container.encode(forecast.wavePeriod, forKey: .forecastWavePeriod)
        try container.encode(measured.wavePeriod, forKey: .measuredWavePeriod)
        try container.encode(forecast.wind.speed, forKey: .forecastWindSpeed)
        try container.encode(measured.windSpeed, forKey: .measuredWindSpeed)
        try container.encode(forecast.wind.direction, forKey: .forecastWindDirection)
        try container.encode(measured.windDirection, forKey: .measuredWindDirection)
    }
}

/// What a forecast is checked on: what buoys measure.
enum CheckedQuantity: String, CaseIterable, Sendable {
    case waveHeight, wavePeriod, windSpeed, windDirection

    /// Forecast minus measured; for a direction, the signed smallest angle (-180…180).
    func difference(forecast: KeptHour, measured: BuoyReading) -> Double? {
        switch self {
        case .waveHeight: Self.minus(forecast.waveHeight, measured.waveHeight)
        case .wavePeriod: Self.minus(forecast.wavePeriod, measured.wavePeriod)
        case .windSpeed: Self.minus(forecast.wind.speed, measured.windSpeed)
        case .windDirection:
            Self.minus(forecast.wind.direction, measured.windDirection).map { degrees in
                let turned = Compass.normalised(degrees)
                return turned > 180 ? turned - 360 : turned
            }
        }
    }

    private static func minus(_ a: Double?, _ b: Double?) -> Double? {
        guard let a, let b else { return nil }
        return a - b
    }
}

/// How far off a forecast ran.
struct Accuracy: Sendable, Equatable, Encodable {
    var bias: Double
    var meanAbsoluteError: Double
    var hours: Int
}
