import Foundation

/// Routes on a `StubServer` that answer as the Marine Institute's ERDDAP does for its tide
/// datasets (`../shared/specs/surf.md`, and the datasets' pages): CSV with a row naming the
/// columns and a row of units before the data, the query in ERDDAP's own language
/// (`columns&constraint&…`, `distinct()`, `=~` for a regular expression), and a query that
/// matches nothing answered 404 with ERDDAP's error text.
/// - `IMI-TidePrediction`: `time, Water_Level` (m above LAT) `, Water_Level_ODM` (m above
///   Ordnance Datum Malin) every 5 minutes, or `stationID, longitude, latitude` with `distinct()`;
/// - `IMI_TidePrediction_HighLow`: `time, tide_time_category` (HIGH or LOW) `, Water_Level_ODMalin`.
/// Each station's tide is a mean level and two harmonics (M2 and S2), so it rises and falls as a
/// real semidiurnal tide does, springs and neaps included, and its highs and lows are known.
public enum ERDDAPTideStub {
    public struct Station: Sendable {
        /// As the level dataset names it ("Lahinch_MODELLED").
        public var id: String
        public var latitude, longitude: Double
        /// As the high-and-low dataset names it: some modelled stations lose the mark there.
        public var turnsID: String
        /// Mean level above LAT, and how far LAT lies below Ordnance Datum Malin.
        public var mean, malinOffset: Double
        /// Hours by which its tide lags Killybegs'.
        public var lag: Double

        public init(
            id: String,
            latitude: Double,
            longitude: Double,
            turnsID: String? = nil,
            mean: Double = 2.2,
            malinOffset: Double = 2.1,
            lag: Double = 0
        ) {
            self.id = id
            self.latitude = latitude
            self.longitude = longitude
            self.turnsID = turnsID ?? id
            self.mean = mean
            self.malinOffset = malinOffset
            self.lag = lag
        }

        /// Metres above LAT at a time.
        public func level(at time: Date) -> Double {
            let hours = time.timeIntervalSince1970 / 3600 - lag
            return mean + 1.3 * cos(2 * .pi * hours / 12.4206) + 0.45 * cos(2 * .pi * hours / 12.0)
        }

        /// Highs and lows from `start` to `end`, to the minute: where the level turns.
        public func turns(from start: Date, to end: Date) -> [(time: Date, high: Bool, height: Double)] {
            var found: [(Date, Bool, Double)] = []
            var minute = (start.timeIntervalSince1970 / 60).rounded(.down) * 60
            var before = level(at: Date(timeIntervalSince1970: minute - 60))
            var here = level(at: Date(timeIntervalSince1970: minute))
            while minute <= end.timeIntervalSince1970 {
                let after = level(at: Date(timeIntervalSince1970: minute + 60))
                if here > before && here >= after { found.append((Date(timeIntervalSince1970: minute), true, here)) }
                if here < before && here <= after { found.append((Date(timeIntervalSince1970: minute), false, here)) }
                (before, here, minute) = (here, after, minute + 60)
            }
            return found
        }
    }

    /// Killybegs, Tory Island (modelled) and Lahinch (modelled, filed as `Lahinch` among highs and lows).
    public static let donegalAndClare = [
        Station(id: "Killybegs", latitude: 54.6364, longitude: -8.3949),
        Station(id: "Tory_Island_MODELLED", latitude: 55.2508, longitude: -8.1962, mean: 2.0, malinOffset: 1.9, lag: 0.4),
        Station(id: "Lahinch_MODELLED", latitude: 52.911, longitude: -9.3899, turnsID: "Lahinch", mean: 2.5, malinOffset: 2.4, lag: -0.6),
    ]

    /// ERDDAP's answer to a query that matches no row.
    public static let noRows = Data(
        "Error {\n    code=404;\n    message=\"Not Found: Your query produced no matching results. (nRows = 0)\";\n}\n".utf8
    )

    /// Installs the two datasets under `prefix` (the `surf.tides_url` the test sets); without
    /// `listingStations`, the station list fails as an overloaded server's does (500).
    public static func install(
        on server: StubServer,
        stations: [Station] = donegalAndClare,
        listingStations: Bool = true,
        prefix: String = "/erddap/tabledap",
        delay: Duration = .zero
    ) {
        server.route("\(prefix)/IMI-TidePrediction.csv") { request in
            if request.query["distinct()"] != nil {
                guard listingStations else { return .text("Error {\n    code=500;\n    message=\"Internal Server Error\";\n}\n", status: 500) }
                let rows = stations.map { "\($0.id),\($0.longitude),\($0.latitude)" }
                return csv(["stationID,longitude,latitude", ",degrees_east,degrees_north"] + rows, delay: delay)
            }
            guard let (from, to) = span(request), let station = stations.first(where: { "\"\($0.id)\"" == request.query["stationID"] }) else {
                return .text(String(decoding: noRows, as: UTF8.self), status: 404)
            }
            var rows: [String] = []
            var time = (from.timeIntervalSince1970 / 300).rounded(.up) * 300
            while time <= to.timeIntervalSince1970 {
                let level = station.level(at: Date(timeIntervalSince1970: time))
                rows.append("\(iso(Date(timeIntervalSince1970: time))),\(rounded(level)),\(rounded(level - station.malinOffset))")
                time += 300
            }
            return rows.isEmpty
                ? .text(String(decoding: noRows, as: UTF8.self), status: 404)
                : csv(["time,Water_Level,Water_Level_ODM", "UTC,metres,metres"] + rows, delay: delay)
        }
        server.route("\(prefix)/IMI_TidePrediction_HighLow.csv") { request in
            // `stationID=~"Lahinch(_MODELLED)?"`: a regular expression over the names.
            guard let (from, to) = span(request), let pattern = request.query["stationID"], pattern.hasPrefix("~\""), pattern.hasSuffix("\""),
                let expression = try? NSRegularExpression(pattern: "^(" + pattern.dropFirst(2).dropLast() + ")$"),
                let station = stations.first(where: {
                    expression.firstMatch(in: $0.turnsID, range: NSRange($0.turnsID.startIndex..., in: $0.turnsID)) != nil
                })
            else { return .text(String(decoding: noRows, as: UTF8.self), status: 404) }
            let rows = station.turns(from: from, to: to).map {
                "\(iso($0.time)),\($0.high ? "HIGH" : "LOW"),\(rounded($0.height - station.malinOffset))"
            }
            return rows.isEmpty
                ? .text(String(decoding: noRows, as: UTF8.self), status: 404)
                : csv(["time,tide_time_category,Water_Level_ODMalin", "UTC,,metres"] + rows, delay: delay)
        }
    }

    /// `time>=A&time<=B`, as URLComponents splits it (`time>` = A, `time<` = B).
    static func span(_ request: StubServer.Request) -> (Date, Date)? {
        guard let from = request.query["time>"].flatMap({ try? Date($0, strategy: .iso8601) }),
            let to = request.query["time<"].flatMap({ try? Date($0, strategy: .iso8601) })
        else { return nil }
        return (from, to)
    }

    static func csv(_ lines: [String], delay: Duration) -> StubServer.Reply {
        .text(lines.joined(separator: "\n") + "\n", headers: ["Content-Type": "text/csv;charset=UTF-8"], delay: delay)
    }

    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }

    static func rounded(_ metres: Double) -> String { String(format: "%.3f", metres) }
}
