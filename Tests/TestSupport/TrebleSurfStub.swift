import Foundation

/// Routes on a `StubServer` that answer as the TrebleSurf server does (spec: "TrebleSurf
/// API"), from the bodies in `Tests/SurfTests/Fixtures/treblesurf/`: names matched exactly
/// as the server matches them, `/api/spots` refusing a missing parameter, `currentConditions`
/// 404 without `spot`, five rows a day unless `granularity=hourly`, 0 for a missing value,
/// `null` for an empty list (Go's nil slice), and the session cookie asked for only by
/// the report routes. The fixtures' times are moved to the hour of the test run.
public enum TrebleSurfStub {
    /// What the backend sends besides the fixtures' tidy rows.
    public struct Shape: Sendable {
        /// Rows as the backend writes what it lacks: "" for a time it does not have (Go's zero
        /// time where a time goes through `fmt`), and buoy readings as its mapper writes them
        /// (no `Gust`, no `AirTemperature`; a calm). The `_blank-time(s)` and `_as-mapped` fixtures.
        public var blankTimes: Bool
        /// `/api/regionBuoys` answers with this status and the server's error body; 200 is an empty list.
        public var regionBuoysStatus: Int?
        /// Photos sent as spots' `ImageString` (base64) in place of the fixture's, by spot name.
        public var photos: [String: Data]

        public init(blankTimes: Bool = false, regionBuoysStatus: Int? = nil, photos: [String: Data] = [:]) {
            self.blankTimes = blankTimes
            self.regionBuoysStatus = regionBuoysStatus
            self.photos = photos
        }
    }

    /// The `session_id` the report routes accept.
    public static let session = "ts-7f3a9c41e2"
    /// The fixtures' "now": M4's latest reading; their first forecast hour is the one after it.
    static let reference = 1_775_566_800  // 2026-04-07T13:00:00Z

    public static func install(on server: StubServer, now: Date = Date(), shape: Shape = Shape()) throws {
        let server = Answers(server: server, bodies: try Bodies(now: now, blankTimes: shape.blankTimes, photos: shape.photos))
        server.route("/api/regions") { $1.query["country"] == "Ireland" ? $0.regions : nil }
        server.route("/api/spots") { bodies, request in
            guard let country = request.query["country"], let region = request.query["region"] else {
                throw Refusal(status: 400, error: "country and region are required")
            }
            return country == "Ireland" ? bodies.spots[region] : nil
        }
        server.route("/api/currentConditions") { bodies, request in
            guard let spot = request.query["spot"], let rows = bodies.rows(request, spot: spot, hourly: true) else {
                throw Refusal(status: 404, error: "no forecast data found")
            }
            if let current = bodies.current, spot == "Bundoran" { return current }
            let now = Int(Date().timeIntervalSince1970)
            return rows.first { Int($0["forecast_timestamp"] as? String ?? "") ?? 0 >= now }.map { [$0] }
        }
        server.route("/api/forecast") { bodies, request in
            guard let spot = request.query["spot"], let rows = bodies.rows(request, spot: spot) else {
                throw Refusal(status: 404, error: "no forecast data found")
            }
            return rows
        }
        server.route("/api/listSpotsForecast") { bodies, request in
            guard let names = request.query["spots"] else { throw Refusal(status: 400, error: "spots is required") }
            return names.split(separator: ",").map { bodies.rows(request, spot: String($0)) ?? [] }
        }
        server.route("/api/regionBuoys") { bodies, request in
            switch shape.regionBuoysStatus {
            case nil: return request.query["region"] == "NorthAtlantic" ? bodies.regionBuoys : nil
            case 200: return [Any]()
            case let status?:
                let body = try JSONSerialization.jsonObject(with: Fixtures.data("treblesurf/error-\(status)_regionBuoys.json", target: "SurfTests"))
                throw Refusal(status: status, error: (body as? [String: String])?["error"] ?? "")
            }
        }
        server.route("/api/getMultipleBuoyData") { bodies, request in
            let names = Set((request.query["buoys"] ?? "").split(separator: ",").map(String.init))
            return bodies.latestBuoys.filter { names.contains($0["name"] as? String ?? "") }
        }
        server.route("/api/getLast24BuoyData") { bodies, request in
            // M4 reported all day; every other buoy has been silent, which the server answers with 404.
            guard request.query["buoyName"] == "M4" else { throw Refusal(status: 404, error: "no data found for the last 24 hours") }
            return Array(bodies.threeDaysOfM4.suffix(24))
        }
        server.route("/api/getBuoyDataRange") { bodies, request in
            guard let name = request.query["buoyName"], let start = request.query["startTime"].flatMap(date),
                let end = request.query["endTime"].flatMap(date)
            else { throw Refusal(status: 400, error: "buoyName, startTime and endTime are required") }
            let inRange = bodies.threeDaysOfM4.filter { reading in
                guard reading["name"] as? String == name, let time = (reading["dataDateTime"] as? String).flatMap(date) else { return false }
                return time >= start && time <= end
            }
            return inRange.isEmpty ? nil : inRange
        }
        // The latest report, whatever its date; or the recent ones.
        server.route("/api/getTodaySpotReports") { bodies, request in try bodies.reports(request).map { Array($0.prefix(1)) } }
        server.route("/api/getAllSpotReports") { bodies, request in
            try bodies.reports(request).map { Array($0.prefix(Int(request.query["limit"] ?? "") ?? 10)) }
        }
    }

