import Foundation
import PluginAPI

// The TrebleSurf server's answers, as its Go handlers write them. It never sends
// null: a reading it lacks is 0, so each conversion below turns the zeros that
// cannot be real readings back into "missing".

/// TrebleSurf's error body: `{error}`, sometimes with `message` and `help`.
struct TrebleSurfFailure: Decodable {
    var error: String?
    var message: String?

    /// The `error` text is what the server means; `message` only when it is alone.
    static func text(_ body: Data) -> String? {
        (try? JSONDecoder().decode(Self.self, from: body)).flatMap { $0.error ?? $0.message }
    }
}

/// A number, a no-reading string ("n/a", "-", …) or null: the server is trusted for none of them.
struct FlexibleNumber: Decodable, Sendable {
    var value: Double?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else if let number = try? container.decode(Double.self) {
            value = number.isFinite ? number : nil
        } else {
            value = Reading.number(try container.decode(String.self))
        }
    }
}

extension FlexibleNumber? {
    /// The reading, or nil when it is missing or the server's 0 for "missing".
    var nonZero: Double? { self?.value.flatMap { $0 == 0 ? nil : $0 } }
    var isZero: Bool { self?.value == 0 }
}

/// `/api/spots`: one spot. Its inlined photo (`ImageString`) is dropped before caching.
struct TrebleSurfSpot: Decodable {
    var beachDirection: FlexibleNumber?
    var latitude: FlexibleNumber?
    var longitude: FlexibleNumber?
    var type: String?
    var countryRegionSpot: String

    enum CodingKeys: String, CodingKey {
        case beachDirection = "BeachDirection"
        case latitude = "Latitude"
        case longitude = "Longitude"
        case type = "Type"
        case countryRegionSpot = "country_region_spot"
    }

    /// "Ireland/Donegal/Bundoran"; nil when the name does not have those three parts.
    var spot: Spot? {
        let parts = countryRegionSpot.split(separator: "/").map(String.init)
        guard parts.count == 3, let latitude = latitude?.value, let longitude = longitude?.value else { return nil }
        return Spot(
            name: parts[2],
            region: parts[1],
            country: parts[0],
            latitude: latitude,
            longitude: longitude,
            facing: beachDirection?.value ?? 0,
            type: type?.lowercased() ?? "beach",
            nearestBuoy: nil
        )
    }

    /// Each spot's photo (`ImageString`, base64), by its `country_region_spot`: only one that decodes
    /// from base64 to a picture's bytes (JPEG, PNG, GIF, WebP or HEIC by its signature) of at most
    /// `limit` bytes. Its declared size is checked where it is drawn, as every picture's is.
    static func photos(in body: Data, limit: Int) -> [(name: String, photo: Data)] {
        guard let spots = try? JSONSerialization.jsonObject(with: body) as? [[String: Any]] else { return [] }
        return spots.compactMap { spot in
            guard let name = spot["country_region_spot"] as? String, let text = spot["ImageString"] as? String, !text.isEmpty,
                text.utf8.count <= limit * 4 / 3 + 4, let photo = Data(base64Encoded: text, options: .ignoreUnknownCharacters),
                ImageSignature.kind(of: photo) != nil
            else { return nil }
            return (name, photo)
        }
    }

    /// The list without the photos: each is a base64 JPEG, far larger than the rest of the list.
    static func withoutPhotos(_ body: Data) -> Data {
        guard var spots = try? JSONSerialization.jsonObject(with: body) as? [[String: Any]] else { return body }
        for index in spots.indices { spots[index]["ImageString"] = nil }
        return (try? JSONSerialization.data(withJSONObject: spots)) ?? body
    }
}

/// One forecast hour of one spot (`/api/forecast`, `/api/currentConditions`, `/api/listSpotsForecast`).
struct TrebleSurfForecastRow: Decodable {
    struct Numbers: Decodable {
        var dateForecastedFor: String?
        var surfMessiness: String?
        var relativeWindDirection: String?
        var directionQuality: FlexibleNumber?
        var surfSize: FlexibleNumber?
        var swellHeight: FlexibleNumber?
        var swellPeriod: FlexibleNumber?
        var swellDirection: FlexibleNumber?
        var windSpeed: FlexibleNumber?
        var windDirection: FlexibleNumber?
        var waterTemperature: FlexibleNumber?
        var pressure: FlexibleNumber?
    }

    var data: Numbers
    var forecastTimestamp: String?
    /// When the forecast was made (Unix seconds as a string).
    var generatedAt: String?

    enum CodingKeys: String, CodingKey {
        case data
        case forecastTimestamp = "forecast_timestamp"
        case generatedAt = "generated_at"
    }

    /// The hour it forecasts: `dateForecastedFor`, else `forecast_timestamp` (the server
    /// writes "" for either when it has none); nil when neither has a time.
    func time() throws -> Date? {
        try SurfTimestamp.readable(data.dateForecastedFor, else: forecastTimestamp)
    }

