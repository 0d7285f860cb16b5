import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf buoys [NAME…]`
    struct Buoys: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "buoys",
            abstract: "The latest readings of the weather buoys off Ireland (M2–M6, more with TrebleSurf).",
            discussion: "Examples:\n  toolbox surf buoys\n  toolbox surf buoys M4 M6 --hours 24"
        )

        @Argument(help: "Buoy names (default: surf.buoys).", completion: .list(["M2", "M3", "M4", "M5", "M6"])) var names: [String] = []
        @Option(help: "Also show this many hours of history as a sparkline.") var hours: Int?
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let hours, !(1...72).contains(hours) { throw ValidationError("--hours must be between 1 and 72") }
        }

        /// A reading's history, when asked for.
        struct History: Encodable {
            var history: [BuoyReading]?
        }

        typealias Row = Flattened<BuoyReading, History>

        func run(in context: CommandContext) async throws {
            let wanted = names.isEmpty ? try context.configuration.list(SurfPlugin.Keys.buoys) : names
            let units = try units(context)
            let provider = try context.resolve((any SurfProvider).self)
            let reports = try await provider.buoys(wanted, hours: hours)
            let silent = wanted.filter { name in !reports.contains { SpotNames.key($0.latest.name) == SpotNames.key(name) } }
            if !reports.isEmpty, !silent.isEmpty { context.output.notice("no recent reading from \(silent.joined(separator: ", "))") }
            let now = Date()
            var columns: [Column<Row>] = [
                Column("Buoy") { $0.base.name },
                Column("Waves") { row in
                    let r = row.base
                    return [units.height(r.waveHeight), r.wavePeriod.map { "\(Int($0.rounded()))s" }].compactMap { $0 }.joined(separator: " ")
                },
                Column("From") { $0.base.meanWaveDirection.map(Compass.name) ?? "–" },
                Column("Wind") { row in
                    let r = row.base
                    let gust = r.gust.map { " (gust \(units.speed($0)))" } ?? ""
                    return units.speed(r.windSpeed) + gust + (r.windDirection.map { " " + Compass.name($0) } ?? "")
                },
                Column("Air") { units.temperature($0.base.airTemperature) },
                Column("Sea") { units.temperature($0.base.seaTemperature) },
                Column("Reading") { $0.base.time.map { RelativeTime.ago(now.timeIntervalSince($0)) } ?? "–" },
            ]
            if hours != nil {
                columns.append(Column("Waves, last \(hours ?? 0) h") { Sparkline.line(($0.extra.history ?? []).map(\.waveHeight)) })
            }
            try context.output.list(
                reports.map { Row($0.latest, History(history: hours == nil ? nil : $0.history)) },
                columns: columns,
                plain: { row in
                    let r = row.base
                    let age = r.time.map { RelativeTime.ago(now.timeIntervalSince($0)) } ?? "at an unknown time"
                    return "Buoy \(r.name): waves \(units.height(r.waveHeight)), wind \(units.speed(r.windSpeed)), \(age)."
                },
                empty: "No readings from \(wanted.joined(separator: ", ")).",
                attribution: provider.buoyCredit
            )
        }
    }
}
