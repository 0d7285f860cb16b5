import Foundation

/// One location's answer from Open-Meteo: `{latitude, longitude, utc_offset_seconds,
/// hourly_units, hourly: {time: [...], name: [...]}}` with parallel arrays; several
/// coordinates give an array of these.
struct OpenMeteoSeries: Decodable, Sendable {
    var latitude: Double
    var longitude: Double
    var utcOffsetSeconds: Int
    var units: [String: String]
    var times: [String]
    /// The instants of `times` (local times at `utc_offset_seconds`).
    var dates: [Date]
    var values: [String: [Double?]]

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, hourly
        case utcOffsetSeconds = "utc_offset_seconds"
        case units = "hourly_units"
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        utcOffsetSeconds = try container.decodeIfPresent(Int.self, forKey: .utcOffsetSeconds) ?? 0
        units = try container.decodeIfPresent([String: String].self, forKey: .units) ?? [:]
        let hourly = try container.nestedContainer(keyedBy: AnyKey.self, forKey: .hourly)
        times = try hourly.decode([String].self, forKey: AnyKey(stringValue: "time"))
        var values: [String: [Double?]] = [:]
        for key in hourly.allKeys where key.stringValue != "time" {
            // A variable Open-Meteo cannot compute comes back all null (and unit "undefined").
            let series = (try? hourly.decode([Double?].self, forKey: key)) ?? Array(repeating: nil, count: times.count)
            // Parallel arrays are read by index: one of another length is not an answer to trust.
            guard series.count == times.count else {
                throw DecodingError.dataCorruptedError(forKey: key, in: hourly, debugDescription: "\(series.count) values for \(times.count) times")
            }
            values[key.stringValue] = series
        }
        self.values = values
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: utcOffsetSeconds)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        dates = try times.map { text in
            guard let date = formatter.date(from: text) else {
                throw DecodingError.dataCorruptedError(forKey: .hourly, in: container, debugDescription: "the time “\(text)”")
            }
            return date
        }
    }

    /// One answer or several, as Open-Meteo sends them for one or many coordinates.
    static func decodeAll(_ data: Data) throws -> [OpenMeteoSeries] {
        if let many = try? JSONDecoder().decode([OpenMeteoSeries].self, from: data) { return many }
        return [try JSONDecoder().decode(OpenMeteoSeries.self, from: data)]
    }

    /// A variable's values converted to metric using the unit Open-Meteo named for it;
    /// an unknown unit makes the whole series missing rather than wrong.
    func metric(_ name: String) -> [Double?] {
        let raw = values[name] ?? Array(repeating: nil, count: times.count)
        let unit = units[name] ?? ""
        return raw.map { value in value.flatMap { MetricConversion.metric($0, unit: unit) } }
    }
}
