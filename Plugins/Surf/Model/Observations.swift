import Foundation
import PluginAPI

/// The sea and wind at a spot at one time, in metric (m, s, degrees, km/h, °C).
struct SpotConditions: Encodable, Sendable, Equatable {
    var spot: String
    var region: String
    var time: Date
    var waveHeight: Double?
    var swellHeight: Double?
    var swellPeriod: Double?
    var swellDirection: Double?
    var windSpeed: Double?
    var windDirection: Double?
    var waterTemperature: Double?
    /// Where the beach faces, to judge the wind.
    var facing: Double

    var windCompass: String? { windDirection.map(Compass.name) }
    var relativeWind: RelativeWind? { windDirection.map { RelativeWind(windFrom: $0, beachFacing: facing) } }

    /// Bigger clean swell with offshore or cross-offshore wind ranks first.
    var promise: Double {
        (swellHeight ?? waveHeight ?? 0) * (relativeWind?.quality ?? 0.5)
    }

    /// With the wind judged for the beach; the beach's own facing stays out.
    enum CodingKeys: String, CodingKey {
        case spot, region, time, waveHeight, swellHeight, swellPeriod, swellDirection, windSpeed, windDirection, windCompass, relativeWind,
            waterTemperature
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(spot, forKey: .spot)
        try container.encode(region, forKey: .region)
        try container.encode(SpotTime.iso(time), forKey: .time)
        try container.encode(waveHeight, forKey: .waveHeight)
        try container.encode(swellHeight, forKey: .swellHeight)
        try container.encode(swellPeriod, forKey: .swellPeriod)
        try container.encode(swellDirection, forKey: .swellDirection)
        try container.encode(windSpeed, forKey: .windSpeed)
        try container.encode(windDirection, forKey: .windDirection)
        try container.encode(windCompass, forKey: .windCompass)
        try container.encode(relativeWind, forKey: .relativeWind)
        try container.encode(waterTemperature, forKey: .waterTemperature)
    }

    /// Most promising first; ties by name, so the order never flickers.
    static func ranked(_ conditions: [SpotConditions]) -> [SpotConditions] {
        conditions.sorted { $0.promise != $1.promise ? $0.promise > $1.promise : $0.spot < $1.spot }
    }
}

/// One buoy's reading, in metric; nil where the buoy did not report.
struct BuoyReading: Encodable, Sendable, Equatable {
    var name: String
    @SpotLocalTime var time: Date
    @Nullable var waveHeight: Double?
    @Nullable var wavePeriod: Double?
    @Nullable var meanWaveDirection: Double?
    @Nullable var windSpeed: Double?
    @Nullable var gust: Double?
    @Nullable var windDirection: Double?
    @Nullable var airTemperature: Double?
    @Nullable var seaTemperature: Double?
}

/// A buoy's latest reading and, with `--hours`, its history (oldest first).
struct BuoyReport: Sendable {
    var latest: BuoyReading
    var history: [BuoyReading]
}

/// Another surfer's report of the day (TrebleSurf only). The reporter's email is never kept.
struct SurfReport: Encodable, Sendable, Equatable {
    var time: Date?
    var surfSize: String?
    var quality: String?
    var consistency: String?
    var messiness: String?
    var windAmount: String?
    var windDirection: String?
    var reporter: String?
}
