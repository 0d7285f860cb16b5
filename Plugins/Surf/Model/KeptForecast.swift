import Foundation

/// What a forecast said at one place, as it was issued: kept so that it can be set against what the
/// buoys measured, and against a surfer's sessions, after the hours have passed.
struct KeptForecast: Codable, Sendable, Equatable {
    /// When toolbox fetched it: the forecast was issued no later.
    var issued: Date
    var latitude, longitude: Double
    var hours: [KeptHour]

    /// The hour a forecast says about `time`, if it covers it.
    func hour(at time: Date) -> KeptHour? {
        hours.first { abs($0.time.timeIntervalSince(time)) < 1_800 }
    }

    /// Kept as columns, numbers to two decimals: a month of them stays small.
    enum CodingKeys: String, CodingKey {
        case version, issued, latitude, longitude, time, waveHeight, wavePeriod, waveDirection, swellHeight, swellPeriod, swellDirection
        case windSpeed, windDirection
    }

    static let version = 1
    /// How far behind and ahead of its issue a kept forecast reaches: a session earlier that day,
    /// and the longest `surf verify` looks back. One issued longer before an hour cannot cover it.
    static let behind: TimeInterval = 86_400
    static let ahead: TimeInterval = 3 * 86_400

    init(issued: Date, latitude: Double, longitude: Double, hours: [KeptHour]) {
        self.issued = issued
        self.latitude = latitude
        self.longitude = longitude
        self.hours = hours
    }

    /// The hours of `forecast` worth keeping: from `behind` its issue to `ahead` of it.
    init(issued: Date, latitude: Double, longitude: Double, forecast: [ForecastHour]) {
        let kept = forecast.compactMap { hour -> KeptHour? in
            guard let time = hour.time, time > issued.addingTimeInterval(-Self.behind), time <= issued.addingTimeInterval(Self.ahead) else {
                return nil
            }
            return KeptHour(hour, at: time)
        }
        self.init(issued: issued, latitude: latitude, longitude: longitude, hours: kept)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version <= Self.version else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription: "a newer version, \(version)")
        }
        issued = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .issued))
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        let times = try container.decode([Double].self, forKey: .time)
        func column(_ key: CodingKeys) throws -> [Double?] {
            let values = try container.decode([Double?].self, forKey: key)
            guard values.count == times.count else {
                throw DecodingError.dataCorruptedError(
                    forKey: key,
                    in: container,
                    debugDescription: "\(values.count) values for \(times.count) hours"
                )
            }
            return values
        }
        let columns = try [
            CodingKeys.waveHeight, .wavePeriod, .waveDirection, .swellHeight, .swellPeriod, .swellDirection, .windSpeed, .windDirection,
        ].map(column)
        hours = times.indices.map { index in
            KeptHour(
                time: Date(timeIntervalSince1970: times[index]),
                waveHeight: columns[0][index],
                wavePeriod: columns[1][index],
                waveDirection: columns[2][index],
                swellHeight: columns[3][index],
                swellPeriod: columns[4][index],
                swellDirection: columns[5][index],
                wind: WindReading(speed: columns[6][index], direction: columns[7][index])
            )
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func rounded(_ value: Double?) -> Double? { value.map { ($0 * 100).rounded() / 100 } }
        try container.encode(Self.version, forKey: .version)
        try container.encode(issued.timeIntervalSince1970.rounded(), forKey: .issued)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(hours.map { $0.time.timeIntervalSince1970.rounded() }, forKey: .time)
        try container.encode(hours.map { rounded($0.waveHeight) }, forKey: .waveHeight)
        try container.encode(hours.map { rounded($0.wavePeriod) }, forKey: .wavePeriod)
        try container.encode(hours.map { rounded($0.waveDirection) }, forKey: .waveDirection)
        try container.encode(hours.map { rounded($0.swellHeight) }, forKey: .swellHeight)
        try container.encode(hours.map { rounded($0.swellPeriod) }, forKey: .swellPeriod)
        try container.encode(hours.map { rounded($0.swellDirection) }, forKey: .swellDirection)
        try container.encode(hours.map { rounded($0.wind.speed) }, forKey: .windSpeed)
        try container.encode(hours.map { rounded($0.wind.direction) }, forKey: .windDirection)
    }
}

/// One forecast hour as kept: the sea (what a buoy measures: the waves' height, mean period and
/// direction), the swell, and the wind; metric.
struct KeptHour: Sendable, Equatable {
    var time: Date
    var waveHeight, wavePeriod, waveDirection: Double?
    var swellHeight, swellPeriod, swellDirection: Double?
    var wind: WindReading

    init(
        time: Date,
        waveHeight: Double?,
        wavePeriod: Double?,
        waveDirection: Double?,
        swellHeight: Double? = nil,
        swellPeriod: Double? = nil,
        swellDirection: Double? = nil,
        wind: WindReading
    ) {
        self.time = time
        self.waveHeight = waveHeight
        self.wavePeriod = wavePeriod
        self.waveDirection = waveDirection
        self.swellHeight = swellHeight
        self.swellPeriod = swellPeriod
        self.swellDirection = swellDirection
        self.wind = wind
    }

    init(_ hour: ForecastHour, at time: Date) {
        self.init(
            time: time,
            waveHeight: hour.waveHeight,
            wavePeriod: hour.wavePeriod,
            waveDirection: hour.waveDirection,
            swellHeight: hour.swellHeight,
            swellPeriod: hour.swellPeriod,
            swellDirection: hour.swellDirection,
            wind: hour.wind
        )
    }
}

/// The forecasts kept for one place.
struct KeptForecasts: Sendable {
    var forecasts: [KeptForecast]

    /// What the freshest forecast issued before `time` said about it: the forecast a surfer had then.
    func issued(before time: Date) -> (hour: KeptHour, issued: Date)? {
        forecasts.filter { $0.issued < time }.sorted { $0.issued > $1.issued }.lazy.compactMap { forecast in
            forecast.hour(at: time).map { ($0, forecast.issued) }
        }.first
    }

    /// What the freshest forecast that covers `time` said about it, whenever it was issued: for a
    /// past hour, the forecast nearest to what happened.
    func freshest(at time: Date) -> (hour: KeptHour, issued: Date)? {
        forecasts.sorted { $0.issued > $1.issued }.lazy.compactMap { forecast in forecast.hour(at: time).map { ($0, forecast.issued) } }.first
    }
}
