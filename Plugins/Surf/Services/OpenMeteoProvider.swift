import Foundation
import PluginAPI

/// The keyless provider: the shipped spot catalog, Open-Meteo's marine and
/// weather forecasts (one request each for a whole region), and the Marine
/// Institute's buoys on ERDDAP.
struct OpenMeteoProvider: SurfProvider {
    static let credit = "Weather data by Open-Meteo.com (CC BY 4.0)"
    let forecastCredit: String? = Self.credit
    let buoyCredit: String? = marineInstituteCredit
    let catalog: SpotCatalog
    let marine: APIClient
    let weather: APIClient
    let erddap: APIClient
    let lifetimes: SurfLifetimes
    let keeping: ForecastKeeping?

    init(
        catalog: SpotCatalog,
        web: WebClient,
        marineURL: URL,
        weatherURL: URL,
        erddapURL: URL,
        lifetimes: SurfLifetimes,
        namespace: String,
        keeping: ForecastKeeping? = nil
    ) {
        self.catalog = catalog
        marine = APIClient(service: "Open-Meteo", baseURL: marineURL, namespace: namespace, web: web, errorMessage: OpenMeteoFailure.reason)
        weather = APIClient(service: "Open-Meteo", baseURL: weatherURL, namespace: namespace, web: web, errorMessage: OpenMeteoFailure.reason)
        erddap = APIClient(service: "the Marine Institute's ERDDAP", baseURL: erddapURL, namespace: namespace, web: web)
        self.lifetimes = lifetimes
        self.keeping = keeping
    }

    static let marineVariables =
        "wave_height,wave_direction,wave_period,swell_wave_height,swell_wave_direction,swell_wave_period,"
        + "secondary_swell_wave_height,secondary_swell_wave_period,secondary_swell_wave_direction,sea_surface_temperature"
    static let weatherVariables = "wind_speed_10m,wind_direction_10m,wind_gusts_10m,temperature_2m"

    func spots(country: String, region: String?) async throws -> [Spot] {
        let all = catalog.spots.filter { SpotNames.key($0.country) == SpotNames.key(country) }
        guard let region else { return all }
        return try catalog.spots(inRegion: region).filter { SpotNames.key($0.country) == SpotNames.key(country) }
    }

    func conditions(at spots: [Spot]) async throws -> [SpotConditions] {
        let now = Date()
        return try await hourly(at: spots, days: 1, cache: lifetimes.conditions).map { hours in
            // The latest hour that has begun; the first one if the forecast starts later.
            guard let hour = hours.last(where: { $0.time.map { $0 <= now } ?? false }) ?? hours.first else {
                throw ToolboxError.badData("Open-Meteo sent no hours of conditions", hint: "try again later, or with --refresh")
            }
            return hour
        }
    }

    func forecast(at spot: Spot, days: Int) async throws -> [ForecastHour] {
        try await forecasts(at: [spot], days: days).first ?? []
    }

    func forecasts(at spots: [Spot], days: Int) async throws -> [[ForecastHour]] {
        try await hourly(at: spots, days: days, cache: lifetimes.forecast)
    }

    /// Hour-by-hour conditions for each spot, from one marine and one weather request. The same
    /// requests ask for the buoys nearest the spots, and a fresh answer is kept (see `ForecastKeeping`).
    private func hourly(at spots: [Spot], days: Int, cache: CachePolicy) async throws -> [[ForecastHour]] {
        let places = spots + (keeping?.buoys(near: spots) ?? []).map(Self.place)
        let latitudes = places.map { String($0.latitude) }.joined(separator: ",")
        let longitudes = places.map { String($0.longitude) }.joined(separator: ",")
        let common = [("latitude", latitudes), ("longitude", longitudes), ("timezone", "auto"), ("forecast_days", "\(days)")]
        async let marineAnswer = marine.send(
            APICall("", query: common + [("hourly", Self.marineVariables), ("cell_selection", "sea")], cache: cache)
        )
        async let weatherAnswer = weather.send(
            APICall("", query: common + [("hourly", Self.weatherVariables), ("wind_speed_unit", "kmh")], cache: cache)
        )
        let (marineResponse, weatherResponse) = try await (marineAnswer, weatherAnswer)
        let marine: [OpenMeteoSeries]
        let weather: [OpenMeteoSeries]
        do {
            marine = try OpenMeteoSeries.decodeAll(marineResponse.body)
            weather = try OpenMeteoSeries.decodeAll(weatherResponse.body)
        } catch let error as ToolboxError {
            throw error
        } catch {
            throw ToolboxError.badData("Open-Meteo sent an answer toolbox cannot read", hint: "try again later, or with --refresh")
        }
        guard marine.count == places.count, weather.count == places.count else {
            throw ToolboxError.badData("Open-Meteo answered for \(marine.count) places, not \(places.count)")
        }
        let hours = places.indices.map { Self.merge(spot: places[$0], marine: marine[$0], weather: weather[$0]) }
        // An answer from the cache was kept when it was fetched.
        if let keeping, marineResponse.origin == .network || weatherResponse.origin == .network {
            keeping.keep(places.indices.map { (places[$0].latitude, places[$0].longitude, hours[$0]) })
        }
        return Array(hours.prefix(spots.count))
    }

