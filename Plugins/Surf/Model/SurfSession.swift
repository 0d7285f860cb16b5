import Foundation
import PluginAPI

/// A session a surfer logged: where, when, how long, how it was, and the conditions then.
struct SurfSession: Codable, Sendable, Equatable {
    /// Its number in the log, for `surf log remove N`; never reused.
    var number: Int
    var spot: String
    var region: String
    /// `donegal/bundoran`
    var path: String
    @IrishTime var start: Date
    var hours: Double
    /// 1 to 5.
    var rating: Int?
    var board: String?
    var note: String?
    var conditions: SessionConditions?

    var month: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = SpotTime.zone
        let parts = calendar.dateComponents([.year, .month], from: start)
        return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
    }
}

/// The sea, wind and tide at a session's hour, and where they were read: the buoy near the spot
/// when one is near enough to stand for it, else what the freshest kept forecast said of the spot.
struct SessionConditions: Codable, Sendable, Equatable {
    enum Source: String, Codable, Sendable { case buoy, forecast }
    var source: Source
    /// The buoy's name and how far it is, or when the forecast was issued.
    var buoy: String?
    var kilometres: Double?
    @IrishTime var issued: Date? = nil
    var waveHeight, wavePeriod, waveDirection: Double?
    var windSpeed, windDirection: Double?
    var relativeWind: RelativeWind?
    /// How far the tide was from low water (0) to high water (1), and whether it was rising.
    var tideStage: Double?
    var tideRising: Bool?

    /// "measured at M4, 38 km away" or "as forecast Sat 06:00 GMT".
    var said: String {
        switch source {
        case .buoy: "measured at \(buoy ?? "the buoy")" + (kilometres.map { ", \(Int($0.rounded())) km away" } ?? "")
        case .forecast: "as forecast " + SpotTime.display(issued)
        }
    }
}

/// A time kept and written in Irish local time with its offset ("2026-11-28T07:30:00Z" is read too).
@propertyWrapper
struct IrishTime<Value: Sendable & Equatable>: Codable, Sendable, Equatable where Value: IrishTimeValue {
    var wrappedValue: Value

    init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            guard let none = Value(date: nil) else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "a time is needed") }
            wrappedValue = none
            return
        }
        let text = try container.decode(String.self)
        guard let date = ISO8601DateFormatter().date(from: text), let value = Value(date: date) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "the time “\(text)”")
        }
        wrappedValue = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let date = wrappedValue.date { try container.encode(SpotTime.iso(date)) } else { try container.encodeNil() }
    }
}

/// A `Date`, or an optional one, as `IrishTime` keeps it.
protocol IrishTimeValue {
    init?(date: Date?)
    var date: Date? { get }
}

extension Date: IrishTimeValue {
    init?(date: Date?) {
        guard let date else { return nil }
        self = date
    }
    var date: Date? { self }
}

extension Optional: IrishTimeValue where Wrapped == Date {
    init?(date: Date?) { self = date }
    var date: Date? { self }
}

extension KeyedDecodingContainer {
    /// An optional `IrishTime` may be missing altogether.
    func decode(_ type: IrishTime<Date?>.Type, forKey key: Key) throws -> IrishTime<Date?> {
        try decodeIfPresent(type, forKey: key) ?? IrishTime(wrappedValue: nil)
    }
}

/// What a surfer types for when a session began: "now", "today 07:30", "yesterday 18:00",
/// "07:30" (today), "2026-11-28 07:30"; Irish time.
enum SessionTime {
    static func parse(_ text: String, now: Date, zone: TimeZone = SpotTime.zone) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // "2026-11-28T07:30" is a day and a time too.
        let spaced = text.lowercased().replacingOccurrences(of: #"(\d)t(\d)"#, with: "$1 $2", options: .regularExpression)
        let words = spaced.split(separator: " ").map(String.init)
        let problem = ToolboxError.usage(
            "“\(text)” is not a time toolbox reads",
            hint: "give --when as now, \"today 07:30\", \"yesterday 18:00\", 07:30 or \"2026-11-28 07:30\" (Irish time)"
        )
        if words == ["now"] { return now }
        guard let clock = words.last, words.count <= 2 else { throw problem }
        let hm = clock.split(separator: ":").map { Int($0) }
        guard hm.count == 2, let hour = hm[0], let minute = hm[1], (0..<24).contains(hour), (0..<60).contains(minute) else { throw problem }
        var day = calendar.startOfDay(for: now)
        if words.count == 2 {
            switch words[0] {
            case "today": break
            case "yesterday": day = calendar.date(byAdding: .day, value: -1, to: day) ?? day
            default:
                let parts = words[0].split(separator: "-").map { Int($0) }
                guard parts.count == 3, let year = parts[0], let month = parts[1], let date = parts[2],
                    let found = calendar.date(from: DateComponents(year: year, month: month, day: date)),
                    calendar.component(.day, from: found) == date
                else { throw problem }
                day = found
            }
        }
        guard let time = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) else { throw problem }
        guard time <= now.addingTimeInterval(60) else {
            throw ToolboxError.usage("\(text) has not come yet", hint: "log a session once it has begun")
        }
        return time
    }
}
