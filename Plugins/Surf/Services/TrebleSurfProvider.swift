import Foundation
import PluginAPI

/// The TrebleSurf API, with the user's `session_id` cookie.
struct TrebleSurfProvider: SurfProvider {
    /// TrebleSurf's own forecasts need no credit; the buoys it relays do.
    let forecastCredit: String? = nil
    let buoyCredit: String? = marineInstituteCredit
    let api: APIClient
    let lifetimes: SurfLifetimes

    init(web: WebClient, baseURL: URL, session: String, lifetimes: SurfLifetimes, namespace: String) {
        api = APIClient(
            service: "TrebleSurf",
            baseURL: baseURL,
            namespace: namespace,
            web: web,
            headers: ["Cookie": "session_id=\(session)"],
            errorMessage: TrebleSurfFailure.text,
            failure: Self.failure
        )
        self.lifetimes = lifetimes
    }

    /// An expired or missing session says how to get a fresh one.
    static func failure(_ failure: APIFailure) -> ToolboxError? {
        guard failure.status == 401 || failure.status == 403 else { return nil }
        return .authentication(
            "TrebleSurf did not accept the session\(failure.said)",
            hint: "sign in at treblesurf.com, copy the session_id cookie, then `toolbox config set surf.treblesurf.session`"
        )
    }

    func spots(country: String, region: String?) async throws -> [Spot] {
        var query = [("country", country)]
        if let region { query.append(("region", region)) }
        let spots: [TrebleSurfSpot] = try await get("/api/spots", query, cache: lifetimes.spots)
        let all = spots.compactMap(\.spot)
        if let region, all.isEmpty {
            throw ToolboxError.notFound("TrebleSurf has no spots in “\(region)”", hint: "see the regions with `toolbox surf spots`")
        }
        return all
    }

    func conditions(at spots: [Spot]) async throws -> [SpotConditions] {
        guard let first = spots.first else { return [] }
        var query = [("country", first.country), ("region", first.region)]
        if spots.count == 1 { query.append(("spot", first.name)) }
        let answers: [TrebleSurfConditions] = try await get("/api/currentConditions", query, cache: lifetimes.conditions)
        return try answers.compactMap { answer in
            guard let spot = spots.first(where: { $0.trebleSurfID == answer.spotID }) else { return nil }
            return try answer.conditions(at: spot)
        }
    }

    func forecast(at spot: Spot, days: Int) async throws -> [ForecastHour] {
        let answers: [TrebleSurfConditions] = try await get(
            "/api/forecast",
            [("country", spot.country), ("region", spot.region), ("spot", spot.name)],
            cache: lifetimes.forecast
        )
        let end = Date().addingTimeInterval(Double(days) * 86_400)
        return try answers.map { try $0.conditions(at: spot) }.filter { $0.time <= end }.sorted { $0.time < $1.time }
    }

    func buoys(_ names: [String], hours: Int?) async throws -> [BuoyReport] {
        let latest: [TrebleSurfBuoy] = try await get("/api/getMultipleBuoyData", [("buoys", names.joined(separator: ","))], cache: lifetimes.buoys)
        var reports: [BuoyReport] = []
        for reading in try latest.map({ try $0.reading() }) {
            var history = [reading]
            if let hours {
                let last24: [TrebleSurfBuoy] = try await get("/api/getLast24BuoyData", [("buoyName", reading.name)], cache: lifetimes.buoys)
                let since = reading.time.addingTimeInterval(-Double(hours) * 3600)
                history = try last24.map { try $0.reading() }.filter { $0.time >= since }.sorted { $0.time < $1.time }
            }
            reports.append(BuoyReport(latest: reading, history: history))
        }
        return reports
    }

    func reports(at spot: Spot) async throws -> [SurfReport] {
        let reports: [TrebleSurfReport] = try await get(
            "/api/getTodaySpotReports",
            [("country", spot.country), ("region", spot.region), ("spot", spot.name)],
            cache: nil
        )
        return reports.map(\.report)
    }

    private func get<Answer: Decodable>(_ path: String, _ query: [(String, String)], cache: CachePolicy?) async throws -> Answer {
        try await api.decode(APICall(path, query: query, cache: cache))
    }
}