    /// A buoy's position as a place to forecast for.
    private static func place(_ buoy: Buoy) -> Spot {
        Spot(name: buoy.name, region: "", country: "", latitude: buoy.latitude, longitude: buoy.longitude, facing: 0, type: "buoy")
    }

    /// Marine and weather series side by side, by time.
    static func merge(spot: Spot, marine: OpenMeteoSeries, weather: OpenMeteoSeries) -> [ForecastHour] {
        let wave = marine.metric("wave_height")
        let swell = marine.metric("swell_wave_height")
        let period = marine.metric("swell_wave_period")
        let swellDirection = marine.metric("swell_wave_direction")
        let water = marine.metric("sea_surface_temperature")
        let wavePeriod = marine.metric("wave_period")
        let waveDirection = marine.metric("wave_direction")
        let secondHeight = marine.metric("secondary_swell_wave_height")
        let secondPeriod = marine.metric("secondary_swell_wave_period")
        let secondDirection = marine.metric("secondary_swell_wave_direction")
        let windByTime = Dictionary(zip(weather.dates, weather.dates.indices), uniquingKeysWith: { first, _ in first })
        let wind = weather.metric("wind_speed_10m")
        let windDirection = weather.metric("wind_direction_10m")
        return marine.dates.enumerated().map { index, time in
            let w = windByTime[time]
            return ForecastHour(
                spot: spot.name,
                region: spot.region,
                time: time,
                waveHeight: wave[index],
                swellHeight: swell[index],
                swellPeriod: period[index],
                swellDirection: swellDirection[index],
                wind: WindReading(speed: w.flatMap { wind[$0] }, direction: w.flatMap { windDirection[$0] }),
                waterTemperature: water[index],
                facing: spot.facing,
                wavePeriod: wavePeriod[index],
                waveDirection: waveDirection[index],
                secondarySwell: secondHeight[index].map { Swell(height: $0, period: secondPeriod[index], direction: secondDirection[index]) }
            )
        }
    }

    func buoys(_ names: [String], hours: Int?) async throws -> [BuoyReport] {
        let columns = "station_id,time,WaveHeight,WavePeriod,MeanWaveDirection,WindSpeed,WindDirection,Gust,AirTemperature,SeaTemperature"
        let stations = names.map { $0.uppercased() }.joined(separator: "|")
        var query = "\(columns)&station_id=~\"\(stations)\"&time>=now-\(hours.map { "\($0)hours" } ?? "1day")"
        if hours == nil { query += "&orderByMax(\"station_id,time\")" }
        let file = URL(string: erddap.baseURL.absoluteString + ".csv") ?? erddap.baseURL
        let url = try ERDDAPTable.url(file, query: query, key: "surf.erddap_url")
        // ERDDAP answers 404 when no row matches: no buoy reported in the window.
        let noRows = ToolboxError.notFound(
            "no readings from \(names.joined(separator: ", ")) in that time",
            hint: "the Irish weather buoys are M2, M3, M4, M5 and M6"
        )
        let data = try await erddap.send(APICall(url: url, cache: lifetimes.buoys, notFound: noRows)).body
        let readings = try ERDDAPTable(csv: String(decoding: data, as: UTF8.self), what: "the buoy data").readings()
        return Self.reports(readings, order: names)
    }

    /// Readings grouped per buoy, in the order asked, oldest first.
    static func reports(_ readings: [BuoyReading], order: [String]) -> [BuoyReport] {
        let grouped = Dictionary(grouping: readings) { $0.name.uppercased() }
        return order.compactMap { name in
            guard let history = grouped[name.uppercased()]?.sorted(by: { ($0.time ?? .distantPast) < ($1.time ?? .distantPast) }),
                let latest = history.last
            else { return nil }
            return BuoyReport(latest: latest, history: history)
        }
    }

    func reports(at spots: [Spot], limit: Int?) async throws -> [SurfReport] {
        throw ToolboxError.configuration(
            "surf reports come from TrebleSurf, and the provider is open-meteo",
            hint:
                "run `toolbox config set surf.provider treblesurf`, then `toolbox config set surf.treblesurf.session` (your TrebleSurf session_id cookie)"
        )
    }
}

/// Open-Meteo's error body: `{error: true, reason}`.
struct OpenMeteoFailure: Decodable {
    var reason: String?

    static func reason(_ body: Data) -> String? {
        (try? JSONDecoder().decode(Self.self, from: body))?.reason
    }
}