    /// The hour as toolbox shows it. Zeros that are no reading become missing: a swell
    /// with no period is no swell; no pressure means the weather part is missing (wind
    /// included); Irish coastal water is never at 0 °C.
    func conditions(at spot: Spot, time: Date?) -> SpotConditions {
        let swellMissing = data.swellPeriod.isZero
        let weatherMissing = data.pressure.isZero
        return SpotConditions(
            spot: spot.name,
            region: spot.region,
            time: time,
            waveHeight: swellMissing && data.surfSize.isZero ? nil : data.surfSize?.value,
            swellHeight: swellMissing ? nil : data.swellHeight?.value,
            swellPeriod: swellMissing ? nil : data.swellPeriod?.value,
            swellDirection: swellMissing ? nil : data.swellDirection?.value,
            wind: TrebleSurfWind.reading(
                speed: weatherMissing ? nil : data.windSpeed,
                direction: weatherMissing ? nil : data.windDirection,
                inKilometresPerHour: MetricConversion.kilometresPerHour(metresPerSecond:)
            ),
            waterTemperature: data.waterTemperature.nonZero,
            facing: spot.facing,
            surfMessiness: data.surfMessiness.flatMap { $0.isEmpty ? nil : $0.lowercased() },
            judgedWind: data.relativeWindDirection.flatMap(Self.relativeWind),
            directionQuality: swellMissing ? nil : data.directionQuality?.value.map { min(max($0, 0), 1) }
        )
    }

    /// TrebleSurf's words for the wind at a beach; anything else leaves the judgement to toolbox.
    static func relativeWind(_ text: String) -> RelativeWind? {
        switch text.lowercased() {
        case "offshore": .offshore
        case "cross-off": .crossOffshore
        case "cross": .crossShore
        case "cross-on": .crossOnshore
        case "onshore": .onshore
        default: nil
        }
    }
}

/// TrebleSurf's wind: its 0 for "no reading" is a speed of 0 from 0° with no gust (or
/// none sent, as its buoy mapper sends none); anything else is read by the spec's wind rule.
enum TrebleSurfWind {
    static func reading(
        speed: FlexibleNumber?,
        gust: FlexibleNumber? = nil,
        direction: FlexibleNumber?,
        inKilometresPerHour convert: (Double) -> Double
    ) -> WindReading {
        let noReading = speed.isZero && direction.isZero && (gust?.value == nil || gust.isZero)
        return WindReading(
            speed: noReading ? nil : speed?.value.map(convert),
            gust: gust?.value.map(convert),
            direction: direction?.value
        )
    }
}

/// A buoy's reading as TrebleSurf relays the Marine Institute's: wind and gust in knots.
/// Its buoy mapper sends only some fields (no `Gust`, no `AirTemperature`): what is not
/// sent is no reading.
struct TrebleSurfBuoy: Decodable {
    var name: String
    var dataDateTime: String?
    var waveHeight, wavePeriod, meanWaveDirection, windSpeed, gust, windDirection, airTemperature, seaTemperature, pressure: FlexibleNumber?

    enum CodingKeys: String, CodingKey {
        case name, dataDateTime
        case waveHeight = "WaveHeight"
        case wavePeriod = "WavePeriod"
        case meanWaveDirection = "MeanWaveDirection"
        case windSpeed = "WindSpeed"
        case gust = "Gust"
        case windDirection = "WindDirection"
        case airTemperature = "AirTemperature"
        case seaTemperature = "SeaTemperature"
        case pressure = "AtmosphericPressure"
    }

    /// When it was read; nil when the server had no time ("" or Go's zero time).
    func time() throws -> Date? { try SurfTimestamp.parseIfPresent(dataDateTime) }

    /// Zeros that are no reading become missing: waves with no period; TrebleSurf's no-wind
    /// zeros; an air temperature of 0 with no pressure either; a sea at 0 °C.
    func reading(at time: Date?) -> BuoyReading {
        let wavesMissing = wavePeriod.isZero
        return BuoyReading(
            name: name,
            time: time,
            waveHeight: wavesMissing ? nil : waveHeight?.value,
            wavePeriod: wavesMissing ? nil : wavePeriod?.value,
            meanWaveDirection: wavesMissing ? nil : meanWaveDirection?.value,
            wind: TrebleSurfWind.reading(
                speed: windSpeed,
                gust: gust,
                direction: windDirection,
                inKilometresPerHour: MetricConversion.kilometresPerHour(knots:)
            ),
            airTemperature: airTemperature.isZero && pressure.isZero ? nil : airTemperature?.value,
            seaTemperature: seaTemperature.nonZero
        )
    }
}

/// `/api/regionBuoys`: a buoy TrebleSurf knows.
struct TrebleSurfBuoyName: Decodable {
    var name: String
}

/// A surfer's report (`/api/getTodaySpotReports`, `/api/getAllSpotReports`).
struct TrebleSurfReport: Decodable {
    var consistency, messiness, quality, reporter, surfSize, time, windAmount, windDirection: String?
    var dateReported: String?

    enum CodingKeys: String, CodingKey {
        case consistency = "Consistency"
        case messiness = "Messiness"
        case quality = "Quality"
        case reporter = "Reporter"
        case surfSize = "SurfSize"
        case time = "Time"
        case windAmount = "WindAmount"
        case windDirection = "WindDirection"
        case dateReported
    }

    /// When it was reported: `dateReported` is "<time>_<user id>", `Time` the time alone;
    /// nil when neither has one (the server writes "" for a time it lacks).
    func reportedAt() throws -> Date? {
        let stamp = dateReported.map { text in text.firstIndex(of: "_").map { String(text[..<$0]) } ?? text }
        return try SurfTimestamp.readable(stamp, else: time)
    }

    /// A reporter who signed with an email address stays anonymous: emails are never shown.
    func report(at spot: Spot, time reported: Date?) -> SurfReport {
        func text(_ value: String?) -> String? { value.flatMap { $0.trimmed.isEmpty ? nil : $0 } }
        return SurfReport(
            spot: spot.name,
            time: reported,
            surfSize: text(surfSize),
            quality: text(quality),
            consistency: text(consistency),
            messiness: text(messiness),
            windAmount: text(windAmount),
            windDirection: text(windDirection),
            reporter: text(reporter).flatMap { $0.contains("@") ? nil : $0 }
        )
    }
}
