import Foundation
import PluginAPI

/// The wind as one reading, whoever measured or forecast it (spec: "Missing readings").
/// Absent is absent: no speed is no wind, so no gust and no direction either; a calm
/// (a speed of 0) blows from nowhere, so it has no direction. Nothing is ever made 0 or 0°.
struct WindReading: Sendable, Equatable {
    var speed: Double?
    var gust: Double?
    var direction: Double?

    init(speed: Double?, gust: Double? = nil, direction: Double?) {
        self.speed = speed
        self.gust = speed == nil ? nil : gust
        self.direction = (speed ?? 0) > 0 ? direction : nil
    }
}

/// The sea and wind at a spot at one time, in metric (m, s, degrees, km/h, °C).
struct SpotConditions: Encodable, Sendable, Equatable {
    var spot: String
    var region: String
    /// nil for the one row a source sent without a time (TrebleSurf's current conditions).
    var time: Date?
    var waveHeight: Double?
    var swellHeight: Double?
    var swellPeriod: Double?
    var swellDirection: Double?
    var wind: WindReading
    var waterTemperature: Double?
    /// Where the beach faces, to judge the wind.
    var facing: Double
    /// The provider's own judgements (TrebleSurf's): how clean the surface is,
    /// how it rates the wind for this beach, and how well the swell's direction suits it (0–1).
    var surfMessiness: String? = nil
    var judgedWind: RelativeWind? = nil
    var directionQuality: Double? = nil
    /// The tide at this time, and the station it was read at (nil when it cannot be had).
    var tide: TideNow? = nil
    var tideStation: TideSource? = nil
    /// The whole sea's mean period and direction (what a buoy measures), beside the swell's.
    var wavePeriod: Double? = nil
    var waveDirection: Double? = nil
    /// A second swell, where the forecast has one (Open-Meteo's does).
    var secondarySwell: Swell? = nil

    var windSpeed: Double? { wind.speed }
    var windDirection: Double? { wind.direction }
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
            waterTemperature, surfMessiness, directionQuality, tide, tideStation, wavePeriod, waveDirection, secondarySwellHeight,
            secondarySwellPeriod, secondarySwellDirection
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(spot, forKey: .spot)
        try container.encode(region, forKey: .region)
        try container.encode(time.map { SpotTime.iso($0) }, forKey: .time)
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
        try container.encode(tide, forKey: .tide)
        try container.encode(tideStation, forKey: .tideStation)
        try container.encode(wavePeriod, forKey: .wavePeriod)
        try container.encode(waveDirection, forKey: .waveDirection)
        try container.encode(secondarySwell?.height, forKey: .secondarySwellHeight)
        try container.encode(secondarySwell?.period, forKey: .secondarySwellPeriod)
        try container.encode(secondarySwell?.direction, forKey: .secondarySwellDirection)
    }

    /// The second swell when it changes the day: see `Swell.matters(beside:)`.
    var secondSwellThatMatters: Swell? {
        guard let second = secondarySwell, second.matters(beside: Swell(height: swellHeight, period: swellPeriod, direction: swellDirection))
        else { return nil }
        return second
    }

    /// Most promising first; ties by name, so the order never flickers.
    static func ranked(_ conditions: [SpotConditions]) -> [SpotConditions] {
        conditions.sorted { $0.promise != $1.promise ? $0.promise > $1.promise : $0.spot < $1.spot }
    }
}

/// A train of swell: its height (m), period (s) and the direction it comes from.
struct Swell: Sendable, Equatable {
    var height: Double?
    var period: Double?
    var direction: Double?

    /// Whether this swell, beside a main one, changes the day: at least 0.3 m, and carrying at least a
    /// quarter of the main swell's energy (a swell's power grows with its height squared times its period).
    func matters(beside main: Swell) -> Bool {
        guard let height, height >= 0.3, let period, period > 0 else { return false }
        guard let mainHeight = main.height, let mainPeriod = main.period, mainHeight > 0, mainPeriod > 0 else { return true }
        return height * height * period >= 0.25 * mainHeight * mainHeight * mainPeriod
    }
}

/// One buoy's reading, in metric; nil where the buoy did not report, its time included.
struct BuoyReading: Encodable, Sendable, Equatable {
    var name: String
    @SpotLocalTime var time: Date?
    @Nullable var waveHeight: Double?
    @Nullable var wavePeriod: Double?
    @Nullable var meanWaveDirection: Double?
    @Nullable var windSpeed: Double?
    @Nullable var gust: Double?
    @Nullable var windDirection: Double?
    @Nullable var airTemperature: Double?
    @Nullable var seaTemperature: Double?

    init(
        name: String,
        time: Date?,
        waveHeight: Double?,
        wavePeriod: Double?,
        meanWaveDirection: Double?,
        wind: WindReading,
        airTemperature: Double?,
        seaTemperature: Double?
    ) {
        self.name = name
        self.time = time
        self.waveHeight = waveHeight
        self.wavePeriod = wavePeriod
        self.meanWaveDirection = meanWaveDirection
        self.windSpeed = wind.speed
        self.gust = wind.gust
        self.windDirection = wind.direction
        self.airTemperature = airTemperature
        self.seaTemperature = seaTemperature
    }
}

/// A buoy's latest reading and, with `--hours`, its history (oldest first).
struct BuoyReport: Sendable {
    var latest: BuoyReading
    var history: [BuoyReading]
}

/// A surfer's report of a spot (TrebleSurf only). The reporter's email is never kept.
struct SurfReport: Encodable, Sendable, Equatable {
    var spot: String
    @SpotLocalTime var time: Date?
    @Nullable var surfSize: String?
    @Nullable var quality: String?
    @Nullable var consistency: String?
    @Nullable var messiness: String?
    @Nullable var windAmount: String?
    @Nullable var windDirection: String?
    @Nullable var reporter: String?

    /// Newest first; a report sent without a time goes last, since nothing says it is newer.
    static func newestFirst(_ a: SurfReport, _ b: SurfReport) -> Bool {
        guard let later = b.time else { return a.time != nil }
        return a.time.map { $0 > later } ?? false
    }
}

/// The sea and wind at a spot, hour by hour: `SpotConditions` through time.
typealias ForecastHour = SpotConditions
