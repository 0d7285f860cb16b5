import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf forecast REGION/SPOT`
    struct Forecast: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "forecast",
            abstract: "A spot's forecast by 3 hours, with a chart of waves, wind and tide on a terminal.",
            discussion: "Examples:\n  toolbox surf forecast donegal/bundoran\n  toolbox surf forecast kerry/inchstrand --days 7 --json"
        )

        @Argument(help: "REGION/SPOT.", completion: SurfCommand.placeCompletion) var place: String
        @Option(help: "How many days, 1 to 7.") var days = 3
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard (1...7).contains(days) else { throw ValidationError("--days must be between 1 and 7") }
        }

        func run(in context: CommandContext) async throws {
            let units = try units(context)
            let places = try context.resolve(SurfPlaces.self)
            let tides = try context.resolve(TidePredictions.self)
            let spot = try await places.spot(SpotQuery(place))
            let now = Date()
            let hours = try await places.provider.forecast(at: spot, days: days)
            if let last = hours.last?.time, last < now.addingTimeInterval(Double(days) * 86_400 - 3 * 3600) {
                context.output.notice("the forecast reaches only \(SpotTime.display(last)), less than the \(days) days asked")
            }
            // The week of predictions the forecast starts in covers all its days.
            let (tables, problem) = await tides.tables(near: [spot], around: hours.first?.time ?? now)
            if let problem { context.output.notice("tides are left out: \(problem.message)") }
            let steps = ForecastTable.everyThirdHour(hours).map { $0.withTide(tables, at: $0.time ?? now) }
            let tide = tables[spot.path]
            if context.output.format == .table, !steps.isEmpty {
                let station = tide.map { ", tide at \(TideText.place(TideSource($0.table.station, distance: $0.distance)))" } ?? ""
                context.output.line(context.output.bold("\(spot.name), \(spot.region): \(days)-day forecast") + station)
                ForecastChart.render(steps, units: units, tide: tide?.table).forEach(context.output.line)
                context.output.line("")
            }
            try context.output.list(
                steps,
                columns: [
                    Column("Time") { SpotTime.display($0.time) },
                    Column("Waves") { units.height($0.waveHeight) },
                    Column("Swell") { ConditionsText.swell($0, units: units) },
                    Column("Wind") { ConditionsText.wind($0, units: units) },
                    Column("Relative") { $0.relativeWind?.rawValue ?? "–" },
                ] + ConditionsText.judgements(for: steps) + ConditionsText.tide(for: steps, units: units),
                plain: { "\(SpotTime.display($0.time)): \(ConditionsText.spoken($0, units: units))" },
                empty: "No forecast for \(spot.name).",
                attribution: credits(places.provider.forecastCredit, withTides: tide != nil)
            )
        }
    }
}
