import Foundation
import PluginAPI

/// Tide predictions from the Marine Institute's ERDDAP, keyless, whichever provider gives the surf:
/// - the stations: `IMI-TidePrediction`'s ids and positions (`distinct()`), kept for a month, or the
///   shipped list when that cannot be had;
/// - a station's level every few minutes, in metres above chart datum (LAT): `IMI-TidePrediction`'s
///   `Water_Level` (it gives Ordnance Datum Malin too, as `Water_Level_ODM`);
/// - its highs and lows: `IMI_TidePrediction_HighLow`, whose heights are above Ordnance Datum Malin
///   only (`Water_Level_ODMalin`), raised to LAT by the station's own offset between the two datums,
///   read from the level rows.
/// Predictions are asked for a whole week at a time, so one answer serves every command of the week
/// and, kept long, answers offline.
struct TidePredictions: Sendable {
    let erddap: APIClient
    /// How far (km) a spot may be from the station its tides are read at.
    let reach: Double
    let lifetime: CachePolicy
    /// How long the surf waits for its tides (`surf.tides_wait_seconds`): a slow ERDDAP leaves
    /// them out, not the surf.
    let patience: Duration

    static let levels = "IMI-TidePrediction"
    static let turns = "IMI_TidePrediction_HighLow"
    static let stationLifetime = CachePolicy(kind: "tide-stations", timeToLive: 30 * 86_400)
    /// The most days a command may ask for: what one week's answer covers from its last day.
    static let maximumDays = 7

    /// The stations, as the dataset lists them; the shipped list when it cannot be had.
    func stations() async -> [TideStation] {
        guard let data = try? await send("\(Self.levels).csv", "stationID,longitude,latitude&distinct()", cache: Self.stationLifetime),
            let table = try? ERDDAPTable(csv: String(decoding: data, as: UTF8.self), what: "the tide station list")
        else { return IrishTideStations.all }
        let listed = table.rows.compactMap { row -> TideStation? in
            guard let id = table.cell(row, "stationID"), !id.isEmpty, let latitude = table.number(row, "latitude"),
                let longitude = table.number(row, "longitude")
            else { return nil }
            return TideStation(id: id, latitude: latitude, longitude: longitude)
        }
        return listed.isEmpty ? IrishTideStations.all : listed
    }

    /// The station nearest a spot, and how far it is; none within `reach` is exit 66.
    func station(near spot: Spot) async throws -> (station: TideStation, distance: Double) {
        try Self.nearest(to: spot, among: await stations(), reach: reach)
    }

    static func nearest(to spot: Spot, among stations: [TideStation], reach: Double) throws -> (station: TideStation, distance: Double) {
        let nearest = stations.map { ($0, $0.distance(toLatitude: spot.latitude, longitude: spot.longitude)) }.min { $0.1 < $1.1 }
        guard let nearest, nearest.1 <= reach else {
            throw ToolboxError.notFound(
                "no tide station within \(Int(reach.rounded())) km of \(spot.name)"
                    + (nearest.map { " (the nearest, \($0.0.name), is \(Int($0.1.rounded())) km away)" } ?? ""),
                hint: "surf.tide_station_km sets how far a spot's tide station may be"
            )
        }
        return nearest
    }

    typealias SpotTables = (tables: [String: (table: TideTable, distance: Double)], problem: ToolboxError?)

    /// Each spot's station and predictions for the week around `now`, or none after `patience`,
    /// saying so.
    func tables(near spots: [Spot], around now: Date) async -> SpotTables {
        guard !spots.isEmpty else { return ([:], nil) }
        let late = ToolboxError.unavailable(
            "the Marine Institute did not answer within \(patience.components.seconds) s",
            hint: "try again later, or wait longer with surf.tides_wait_seconds"
        )
        return await Patience.first(within: patience, { await fetchTables(near: spots, around: now) }, late: ([:], late))
    }

    /// Each spot's station and predictions for the week around `now`, every station asked once. A
    /// spot whose tides cannot be had is left out, and the first reason is given.
    private func fetchTables(near spots: [Spot], around now: Date) async -> SpotTables {
        let stations = await stations()
        var problem: ToolboxError?
        var nearest: [String: (station: TideStation, distance: Double)] = [:]
        for spot in spots {
            do {
                nearest[spot.path] = try Self.nearest(to: spot, among: stations, reach: reach)
            } catch {
                problem = problem ?? ToolboxError.from(error)
            }
        }
        let asked = Dictionary(nearest.values.map { ($0.station.id, $0.station) }, uniquingKeysWith: { first, _ in first })
        // One station after another. Asked at once in a task group nested in another, on the
        // command's main-thread executor, they crashed the release build (Swift 6.3.1 offered a
        // child's result to the wrong waiter). A region has one to three stations, and their week
        // is usually kept.
        var answers: [String: Result<TideTable, ToolboxError>] = [:]
        for (id, station) in asked {
            do { answers[id] = .success(try await table(at: station, around: now)) } catch { answers[id] = .failure(ToolboxError.from(error)) }
        }
        var tables: [String: (table: TideTable, distance: Double)] = [:]
        for (path, near) in nearest {
            switch answers[near.station.id] {
            case .success(let table): tables[path] = (table, near.distance)
            case .failure(let error): problem = problem ?? error
            case nil: break
            }
        }
        return (tables, problem)
    }

