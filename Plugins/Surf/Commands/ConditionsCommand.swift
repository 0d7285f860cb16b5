import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf conditions [REGION|REGION/SPOT]`
    struct Conditions: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "conditions",
            abstract: "Conditions now: every spot of a region, most promising first, or one spot in full.",
            discussion: """
                Most promising: bigger swell with offshore or cross-offshore wind. One spot on a \
                terminal shows its photo beside it, with the treblesurf provider (the keyless \
                catalogue has none). \
                The tide is read at the nearest Marine Institute station (within surf.tide_station_km):
                its height above chart datum (LAT), rising or falling, and the next high and low.

                Examples:
                  toolbox surf conditions
                  toolbox surf conditions clare
                  toolbox surf conditions donegal/bundoran --json
                """
        )

        @Argument(help: "REGION or REGION/SPOT (default: surf.region).", completion: SurfCommand.placeCompletion)
        var place: String?
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let query = SpotQuery(try place ?? context.configuration.required(SurfPlugin.Keys.region))
            let units = try units(context)
            let places = try context.resolve(SurfPlaces.self)
            let tides = try context.resolve(TidePredictions.self)
            let spots = try await places.spots(query)
            let now = Date()
            async let tidal = tides.tables(near: spots, around: now)
            async let checked = context.resolve(SurfRecord.self).lastDay(near: spots, now: now)
            let found = try await places.provider.conditions(at: spots)
            let (tables, problem) = await tidal
            // How the forecast has been doing at the nearest buoy, in a phrase after the answer.
            let checks = try await checked
            defer { for check in checks { VerifyText.phrase(check, units: units).map(context.output.notice) } }
            if let problem { context.output.notice("tides are left out: \(problem.message)") }
            let conditions = SpotConditions.ranked(found.map { $0.withTide(tables, at: now) })
            let credit = credits(places.provider.forecastCredit, withTides: !tables.isEmpty)
            if query.spot != nil, let one = conditions.first {
                // On a terminal, the spot's photo beside it, when the provider has one (TrebleSurf).
                if context.output.format == .table, let spot = spots.first, let photo = places.provider.photo(of: spot) {
                    try await context.resolve(TerminalPictures.self).detail(
                        one,
                        fields: ConditionsText.fields(one, units: units),
                        plain: ConditionsText.spoken(one, units: units),
                        width: nil,
                        picture: { photo }
                    )
                    if let credit { context.output.credit(credit) }
                    return
                }
                try context.output.detail(
                    one,
                    fields: ConditionsText.fields(one, units: units),
                    plain: ConditionsText.spoken(one, units: units),
                    attribution: credit
                )
                return
            }
            try context.output.list(
                conditions,
                columns: ConditionsText.columns(units, for: conditions),
                plain: { ConditionsText.spoken($0, units: units) },
                empty: "No conditions for \(query.region) right now.",
                attribution: credit
            )
        }
    }
}
