import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf tides REGION/SPOT|STATION [--days N]`
    struct Tides: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "tides",
            abstract: "High and low waters by day, at a spot's nearest tide station or at a station named.",
            discussion: """
                Predictions from the Marine Institute's ERDDAP (keyless, whichever surf.provider is set):
                the station nearest the spot within surf.tide_station_km, or one named by itself \
                (Killybegs, Lahinch_MODELLED, "Dublin Port"). Heights are metres above chart datum \
                (LAT), as tide tables print them; times are Irish time (IST in summer, GMT in winter). \
                A week's predictions are fetched at a time and kept (surf.cache.tides_minutes), so \
                tides answer offline from the cache.

                Examples:
                  toolbox surf tides donegal/bundoran
                  toolbox surf tides killybegs --days 7
                  toolbox surf tides clare/lahinch --json
                """
        )

        @Argument(help: "REGION/SPOT, or a tide station's name.", completion: SurfCommand.placeCompletion) var place: String
        @Option(help: "How many days from today, 1 to \(TidePredictions.maximumDays).") var days = 3
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard (1...TidePredictions.maximumDays).contains(days) else {
                throw ValidationError("--days must be between 1 and \(TidePredictions.maximumDays)")
            }
        }

        /// What `--json` prints: the station, then each day's turns.
        struct Report: Encodable {
            var station: TideSource
            var days: [TideDay]
            var attribution = tideCredit
        }

        func run(in context: CommandContext) async throws {
            let units = try units(context)
            let tides = try context.resolve(TidePredictions.self)
            let now = Date()
            let (station, distance) = try await station(tides, context)
            let table = try await tides.table(at: station, around: now)
            let source = TideSource(station, distance: distance)
            let days = table.days(from: now, count: days)
            if context.output.format == .json {
                try context.output.json(Report(station: source, days: days))
                return
            }
            if context.output.format == .table {
                context.output.line(context.output.bold("Tides at \(TideText.place(source)), heights above chart datum (LAT)"))
            }
            try context.output.list(
                days.flatMap(\.turns),
                columns: [
                    Column("Day") { TideText.day($0.time) },
                    Column("Time") { TideText.clock($0.time) },
                    Column("Tide") { $0.kind.rawValue },
                    Column("Height", rightAligned: true) { units.height($0.height) },
                ],
                plain: { "\(TideText.day($0.time)): \(TideText.turn($0, units: units))" },
                empty: "No highs or lows at \(station.name) in those days.",
                attribution: tideCredit
            )
        }

        /// The station named, else the spot's nearest (a spot is REGION/SPOT; a region alone says so).
        private func station(_ tides: TidePredictions, _ context: CommandContext) async throws -> (TideStation, Double?) {
            let query = SpotQuery(place)
            if query.spot == nil, let station = await tides.station(named: place) { return (station, nil) }
            let spot: Spot
            do {
                spot = try await context.resolve(SurfPlaces.self).spot(query)
            } catch let error as ToolboxError where error.kind == .notFound && query.spot == nil {
                throw ToolboxError.notFound(
                    "no surf region or tide station “\(place)”",
                    hint: "name a spot as REGION/SPOT (see `toolbox surf spots`), or a station: "
                        + (await tides.stations()).map(\.name).joined(separator: ", ")
                )
            }
            let near = try await tides.station(near: spot)
            return (near.station, near.distance)
        }
    }
}
