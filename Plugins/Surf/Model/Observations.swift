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
    /// The provider's own judgements (TrebleSurf's): how clean the surface is,
    /// how it rates the wind for this beach, and how well the swell's direction suits it (0–1).
    var surfMessiness: String? = nil
    var judgedWind: RelativeWind? = nil
    var directionQuality: Double? = nil

    var windCompass: String? { windDirection.map(Compass.name) }
    /// The provider's judgement when it has one, else ours from the beach's facing.
    var relativeWind: RelativeWind? { judgedWind ?? windDirection.map { RelativeWind(windFrom: $0, beachFacing: facing) } }

    /// Bigger clean swell with offshore or cross-offshore wind ranks first.
    var promise: Double {
        (swellHeight ?? waveHeight ?? 0) * (relativeWind?.quality ?? 0.5)
    }

    /// With the wind judged for the beach; the beach's own facing stays out.
    enum CodingKeys: String, CodingKey {
        case spot, region, time, waveHeight, swellHeight, swellPeriod, swellDirection, windSpeed, windDirection, windCompass, relativeWind,
            waterTemperature, surfMessiness, directionQuality
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
        try container.encode(surfMessiness, forKey: .surfMessiness)
        try container.encode(directionQuality, forKey: .directionQuality)
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

/// A surfer's report of a spot (TrebleSurf only). The reporter's email is never kept.
struct SurfReport: Encodable, Sendable, Equatable {
    var spot: String
    @SpotLocalTime var time: Date
    @Nullable var surfSize: String?
    @Nullable var quality: String?
    @Nullable var consistency: String?
    @Nullable var messiness: String?
    @Nullable var windAmount: String?
    @Nullable var windDirection: String?
    @Nullable var reporter: String?
}
