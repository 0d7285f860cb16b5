import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf buoys [NAME…]`
    struct Buoys: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "buoys",
            abstract: "The latest readings of the weather buoys off Ireland (M2–M6).",
            discussion: "Examples:\n  toolbox surf buoys\n  toolbox surf buoys M4 M6 --hours 24")

        @Argument(help: "Buoy names (default: surf.buoys).", completion: .list(["M2", "M3", "M4", "M5", "M6"])) var names: [String] = []
        @Option(help: "Also show this many hours of history as a sparkline.") var hours: Int?
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let hours, !(1...72).contains(hours) { throw ValidationError("--hours must be between 1 and 72") }
        }

        /// A reading, with its history when asked for.
        struct Row: Encodable {
            var report: BuoyReport
            var withHistory: Bool

            func encode(to encoder: any Encoder) throws {
                try report.latest.encode(to: encoder)
                if withHistory {
                    var container = encoder.container(keyedBy: HistoryKey.self)
                    try container.encode(report.history, forKey: .history)
                }
            }

            enum HistoryKey: String, CodingKey { case history }
        }

        func run(in context: CommandContext) async throws {
            let wanted = names.isEmpty ? try context.configuration.list(SurfPlugin.Keys.buoys.name) : names
            let units = try units(context)
            let reports = try await context.resolve((any SurfProvider).self).buoys(wanted.map { $0.uppercased() }, hours: hours)
            let now = Date()
            var columns: [Column<Row>] = [
                Column("Buoy") { $0.report.latest.name },
                Column("Waves") { row in
                    let r = row.report.latest
                    return [units.height(r.waveHeight), r.wavePeriod.map { "\(Int($0.rounded()))s" }].compactMap { $0 }.joined(separator: " ")
                },
                Column("From") { $0.report.latest.meanWaveDirection.map(Compass.name) ?? "–" },
                Column("Wind") { row in
                    let r = row.report.latest
                    let gust = r.gust.map { " (gust \(units.speed($0)))" } ?? ""
                    return units.speed(r.windSpeed) + gust + (r.windDirection.map { " " + Compass.name($0) } ?? "")
                },
                Column("Air") { units.temperature($0.report.latest.airTemperature) },
                Column("Sea") { units.temperature($0.report.latest.seaTemperature) },
                Column("Reading") { RelativeTime.ago(now.timeIntervalSince($0.report.latest.time)) },
            ]
            if hours != nil {
                columns.append(Column("Waves, last \(hours ?? 0) h") { ForecastChart.sparkline($0.report.history.map(\.waveHeight)) })
            }
            try context.output.list(reports.map { Row(report: $0, withHistory: hours != nil) }, columns: columns, plain: { row in
                let r = row.report.latest
                return "Buoy \(r.name): waves \(units.height(r.waveHeight)), wind \(units.speed(r.windSpeed)), \(RelativeTime.ago(now.timeIntervalSince(r.time)))."
            }, empty: "No readings from \(wanted.joined(separator: ", ")).")
        }
    }
}