    /// A refusal in the server's shape: `{"error": "…"}` with its status.
    struct Refusal: Error {
        var status: Int
        var error: String
    }

    /// Routes whose handlers answer a JSON value (nil is Go's `null`) or throw a refusal.
    struct Answers {
        let server: StubServer
        let bodies: Bodies

        func route(_ path: String, _ answer: @escaping @Sendable (Bodies, StubServer.Request) throws -> Any?) {
            let bodies = self.bodies
            server.route(path) { request in
                do {
                    return .json(json(try answer(bodies, request)))
                } catch let refusal as Refusal {
                    return .json(json(["error": refusal.error]), status: refusal.status)
                } catch {
                    return .json(json(["error": "\(error)"]), status: 500)
                }
            }
        }
    }

    /// The fixtures, parsed once and never changed afterwards (so shared across the stub's threads).
    final class Bodies: @unchecked Sendable {
        let regions: Any
        let spots: [String: [[String: Any]]]
        let forecasts: [String: [[String: Any]]]
        let latestBuoys: [[String: Any]]
        let threeDaysOfM4: [[String: Any]]
        let regionBuoys: Any
        let expired: Any
        let reports: [[String: Any]]
        /// Bundoran's current conditions when they are not the first forecast hour's.
        let current: [[String: Any]]?

        init(now: Date, blankTimes: Bool, photos: [String: Data]) throws {
            let shift = Int(now.timeIntervalSince1970) / 3600 * 3600 - TrebleSurfStub.reference
            func fixture(_ name: String) throws -> Any {
                try JSONSerialization.jsonObject(with: Fixtures.data("treblesurf/\(name)", target: "SurfTests"))
            }
            func list(_ name: String) throws -> [[String: Any]] { try fixture(name) as? [[String: Any]] ?? [] }
            regions = try fixture("regions.json")
            let donegal = try list("spots.json").map { spot in
                var spot = spot
                let name = (spot["country_region_spot"] as? String)?.split(separator: "/").last.map(String.init) ?? ""
                if let photo = photos[name] { spot["ImageString"] = photo.base64EncodedString() }
                return spot
            }
            // Sligo gets one spot of its own; Clare has none, which the server writes as null.
            var strandhill = donegal.last ?? [:]
            strandhill["country_region_spot"] = "Ireland/Sligo/Strandhill"
            spots = ["Donegal": donegal, "Sligo": [strandhill]]
            // Forecasts start an hour later than the fixture's, so a run that crosses the hour still finds the same first row.
            let forecast = blankTimes ? "forecast_Bundoran_blank-times.json" : "forecast_Bundoran_granularity-hourly.json"
            let bundoran = try list(forecast).map { moved($0, by: shift + 3600) }
            current = blankTimes ? try list("currentConditions_Bundoran_blank-time.json") : nil
            forecasts = [
                "Bundoran": bundoran,
                "Rossnowlagh": bundoran.map { renamed($0, to: "Ireland#Donegal#Rossnowlagh", scale: 0.6) },
                "Strandhill": bundoran.map { renamed($0, to: "Ireland#Sligo#Strandhill", scale: 0.8) },
            ]
            latestBuoys = try list(blankTimes ? "getMultipleBuoyData_M4-M6_as-mapped.json" : "getMultipleBuoyData_M4-M6.json").map {
                movedReading($0, by: shift)
            }
            let dayOfM4 = try list(blankTimes ? "getLast24BuoyData_M4_as-mapped.json" : "getLast24BuoyData_M4.json")
            // Three days of M4 for ranges: the fixture's day, and the same day one and two days earlier.
            threeDaysOfM4 = [-2, -1, 0].flatMap { day in dayOfM4.map { movedReading($0, by: shift + day * 86_400) } }
            regionBuoys = try fixture("regionBuoys_NorthAtlantic.json")
            expired = try fixture("error-401_session-expired.json")
            reports =
                blankTimes
                ? try list("getTodaySpotReports_Bundoran_blank-times.json")
                : TrebleSurfStub.reports(from: try list("getTodaySpotReports_Bundoran.json").first ?? [:], now: now)
        }

