import Foundation
import PluginAPI

/// Every forecast toolbox fetched, kept a month in the cache folder: a folder per place (its
/// position to three decimals), a file per hour the forecast was issued in (the latest of that hour).
struct ForecastArchive: Sendable {
    let folder: String
    /// Where a kept file that cannot be read is said (stderr); nil says nothing.
    var output: Output? = nil
    /// How long a forecast is kept.
    static let keptFor: TimeInterval = 31 * 86_400

    /// Keeps `forecast`, and lets go of what is older than a month. Another forecast of the place
    /// kept in the same hour (a day's conditions after a week's forecast) adds to it: its hours are
    /// the fresher, the others stay.
    func keep(_ forecast: KeptForecast, now: Date = Date()) throws {
        guard !forecast.hours.isEmpty else { return }
        let place = "\(folder)/\(Self.place(forecast.latitude, forecast.longitude))"
        try LocalFile.createDirectory(place)
        try LocalFile.update("\(place)/\(Self.fileName(issued: forecast.issued))", durable: false) { data in
            var merged = forecast
            if let data, let earlier = try? JSONDecoder().decode(KeptForecast.self, from: data) {
                let fresh = Set(forecast.hours.map(\.time))
                merged.hours = (forecast.hours + earlier.hours.filter { !fresh.contains($0.time) }).sorted { $0.time < $1.time }
            }
            return try JSONEncoder().encode(merged)
        }
        prune(now: now)
    }

    /// The forecasts kept for a place that were issued between `from` and `until`; a file that
    /// cannot be read is skipped, with a notice naming it.
    func forecasts(atLatitude latitude: Double, longitude: Double, issuedFrom from: Date, until: Date) -> KeptForecasts {
        let place = "\(folder)/\(Self.place(latitude, longitude))"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: place)) ?? []
        var forecasts: [KeptForecast] = []
        for name in names.sorted() {
            guard let issued = Self.issueHour(of: name), issued >= from.addingTimeInterval(-3_600), issued <= until else { continue }
            let path = "\(place)/\(name)"
            guard let data = FileManager.default.contents(atPath: path), let forecast = try? JSONDecoder().decode(KeptForecast.self, from: data)
            else {
                output?.notice("a kept forecast cannot be read and was skipped: \(path)")
                continue
            }
            forecasts.append(forecast)
        }
        return KeptForecasts(forecasts: forecasts)
    }

    /// Removes every kept forecast issued more than `keptFor` before `now`, and the folders left empty.
    func prune(now: Date = Date()) {
        let manager = FileManager.default
        let oldest = now.addingTimeInterval(-Self.keptFor)
        for place in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
            let path = "\(folder)/\(place)"
            let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
            // A kept file and the lock beside it (`.NAME.json.lock`) go together.
            for name in names where Self.issueHour(of: Self.keptName(name)).map({ $0 < oldest }) ?? false {
                try? manager.removeItem(atPath: "\(path)/\(name)")
            }
            if (try? manager.contentsOfDirectory(atPath: path))?.isEmpty == true { try? manager.removeItem(atPath: path) }
        }
    }

    /// "54.493_-8.269"
    static func place(_ latitude: Double, _ longitude: Double) -> String {
        String(format: "%.3f_%.3f", latitude, longitude)
    }

    /// "2026112807.json": the hour (UTC) a forecast was issued in.
    static func fileName(issued: Date) -> String {
        hourFormatter.string(from: issued) + ".json"
    }

    /// The kept file a name is, or is the lock of (`LocalFile` locks `NAME` with `.NAME.lock`).
    static func keptName(_ name: String) -> String {
        name.hasPrefix(".") && name.hasSuffix(".lock") ? String(name.dropFirst().dropLast(5)) : name
    }

    static func issueHour(of fileName: String) -> Date? {
        guard fileName.hasSuffix(".json") else { return nil }
        return hourFormatter.date(from: String(fileName.dropLast(5)))
    }

    private static var hourFormatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .gmt
        formatter.dateFormat = "yyyyMMddHH"
        return formatter
    }
}

/// What a forecast fetch keeps: each place's hours, and the forecast at the buoys nearest its spots,
/// fetched in the same request (Open-Meteo answers many positions at once), so that `surf verify`
/// has what toolbox forecast where a buoy measures.
struct ForecastKeeping: Sendable {
    let archive: ForecastArchive
    /// `surf.buoys`, and how far a spot may be from the buoy that stands for it (`surf.buoy_km`).
    let buoys: [String]
    let reach: Double

    /// The buoys nearest to `spots` that are within reach, each once.
    func buoys(near spots: [Spot]) -> [Buoy] {
        Buoy.nearest(to: spots, among: buoys, reach: reach)
    }

    /// Keeps each place's forecast as issued now; a failure to keep costs the answer nothing.
    func keep(_ forecasts: [(latitude: Double, longitude: Double, hours: [ForecastHour])], issued: Date = Date()) {
        for forecast in forecasts {
            try? archive.keep(KeptForecast(issued: issued, latitude: forecast.latitude, longitude: forecast.longitude, forecast: forecast.hours))
        }
    }
}