    /// A station by its name or id, in any case ("killybegs", "Lahinch_MODELLED", "dublin port").
    func station(named name: String) async -> TideStation? {
        let key = SpotNames.key(name)
        return await stations().first { SpotNames.key($0.name) == key || SpotNames.key($0.id) == key }
    }

    /// A station's levels and turns over the week around `now` (from the day before it began to
    /// `maximumDays` past its end).
    func table(at station: TideStation, around now: Date) async throws -> TideTable {
        let (start, end) = Self.week(around: now)
        let span = "&time>=\(Self.iso(start))&time<=\(Self.iso(end))"
        let none = ToolboxError.notFound(
            "no tide predictions for \(station.name) around \(SpotTime.display(now))",
            hint: "the Marine Institute predicts about two years ahead; try again later, or another station"
        )
        async let levelData = send(
            "\(Self.levels).csv",
            "time,Water_Level,Water_Level_ODM&stationID=\"\(station.id)\"" + span,
            cache: lifetime,
            notFound: none
        )
        // Some stations' highs and lows are filed without the level dataset's `_MODELLED` mark.
        async let turnData = send(
            "\(Self.turns).csv",
            "time,tide_time_category,Water_Level_ODMalin&stationID=~\"\(station.baseID)(\(TideStation.modelled))?\"" + span,
            cache: lifetime,
            notFound: none
        )
        let levelTable = try ERDDAPTable(csv: String(decoding: try await levelData, as: UTF8.self), what: "the tide predictions")
        let turnTable = try ERDDAPTable(csv: String(decoding: try await turnData, as: UTF8.self), what: "the highs and lows")
        return try Self.table(station, levels: levelTable, turns: turnTable)
    }

    /// The two answers as one table in LAT; rows that cannot be read are left out.
    static func table(_ station: TideStation, levels: ERDDAPTable, turns: ERDDAPTable) throws -> TideTable {
        var series: [TideLevel] = []
        var offsets: [Double] = []
        for row in levels.rows {
            guard let time = levels.time(row), let height = levels.number(row, "Water_Level") else { continue }
            series.append(TideLevel(time: time, height: height))
            if let malin = levels.number(row, "Water_Level_ODM") { offsets.append(height - malin) }
        }
        series.sort { $0.time < $1.time }
        guard series.count >= 2 else {
            throw ToolboxError.badData("the Marine Institute sent no tide levels for \(station.name)", hint: "try again later, or with --refresh")
        }
        let offset = offsets.sorted().dropFirst(offsets.count / 2).first
        let curve = TideTable(station: station, levels: series, turns: [])
        let found = turns.rows.compactMap { row -> TideTurn? in
            guard let time = turns.time(row), let kind = turns.cell(row, "tide_time_category").flatMap({ TideTurn.Kind(rawValue: $0.lowercased()) })
            else { return nil }
            // Above Malin plus the station's offset; the level curve at that moment where no offset is known.
            guard let height = turns.number(row, "Water_Level_ODMalin").flatMap({ malin in offset.map { malin + $0 } }) ?? curve.height(at: time)
            else { return nil }
            return TideTurn(kind: kind, time: time, height: (height * 100).rounded() / 100)
        }
        return TideTable(station: station, levels: series, turns: found.sorted { $0.time < $1.time })
    }

    /// From the day before the UTC week of `now` began to `maximumDays` past its end.
    static func week(around now: Date) -> (Date, Date) {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = .gmt
        let monday = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? calendar.startOfDay(for: now)
        return (monday.addingTimeInterval(-86_400), monday.addingTimeInterval(Double(7 + maximumDays + 1) * 86_400))
    }

    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }

    private func send(_ file: String, _ query: String, cache: CachePolicy, notFound: ToolboxError? = nil) async throws -> Data {
        let url = try ERDDAPTable.url(erddap.baseURL.appendingPathComponent(file), query: query, key: "surf.tides_url")
        return try await erddap.send(APICall(url: url, cache: cache, notFound: notFound)).body
    }
}
