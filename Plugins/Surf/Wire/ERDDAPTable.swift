import Foundation
import PluginAPI

/// ERDDAP's CSV: a row naming the columns, a row of units (skipped), then data;
/// empty and NaN cells mean no reading.
struct ERDDAPTable: Sendable {
    var columns: [String]
    var units: [String]
    var rows: [[String]]

    /// `what` names the data in the error ("the buoy data", "the tide predictions").
    init(csv text: String, what: String) throws {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard lines.count >= 2 else { throw ToolboxError.badData("\(what) has no header and units rows") }
        columns = lines[0]
        units = lines[1]
        rows = Array(lines.dropFirst(2))
    }

    /// A row's cell in the named column; nil when there is no such column or the row is short.
    func cell(_ row: [String], _ name: String) -> String? {
        guard let index = columns.firstIndex(of: name), index < row.count else { return nil }
        return row[index]
    }

    /// A row's number in the named column, in metric by the units row (ERDDAP's wind is in knots).
    func number(_ row: [String], _ name: String) -> Double? {
        guard let index = columns.firstIndex(of: name), index < row.count, let number = Reading.number(row[index]) else { return nil }
        return MetricConversion.metric(number, unit: index < units.count ? units[index] : "") ?? number
    }

    /// A row's `time` (ISO 8601, UTC).
    func time(_ row: [String]) -> Date? {
        cell(row, "time").flatMap { try? Date($0, strategy: .iso8601) }
    }

    /// A request in ERDDAP's query language (`columns&constraint&…`), which sits in the query string
    /// as is, its quotes and operators percent-encoded; `key` names the setting the URL came from.
    static func url(_ file: URL, query: String, key: String) throws -> URL {
        guard let url = URL(string: file.absoluteString + "?" + (query.addingPercentEncoding(withAllowedCharacters: allowed) ?? query)) else {
            throw ToolboxError.configuration("\(key) is not a usable URL")
        }
        return url
    }

    private static let allowed: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: ",&=-_.")
        return allowed
    }()

    /// Buoy readings in metric: wind and gust converted from the units row (knots).
    func readings() -> [BuoyReading] {
        rows.compactMap { row in
            guard let station = cell(row, "station_id"), let date = time(row) else { return nil }
            return BuoyReading(
                name: station,
                time: date,
                waveHeight: number(row, "WaveHeight"),
                wavePeriod: number(row, "WavePeriod"),
                meanWaveDirection: number(row, "MeanWaveDirection"),
                wind: WindReading(speed: number(row, "WindSpeed"), gust: number(row, "Gust"), direction: number(row, "WindDirection")),
                airTemperature: number(row, "AirTemperature"),
                seaTemperature: number(row, "SeaTemperature")
            )
        }
    }
}
