import ArgumentParser
import PluginAPI

extension SurfCommand {
    /// `toolbox surf conditions [REGION|REGION/SPOT]`
    struct Conditions: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "conditions",
            abstract: "Conditions now: every spot of a region, most promising first, or one spot in full.",
            discussion: """
                Most promising: bigger swell with offshore or cross-offshore wind.

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
            let conditions = SpotConditions.ranked(try await places.provider.conditions(at: try await places.spots(query)))
            if query.spot != nil, let one = conditions.first {
                try context.output.detail(
                    one,
                    fields: ConditionsText.fields(one, units: units),
                    plain: ConditionsText.spoken(one, units: units),
                    attribution: places.provider.forecastCredit
                )
                return
            }
            try context.output.list(
                conditions,
                columns: ConditionsText.columns(units, for: conditions),
                plain: { ConditionsText.spoken($0, units: units) },
                empty: "No conditions for \(query.region) right now.",
                attribution: places.provider.forecastCredit
            )
        }
    }
}