        /// A spot's rows as the server finds them: exact names, five a day unless asked hourly.
        func rows(_ request: StubServer.Request, spot: String, hourly: Bool = false) -> [[String: Any]]? {
            guard request.query["country"] == "Ireland", let rows = forecasts[spot],
                let id = rows.first?["spot_id"] as? String, id.split(separator: "#").dropFirst().first.map(String.init) == request.query["region"]
            else { return nil }
            guard hourly || request.query["granularity"] == "hourly" else {
                return rows.filter { [6, 9, 13, 17, 21].contains((Int($0["forecast_timestamp"] as? String ?? "") ?? 0) / 3600 % 24) }
            }
            return rows
        }

        /// A spot's reports, newest first, for a request that carries the session; nil (`null`) when it has none.
        func reports(_ request: StubServer.Request) throws -> [[String: Any]]? {
            guard request.headers["cookie"] == "session_id=\(TrebleSurfStub.session)" else {
                throw Refusal(status: 401, error: (expired as? [String: String])?["error"] ?? "")
            }
            let key = "\(request.query["country"] ?? "")_\(request.query["region"] ?? "")_\(request.query["spot"] ?? "")"
            let found = reports.filter { $0["country_region_spot"] as? String == key }
            return found.isEmpty ? nil : found
        }
    }

    /// Bundoran's latest report is months old, in Go's `time.String()` form with the
    /// monotonic reading; before it, one from last summer. Rossnowlagh's is from right now.
    static func reports(from fixture: [String: Any], now: Date) -> [[String: Any]] {
        func report(_ spot: String, time: String, stamp: String, size: String, reporter: String) -> [String: Any] {
            var report = fixture
            report["country_region_spot"] = "Ireland_Donegal_\(spot)"
            report["Time"] = time
            report["dateReported"] = "\(stamp)_8d0f3c1e-5b2a-4e7c-9f61-2a7b3c4d5e6f"
            report["SurfSize"] = size
            report["Reporter"] = reporter
            return report
        }
        return [
            report(
                "Bundoran",
                time: "2025-10-03T08:15:00Z",
                stamp: "2025-10-03 08:15:00.123456789 +0000 UTC m=+3.512345678",
                size: "head-high",
                reporter: "Aoife"
            ),
            report(
                "Bundoran",
                time: "2025-07-19T18:02:00Z",
                stamp: "2025-07-19 18:02:00 +0000 UTC",
                size: "knee-waist",
                reporter: "ciaran@example.ie"
            ),
            report("Rossnowlagh", time: rfc3339(now), stamp: rfc3339(now), size: "chest-shoulder", reporter: "Niamh"),
        ]
    }

    static func moved(_ row: [String: Any], by shift: Int) -> [String: Any] {
        var row = row
        for key in ["forecast_timestamp", "generated_at"] {
            if let seconds = (row[key] as? String).flatMap({ Int($0) }) { row[key] = String(seconds + shift) }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        // A time the row does not have ("", Go's zero time) stays as the server wrote it.
        if var data = row["data"] as? [String: Any], let seconds = (row["forecast_timestamp"] as? String).flatMap({ Int($0) }),
            let written = (data["dateForecastedFor"] as? String).flatMap(formatter.date), written.timeIntervalSince1970 > 0
        {
            data["dateForecastedFor"] = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
            row["data"] = data
        }
        return row
    }

    static func renamed(_ row: [String: Any], to spot: String, scale: Double) -> [String: Any] {
        var row = row
        row["spot_id"] = spot
        if var data = row["data"] as? [String: Any] {
            for key in ["surfSize", "swellHeight"] { data[key] = (data[key] as? Double ?? 0) * scale }
            row["data"] = data
        }
        return row
    }

    static func movedReading(_ reading: [String: Any], by shift: Int) -> [String: Any] {
        var reading = reading
        if let time = (reading["dataDateTime"] as? String).flatMap(date) {
            reading["dataDateTime"] = rfc3339(time.addingTimeInterval(Double(shift)))
        }
        return reading
    }

    static func date(_ text: String) -> Date? { ISO8601DateFormatter().date(from: text) }
    static func rfc3339(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    static func json(_ value: Any?) -> Data {
        guard let value else { return Data("null".utf8) }
        return (try? JSONSerialization.data(withJSONObject: value)) ?? Data("null".utf8)
    }

}
