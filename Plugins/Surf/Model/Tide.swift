import Foundation
import PluginAPI

/// A Marine Institute tide prediction station, as its datasets name it (`Killybegs`,
/// `Lahinch_MODELLED`: predicted from the Institute's ocean model, with no gauge there).
struct TideStation: Codable, Sendable, Equatable {
    var id: String
    var latitude, longitude: Double

    /// "Lahinch", for people.
    var name: String { baseID.replacingOccurrences(of: "_", with: " ") }

    /// The id without its `_MODELLED` mark: the high-and-low dataset spells some stations so.
    var baseID: String { id.hasSuffix(Self.modelled) ? String(id.dropLast(Self.modelled.count)) : id }

    static let modelled = "_MODELLED"

    /// Kilometres to a place, along the Earth's surface.
    func distance(toLatitude latitude: Double, longitude: Double) -> Double {
        Geography.kilometres(from: (self.latitude, self.longitude), to: (latitude, longitude))
    }
}

/// The predicted level at a time, in metres above chart datum (LAT).
struct TideLevel: Sendable, Equatable {
    var time: Date
    var height: Double
}

/// A high or low water.
struct TideTurn: Encodable, Sendable, Equatable {
    enum Kind: String, Encodable, Sendable { case high, low }
    var kind: Kind
    var time: Date
    /// Metres above chart datum (LAT).
    var height: Double

    enum CodingKeys: String, CodingKey { case kind, time, height }

    /// The time in the spot's own offset, as every surf time is written.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(SpotTime.iso(time), forKey: .time)
        try container.encode(height, forKey: .height)
    }
}

/// A station's predictions over some days: the level every few minutes and the turns,
/// all in metres above chart datum (LAT), as Irish tide tables print them.
struct TideTable: Sendable {
    var station: TideStation
    /// The predicted level every few minutes, oldest first.
    var levels: [TideLevel]
    /// Highs and lows, oldest first.
    var turns: [TideTurn]

    /// The level at a time, between the two predictions around it; nil outside them.
    func height(at time: Date) -> Double? {
        guard let after = levels.firstIndex(where: { $0.time >= time }) else { return nil }
        let next = levels[after]
        if next.time == time || after == 0 { return next.time == time ? next.height : nil }
        let previous = levels[after - 1]
        let share = time.timeIntervalSince(previous.time) / next.time.timeIntervalSince(previous.time)
        return previous.height + (next.height - previous.height) * share
    }

    /// The tide at a time: its height, whether it rises, and the next high and low.
    func now(at time: Date) -> TideNow? {
        guard let height = height(at: time), let next = turns.first(where: { $0.time > time }) else { return nil }
        return TideNow(
            height: (height * 100).rounded() / 100,
            trend: next.kind == .high ? .rising : .falling,
            nextHigh: turns.first { $0.time > time && $0.kind == .high },
            nextLow: turns.first { $0.time > time && $0.kind == .low }
        )
    }

    /// Where the tide stands between its low and high at a time (0 low water, 1 high water).
    func stage(at time: Date) -> Double? {
        guard let height = height(at: time), let before = turns.last(where: { $0.time <= time }),
            let after = turns.first(where: { $0.time > time }), before.kind != after.kind
        else { return nil }
        let (low, high) = before.kind == .low ? (before.height, after.height) : (after.height, before.height)
        return high > low ? min(1, max(0, (height - low) / (high - low))) : nil
    }

    /// The turns of each local day from `start` on, `days` of them (days with none included).
    func days(from start: Date, count days: Int, zone: TimeZone = SpotTime.zone) -> [TideDay] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let first = calendar.startOfDay(for: start)
        return (0..<days).compactMap { offset in
            guard let day = calendar.date(byAdding: .day, value: offset, to: first),
                let next = calendar.date(byAdding: .day, value: 1, to: day)
            else { return nil }
            return TideDay(day: day, turns: turns.filter { $0.time >= day && $0.time < next })
        }
    }
}

/// The tide at one moment.
struct TideNow: Encodable, Sendable, Equatable {
    enum Trend: String, Encodable, Sendable { case rising, falling }
    var height: Double
    var trend: Trend
    @Nullable var nextHigh: TideTurn?
    @Nullable var nextLow: TideTurn?
}

/// One local day's highs and lows.
struct TideDay: Encodable, Sendable, Equatable {
    /// The local date: "2027-03-28".
    var date: String
    var turns: [TideTurn]

    init(day: Date, turns: [TideTurn], zone: TimeZone = SpotTime.zone) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd"
        date = formatter.string(from: day)
        self.turns = turns
    }
}

/// The station a spot's tides come from, and how far away it is.
struct TideSource: Encodable, Sendable, Equatable {
    var id: String
    var name: String
    var latitude, longitude: Double
    /// Kilometres from the spot; nil when the station was named itself.
    @Nullable var distance: Double?
    /// Heights are above this: Lowest Astronomical Tide, the chart datum.
    var datum = "LAT"

    init(_ station: TideStation, distance: Double?) {
        id = station.id
        name = station.name
        latitude = station.latitude
        longitude = station.longitude
        self.distance = distance.map { ($0 * 10).rounded() / 10 }
    }
}

/// The Marine Institute's tide predictions are CC BY 4.0, as its buoys are.
let tideCredit = "Tide predictions: Marine Institute, Ireland (CC BY 4.0)"

/// What a screen credits: its provider's forecast, and the Marine Institute when tides are on it.
func credits(_ forecast: String?, withTides: Bool) -> String? {
    let all = [forecast, withTides ? tideCredit : nil].compactMap { $0 }
    return all.isEmpty ? nil : all.joined(separator: "; ")
}

extension SpotConditions {
    /// With the tide at `time` from its spot's table, when there is one.
    func withTide(_ tables: [String: (table: TideTable, distance: Double)], at time: Date) -> SpotConditions {
        var conditions = self
        guard let found = tables["\(SpotNames.key(region))/\(SpotNames.key(spot))"] else { return conditions }
        conditions.tide = found.table.now(at: time)
        conditions.tideStation = TideSource(found.table.station, distance: found.distance)
        return conditions
    }
}
