import Foundation
import Logging
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
    /// Notices (stderr), and under --verbose what was left out of an answer.
    let output: Output
    let logger: Logger
    /// Where fetched forecasts are kept, by the time TrebleSurf generated them.
    let keeping: ForecastKeeping?
    /// Where the spots' photos are kept, apart from the list, as the app keeps them: 30 days.
    let photos: ResponseCache
    static let photoLifetime = CachePolicy(kind: "photos", timeToLive: 30 * 86_400)
    /// A photo larger than this (as sent, in base64) is not kept: the app's are tens of kilobytes.
    static let photoLimit = 8_000_000
    /// The buoys TrebleSurf relays are listed under this region.
    static let buoyRegion = "NorthAtlantic"
    /// The buoys the app shows when the region's list cannot be had.
    static let usualBuoys = ["M4", "M6"]

    init(
        web: WebClient,
        baseURL: URL,
        session: @escaping @Sendable () throws -> String,
        lifetimes: SurfLifetimes,
        namespace: String,
        output: Output,
        logger: Logger,
        keeping: ForecastKeeping? = nil
    ) {
        api = APIClient(
            service: "TrebleSurf",
            baseURL: baseURL,
            namespace: namespace,
            web: web,
            errorMessage: TrebleSurfFailure.text,
            failure: Self.failure
        )
        self.session = session
        photos = web.cache
        self.lifetimes = lifetimes
        self.output = output
        self.logger = logger
        self.keeping = keeping
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
        // A fresh list: each photo is kept apart, then the list without them.
        call.slim = { [self] body in
            for (name, photo) in TrebleSurfSpot.photos(in: body, limit: Self.photoLimit) {
                photos.store(HTTPResponse(status: 200, body: photo), for: photoKey(name), policy: Self.photoLifetime)
            }
            return TrebleSurfSpot.withoutPhotos(body)
        }
        let spots: [TrebleSurfSpot] = try await list(call)
        return spots.compactMap(\.spot)
    }

    /// The photo kept for a spot ("Ireland/Donegal/Bundoran"), until the list comes again.
    func photo(of spot: Spot) -> Data? {
        photos.read(photoKey("\(spot.country)/\(spot.region)/\(spot.name)")).map(\.body)
    }

    /// Where a spot's photo is kept: under the list's own address, with the spot's name.
    private func photoKey(_ name: String) -> HTTPRequest {
        var url = api.baseURL.appendingPathComponent("api/spots")
        url.append(queryItems: [URLQueryItem(name: "photo", value: name)])
        return HTTPRequest(url: url, namespace: api.namespace, cache: Self.photoLifetime)
    }

    // MARK: Conditions and forecasts

    /// One spot from `currentConditions`; a region's spots from one `listSpotsForecast`,
    /// each spot's row for now chosen as the server chooses it (the first hour not yet past).
    func conditions(at spots: [Spot]) async throws -> [SpotConditions] {
        guard let first = spots.first else { return [] }
        let place = [("country", first.country), ("region", first.region)]
        if spots.count == 1 {
            let rows: [TrebleSurfForecastRow] = try await get("/api/currentConditions", place + [("spot", first.name)], cache: lifetimes.conditions)
            let timed = readable(rows, "\(first.name)'s conditions", time: { try $0.time() })
            // The server chose this row as now: without a time it is still the spot's conditions.
            let current = timed.count == 1 ? timed.first : Self.now(of: inSeries(timed, "\(first.name)'s conditions"))
            return current.map { [$0.row.conditions(at: first, time: $0.time)] } ?? []
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
        return zip(spots, perSpot).compactMap { spot, rows in
            let what = "\(spot.name)'s forecast"
            let timed = inSeries(readable(rows ?? [], what, time: { try $0.time() }), what)
            keep(timed, at: spot)
            return Self.now(of: timed).map { $0.row.conditions(at: spot, time: $0.time) }
        }
    }

    /// The first row at or after now, else the latest there is.
    static func now<Row>(of rows: [(row: Row, time: Date)], at now: Date = Date()) -> (row: Row, time: Date)? {
        let ordered = rows.sorted { $0.time < $1.time }
        return ordered.first { $0.time >= now } ?? ordered.last
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
        let what = "\(spot.name)'s forecast"
        let timed = inSeries(readable(rows, what, time: { try $0.time() }), what).sorted { $0.time < $1.time }
        keep(timed, at: spot)
        return timed.filter { $0.time >= start && $0.time < end }.map { $0.row.conditions(at: spot, time: $0.time) }
    }

    /// Keeps a spot's forecast as issued when TrebleSurf generated it (the latest `generated_at` of its
    /// rows); a cached answer is kept again under the same hour, so nothing doubles.
    private func keep(_ rows: [(row: TrebleSurfForecastRow, time: Date)], at spot: Spot) {
        guard let keeping, let issued = rows.compactMap({ try? SurfTimestamp.parseIfPresent($0.row.generatedAt) }).max() else { return }
        keeping.keep([(spot.latitude, spot.longitude, rows.map { $0.row.conditions(at: spot, time: $0.time) })], issued: issued)
    }

    // MARK: Buoys

    func buoys(_ names: [String], hours: Int?) async throws -> [BuoyReport] {
        let known = try await knownBuoys()
        let canonical = try names.map { name in
            guard let buoy = known.first(where: { SpotNames.key($0) == SpotNames.key(name) }) else {
                throw ToolboxError.notFound("TrebleSurf has no buoy “\(name)”", hint: "buoys: \(known.joined(separator: ", "))")
            }
            return buoy
        }
        let latest: [TrebleSurfBuoy] = try await get(
            "/api/getMultipleBuoyData",
            [("buoys", canonical.joined(separator: ","))],
            cache: lifetimes.buoys
        )
        // A latest reading without a time is still the latest: shown, with no age.
        let readings = readable(latest, "the buoys' latest readings", time: { try $0.time() }).map { $0.row.reading(at: $0.time) }
        let found = canonical.compactMap { name in readings.first { $0.name == name } }
        guard let hours else { return found.map { BuoyReport(latest: $0, history: [$0]) } }
        let histories = try await found.concurrentMap { try await self.history(of: $0, hours: hours) }
        return zip(found, histories).map { BuoyReport(latest: $0, history: $1) }
    }

    /// The names of the buoys TrebleSurf lists; where the list cannot be had (404, a failure
    /// after the retries, an empty list), M4 and M6, as the app does, with a notice.
    private func knownBuoys() async throws -> [String] {
        let listed: [TrebleSurfBuoyName]
        var reason = "TrebleSurf lists no buoys for \(Self.buoyRegion)"
        do {
            listed = try await get("/api/regionBuoys", [("region", Self.buoyRegion)], cache: lifetimes.spots)
        } catch let error as ToolboxError where [.notFound, .unavailable, .badData].contains(error.kind) {
            listed = []
            if error.kind != .notFound { reason = "TrebleSurf's buoy list failed: \(error.message)" }
        }
        guard listed.isEmpty else { return listed.map(\.name) }
        output.notice("\(reason); showing \(Self.usualBuoys.joined(separator: " and ")), as the TrebleSurf app does")
        return Self.usualBuoys
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
        let what = "\(latest.name)'s readings"
        let series = inSeries(readable(answer.filter { $0.name == latest.name }, what, time: { try $0.time() }), what)
        // The window ends at the latest reading, or the newest timed one when the latest came without a time.
        guard let end = latest.time ?? series.map(\.time).max() else { return [] }
        let since = end.addingTimeInterval(-Double(hours) * 3600)
        return series.filter { $0.time > since }.sorted { $0.time < $1.time }.map { $0.row.reading(at: $0.time) }
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
            let all = self.readable(reports, "\(spot.name)'s reports", time: { try $0.reportedAt() })
                .map { $0.row.report(at: spot, time: $0.time) }
                .sorted(by: SurfReport.newestFirst)
            return limit == nil ? Array(all.prefix(1)) : all
        }
        let newestFirst = perSpot.flatMap { $0 }.sorted(by: SurfReport.newestFirst)
        return limit.map { Array(newestFirst.prefix($0)) } ?? perSpot.flatMap { $0 }
    }

    /// Asks for one report with the session, the cheapest request that needs it, at the region's
    /// first spot: an expired or invalid session is the `authentication` error.
    func checkSession(country: String, region: String) async throws {
        guard let spot = try await spots(country: country, region: region).first else {
            throw ToolboxError.notFound("TrebleSurf has no spots in \(region)", hint: "set surf.region to one of TrebleSurf's regions")
        }
        _ = try await reports(at: [spot], limit: 1)
    }

    // MARK: Rows the server sent without a time

    /// Each row with its time (nil where the server had none). A row whose time cannot be
    /// read is that row's problem: it is left out, and --verbose says so.
    private func readable<Row>(_ rows: [Row], _ what: String, time: (Row) throws -> Date?) -> [(row: Row, time: Date?)] {
        rows.compactMap { row in
            do {
                return (row, try time(row))
            } catch {
                logger.info("left out a row of \(what): \((error as? ToolboxError)?.message ?? "\(error)")")
                return nil
            }
        }
    }

    /// The rows that have a time, for a series in time; the others are left out (never given
    /// one), and --verbose says so.
    private func inSeries<Row>(_ rows: [(row: Row, time: Date?)], _ what: String) -> [(row: Row, time: Date)] {
        let untimed = rows.filter { $0.time == nil }.count
        if untimed > 0 {
            logger.info(
                "left out \(untimed == 1 ? "a row" : "\(untimed) rows") of \(what): TrebleSurf sent \(untimed == 1 ? "it" : "them") without a time"
            )
        }
        return rows.compactMap { row in row.time.map { (row.row, $0) } }
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