/// TrebleSurf's error body: `{error, message, help}`.
struct TrebleSurfFailure: Decodable {
    var error: String?
    var message: String?

    static func text(_ body: Data) -> String? {
        (try? JSONDecoder().decode(Self.self, from: body)).flatMap { $0.message ?? $0.error }
    }
}

/// A number, a no-reading string ("n/a", "-", …) or null.
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

    var spot: Spot? {
        let parts = countryRegionSpot.split(whereSeparator: { $0 == "/" || $0 == "#" }).map(String.init)
        guard parts.count == 3 else { return nil }
        return Spot(
            name: parts[2],
            region: parts[1],
            country: parts[0],
            latitude: latitude?.value ?? 0,
            longitude: longitude?.value ?? 0,
            facing: beachDirection?.value ?? 0,
            type: type?.lowercased() ?? "beach",
            nearestBuoy: nil
        )
    }
}

struct TrebleSurfConditions: Decodable {
    struct Numbers: Decodable {
        var dateForecastedFor: String?
        var swellHeight: FlexibleNumber?
        var swellPeriod: FlexibleNumber?
        var swellDirection: FlexibleNumber?
        var surfSize: FlexibleNumber?
        var windSpeed: FlexibleNumber?
        var windDirection: FlexibleNumber?
        var waterTemperature: FlexibleNumber?
    }

    var data: Numbers
    var forecastTimestamp: String?
    var spotID: String

    enum CodingKeys: String, CodingKey {
        case data
        case forecastTimestamp = "forecast_timestamp"
        case spotID = "spot_id"
    }

    func conditions(at spot: Spot) throws -> SpotConditions {
        guard let text = data.dateForecastedFor ?? forecastTimestamp else {
            throw ToolboxError.badData("TrebleSurf sent conditions without a time for \(spot.name)")
        }
        return SpotConditions(
            spot: spot.name,
            region: spot.region,
            time: try SurfTimestamp.parse(text),
            waveHeight: data.surfSize?.value,
            swellHeight: data.swellHeight?.value,
            swellPeriod: data.swellPeriod?.value,
            swellDirection: data.swellDirection?.value,
            windSpeed: data.windSpeed?.value.map(MetricConversion.kilometresPerHour(metresPerSecond:)),
            windDirection: data.windDirection?.value,
            waterTemperature: data.waterTemperature?.value,
            facing: spot.facing
        )
    }
}

struct TrebleSurfBuoy: Decodable {
    var name: String
    var dataDateTime: String
    var waveHeight, wavePeriod, meanWaveDirection, windSpeed, gust, windDirection, airTemperature, seaTemperature: FlexibleNumber?

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
    }

    /// TrebleSurf relays the Marine Institute's readings: wind and gust in knots.
    func reading() throws -> BuoyReading {
        BuoyReading(
            name: name,
            time: try SurfTimestamp.parse(dataDateTime),
            waveHeight: waveHeight?.value,
            wavePeriod: wavePeriod?.value,
            meanWaveDirection: meanWaveDirection?.value,
            windSpeed: windSpeed?.value.map(MetricConversion.kilometresPerHour(knots:)),
            gust: gust?.value.map(MetricConversion.kilometresPerHour(knots:)),
            windDirection: windDirection?.value,
            airTemperature: airTemperature?.value,
            seaTemperature: seaTemperature?.value
        )
    }
}

struct TrebleSurfReport: Decodable {
    var consistency, messiness, quality, reporter, surfSize, time, windAmount, windDirection, dateReported: String?

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

    /// A reporter who signed with an email address stays anonymous: emails are never shown.
    var report: SurfReport {
        let name = reporter.flatMap { $0.contains("@") ? nil : $0 }
        return SurfReport(
            time: (dateReported ?? time).flatMap { try? SurfTimestamp.parse($0) },
            surfSize: surfSize,
            quality: quality,
            consistency: consistency,
            messiness: messiness,
            windAmount: windAmount,
            windDirection: windDirection,
            reporter: name
        )
    }
}
