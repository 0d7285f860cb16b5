import Foundation
import PluginAPI

/// ERDDAP's CSV: a row naming the columns, a row of units (skipped), then data;
/// empty and NaN cells mean no reading.
struct ERDDAPTable: Sendable {
    var columns: [String]
    var units: [String]
    var rows: [[String]]

    init(csv text: String) throws {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard lines.count >= 2 else { throw ToolboxError.badData("the buoy data has no header and units rows") }
        columns = lines[0]
        units = lines[1]
        rows = Array(lines.dropFirst(2))
    }

    /// Buoy readings in metric: wind and gust converted from the units row (knots).
    func readings() -> [BuoyReading] {
        func column(_ name: String) -> Int? { columns.firstIndex(of: name) }
        let station = column("station_id")
        let time = column("time")
        let formatter = ISO8601DateFormatter()
        return rows.compactMap { row in
            func value(_ name: String) -> Double? {
                guard let index = column(name), index < row.count, let number = Reading.number(row[index]) else { return nil }
                let unit = index < units.count ? units[index] : ""
                return MetricConversion.metric(number, unit: unit) ?? number
            }
            guard let station, let time, station < row.count, time < row.count, let date = formatter.date(from: row[time]) else { return nil }
            return BuoyReading(
                name: row[station],
                time: date,
                waveHeight: value("WaveHeight"),
                wavePeriod: value("WavePeriod"),
                meanWaveDirection: value("MeanWaveDirection"),
                wind: WindReading(speed: value("WindSpeed"), gust: value("Gust"), direction: value("WindDirection")),
                airTemperature: value("AirTemperature"),
                seaTemperature: value("SeaTemperature")
            )
        }
    }
}
