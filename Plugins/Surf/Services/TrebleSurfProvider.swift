import Foundation
import PluginAPI

/// The TrebleSurf API as its server answers (spec: "TrebleSurf API"). Every route is
/// public but the reports, which carry the user's `session_id` cookie.
struct TrebleSurfProvider: SurfProvider {
    /// TrebleSurf's own forecasts need no credit; the buoys it relays do.
    let forecastCredit: String? = nil
    let buoyCredit: String? = marineInstituteCredit
    let api: APIClient
    let lifetimes: SurfLifetimes
    /// The session, read only when a report is asked for.
    let session: @Sendable () throws -> String
    /// The buoys TrebleSurf relays are listed under this region.
    static let buoyRegion = "NorthAtlantic"

    init(web: WebClient, baseURL: URL, session: @escaping @Sendable () throws -> String, lifetimes: SurfLifetimes, namespace: String) {
        api = APIClient(
            service: "TrebleSurf",
            baseURL: baseURL,
            namespace: namespace,
            web: web,
            errorMessage: TrebleSurfFailure.text,
            failure: Self.failure
        )
        self.session = session
        self.lifetimes = lifetimes
    }

    /// An expired or missing session says how to get a fresh one.
    static func failure(_ failure: APIFailure) -> ToolboxError? {
        guard failure.status == 401 || failure.status == 403 else { return nil }
        return .authentication(
            "TrebleSurf did not accept the session\(failure.said)",
            hint: "sign in at treblesurf.com, copy a fresh session_id cookie, then `toolbox config set surf.treblesurf.session`"
        )
    }

    // MARK: Names

    /// The server matches names exactly: the user's spelling is looked up among its own.
    func region(named name: String, country: String) async throws -> String {
        let regions: [String] = try await get("/api/regions", [("country", country)], cache: lifetimes.spots)
        guard let region = regions.first(where: { SpotNames.key($0) == SpotNames.key(name) }) else {
            throw ToolboxError.notFound("TrebleSurf has no surf region “\(name)” in \(country)", hint: "regions: \(regions.joined(separator: ", "))")
        }
        return region
    }

    func spots(country: String, region: String?) async throws -> [Spot] {
        guard let region else {
            let regions: [String] = try await get("/api/regions", [("country", country)], cache: lifetimes.spots)
            return try await regions.concurrentMap { try await self.spots(country: country, canonicalRegion: $0) }.flatMap { $0 }
        }
        return try await spots(country: country, canonicalRegion: try await self.region(named: region, country: country))
    }

    private func spots(country: String, canonicalRegion region: String) async throws -> [Spot] {
        var call = APICall("/api/spots", query: [("country", country), ("region", region)], cache: lifetimes.spots)
        call.slim = TrebleSurfSpot.withoutPhotos
        let spots: [TrebleSurfSpot] = try await list(call)
        return spots.compactMap(\.spot)
    }

    // MARK: Conditions and forecasts

    /// One spot from `currentConditions`; a region's spots from one `listSpotsForecast`,
    /// each spot's row for now chosen as the server chooses it (the first hour not yet past).
    func conditions(at spots: [Spot]) async throws -> [SpotConditions] {
        guard let first = spots.first else { return [] }
        let place = [("country", first.country), ("region", first.region)]
        if spots.count == 1 {
            let rows: [TrebleSurfForecastRow] = try await get("/api/currentConditions", place + [("spot", first.name)], cache: lifetimes.conditions)
            return try Self.now(of: rows).map { [try $0.conditions(at: first)] } ?? []
        }
        let names = spots.map(\.name).joined(separator: ",")
        let perSpot: [[TrebleSurfForecastRow]?] = try await get(
            "/api/listSpotsForecast",
            [("spots", names)] + place + [("granularity", "hourly")],
            cache: lifetimes.conditions
        )
        guard perSpot.count == spots.count else {
            throw ToolboxError.badData("TrebleSurf answered \(perSpot.count) forecasts for \(spots.count) spots (listSpotsForecast)")
        }
        return try zip(spots, perSpot).compactMap { spot, rows in try Self.now(of: rows ?? [])?.conditions(at: spot) }
    }

    /// The first row at or after now, else the latest there is.
    static func now(of rows: [TrebleSurfForecastRow], at now: Date = Date()) throws -> TrebleSurfForecastRow? {
        let timed = try rows.map { (row: $0, time: try $0.time()) }.sorted { $0.time < $1.time }
        return (timed.first { $0.time >= now } ?? timed.last)?.row
    }

