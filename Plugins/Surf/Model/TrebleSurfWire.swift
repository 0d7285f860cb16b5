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

    enum CodingKeys: String, CodingKey {
        case data
        case forecastTimestamp = "forecast_timestamp"
    }

    func time() throws -> Date {
        guard let text = data.dateForecastedFor ?? forecastTimestamp else {
            throw ToolboxError.badData("TrebleSurf sent a forecast hour without a time")
        }
        return try SurfTimestamp.parse(text)
    }

    /// The hour as toolbox shows it. Zeros that are no reading become missing: a swell
    /// with no period is no swell; no pressure means the weather part is missing (wind
    /// included); Irish coastal water is never at 0 °C.
    func conditions(at spot: Spot) throws -> SpotConditions {
        let swellMissing = data.swellPeriod.isZero
        let weatherMissing = data.pressure.isZero
        return SpotConditions(
            spot: spot.name,
            region: spot.region,
            time: try time(),
            waveHeight: swellMissing && data.surfSize.isZero ? nil : data.surfSize?.value,
            swellHeight: swellMissing ? nil : data.swellHeight?.value,
            swellPeriod: swellMissing ? nil : data.swellPeriod?.value,
            swellDirection: swellMissing ? nil : data.swellDirection?.value,
            windSpeed: weatherMissing ? nil : data.windSpeed?.value.map(MetricConversion.kilometresPerHour(metresPerSecond:)),
            windDirection: weatherMissing ? nil : data.windDirection?.value,
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

/// A buoy's reading as TrebleSurf relays the Marine Institute's: wind and gust in knots.
struct TrebleSurfBuoy: Decodable {
    var name: String
    var dataDateTime: String
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

    /// Zeros that are no reading become missing: waves with no period; wind, gust and
    /// direction all 0 (a calm still has a direction sensor); an air temperature of 0 with
    /// no pressure either; a sea at 0 °C.
    func reading() throws -> BuoyReading {
        let wavesMissing = wavePeriod.isZero
        let windMissing = windSpeed.isZero && gust.isZero && windDirection.isZero
        return BuoyReading(
            name: name,
            time: try SurfTimestamp.parse(dataDateTime),
            waveHeight: wavesMissing ? nil : waveHeight?.value,
            wavePeriod: wavesMissing ? nil : wavePeriod?.value,
            meanWaveDirection: wavesMissing ? nil : meanWaveDirection?.value,
            windSpeed: windMissing ? nil : windSpeed?.value.map(MetricConversion.kilometresPerHour(knots:)),
            gust: windMissing ? nil : gust?.value.map(MetricConversion.kilometresPerHour(knots:)),
            windDirection: windMissing ? nil : windDirection?.value,
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

    /// When it was reported: `dateReported` is "<time>_<user id>", `Time` the time alone.
    func reportedAt() throws -> Date {
        if let stamp = dateReported, let cut = stamp.firstIndex(of: "_") { return try SurfTimestamp.parse(String(stamp[..<cut])) }
        guard let text = dateReported ?? time else { throw ToolboxError.badData("TrebleSurf sent a surf report without a time") }
        return try SurfTimestamp.parse(text)
    }

    /// A reporter who signed with an email address stays anonymous: emails are never shown.
    func report(at spot: Spot) throws -> SurfReport {
        func text(_ value: String?) -> String? { value.flatMap { $0.trimmed.isEmpty ? nil : $0 } }
        return SurfReport(
            spot: spot.name,
            time: try reportedAt(),
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