    /// Hourly rows (the server's default is five a day), from this hour on.
    func forecast(at spot: Spot, days: Int) async throws -> [ForecastHour] {
        let rows: [TrebleSurfForecastRow] = try await get(
            "/api/forecast",
            [("country", spot.country), ("region", spot.region), ("spot", spot.name), ("granularity", "hourly")],
            cache: lifetimes.forecast
        )
        let now = Date()
        let start = now.addingTimeInterval(-now.timeIntervalSince1970.truncatingRemainder(dividingBy: 3600))
        let end = start.addingTimeInterval(Double(days) * 86_400)
        return try rows.map { try $0.conditions(at: spot) }.filter { $0.time >= start && $0.time < end }.sorted { $0.time < $1.time }
    }

    // MARK: Buoys

    func buoys(_ names: [String], hours: Int?) async throws -> [BuoyReport] {
        let known: [TrebleSurfBuoyName] = try await get("/api/regionBuoys", [("region", Self.buoyRegion)], cache: lifetimes.spots)
        let canonical = try names.map { name in
            guard let buoy = known.first(where: { SpotNames.key($0.name) == SpotNames.key(name) }) else {
                throw ToolboxError.notFound("TrebleSurf has no buoy “\(name)”", hint: "buoys: \(known.map(\.name).joined(separator: ", "))")
            }
            return buoy.name
        }
        let latest: [TrebleSurfBuoy] = try await get(
            "/api/getMultipleBuoyData",
            [("buoys", canonical.joined(separator: ","))],
            cache: lifetimes.buoys
        )
        let readings = try latest.map { try $0.reading() }
        let found = canonical.compactMap { name in readings.first { $0.name == name } }
        guard let hours else { return found.map { BuoyReport(latest: $0, history: [$0]) } }
        let histories = try await found.concurrentMap { try await self.history(of: $0, hours: hours) }
        return zip(found, histories).map { BuoyReport(latest: $0, history: $1) }
    }

    /// A buoy's readings in the `hours` up to its latest, oldest first.
    private func history(of latest: BuoyReading, hours: Int) async throws -> [BuoyReading] {
        let answer: [TrebleSurfBuoy]
        if hours <= 24 {
            do {
                answer = try await get("/api/getLast24BuoyData", [("buoyName", latest.name)], cache: lifetimes.buoys)
            } catch let error as ToolboxError where error.kind == .notFound {
                // The server's 404 here means the buoy sent nothing for a day: an empty history.
                return []
            }
        } else {
            // Whole hours, so the next run within the hour asks the same and the cache answers.
            let end = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 3600).rounded(.up) * 3600)
            let start = end.addingTimeInterval(-Double(hours) * 3600)
            answer = try await get(
                "/api/getBuoyDataRange",
                [("buoyName", latest.name), ("startTime", Self.rangeTime(start)), ("endTime", Self.rangeTime(end))],
                cache: lifetimes.buoys
            )
        }
        let since = latest.time.addingTimeInterval(-Double(hours) * 3600)
        return try answer.map { try $0.reading() }.filter { $0.time > since && $0.name == latest.name }.sorted { $0.time < $1.time }
    }

    /// `2006-01-02T15:04:05Z`, the shape `getBuoyDataRange` reads.
    static func rangeTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    // MARK: Reports

    /// Each spot's latest report (whatever its date), or with `limit` its recent ones, newest first.
    func reports(at spots: [Spot], limit: Int?) async throws -> [SurfReport] {
        let cookie = ["Cookie": "session_id=\(try session())"]
        let perSpot = try await spots.concurrentMap { spot in
            let place = [("country", spot.country), ("region", spot.region), ("spot", spot.name)]
            let call =
                limit.map { APICall("/api/getAllSpotReports", query: place + [("limit", "\($0)")], headers: cookie) }
                ?? APICall("/api/getTodaySpotReports", query: place, headers: cookie)
            let reports: [TrebleSurfReport] = try await self.list(call)
            let all = try reports.map { try $0.report(at: spot) }.sorted { $0.time > $1.time }
            return limit == nil ? Array(all.prefix(1)) : all
        }
        let newestFirst = perSpot.flatMap { $0 }.sorted { $0.time > $1.time }
        return limit.map { Array(newestFirst.prefix($0)) } ?? perSpot.flatMap { $0 }
    }

    // MARK: Requests

    /// Every answer is a list, and Go writes an empty list as `null`.
    private func get<Item: Decodable>(_ path: String, _ query: [(String, String)], cache: CachePolicy?) async throws -> [Item] {
        try await list(APICall(path, query: query, cache: cache))
    }

    private func list<Item: Decodable>(_ call: APICall) async throws -> [Item] {
        try await api.decode(call, as: [Item]?.self) ?? []
    }
}
