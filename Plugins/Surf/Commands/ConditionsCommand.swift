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
                """)

        @Argument(help: "REGION or REGION/SPOT (default: surf.region).", completion: SurfCommand.placeCompletion)
        var place: String?
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let query = SpotQuery(try place ?? context.configuration.required(SurfPlugin.Keys.region.name))
            let provider = try context.resolve((any SurfProvider).self)
            let units = try units(context)
            let spots = try await SurfPlaces.spots(query, provider: provider, context: context)
            let conditions = SpotConditions.ranked(try await provider.conditions(at: spots))
            if query.spot != nil, let one = conditions.first {
                try context.output.detail(one, fields: ConditionsText.fields(one, units: units), plain: ConditionsText.spoken(one, units: units))
                return
            }
            try context.output.list(conditions, columns: ConditionsText.columns(units), plain: { ConditionsText.spoken($0, units: units) },
                                    empty: "No conditions for \(query.region) right now.")
        }
    }
}

/// Finding the spots a command is about, through the provider.
enum SurfPlaces {
    static func spots(_ query: SpotQuery, provider: any SurfProvider, context: CommandContext) async throws -> [Spot] {
        let country = try context.configuration.required(SurfPlugin.Keys.country.name)
        let regional = try await provider.spots(country: country, region: query.region)
        guard !regional.isEmpty else { throw ToolboxError.notFound("no surf region “\(query.region)”") }
        return query.spot == nil ? regional : [try SpotCatalog(spots: regional).spot(query)]
    }

    static func spot(_ query: SpotQuery, provider: any SurfProvider, context: CommandContext) async throws -> Spot {
        guard query.spot != nil else { return try SpotCatalog(spots: try await spots(query, provider: provider, context: context)).spot(query) }
        return try await spots(query, provider: provider, context: context)[0]
    }
}

/// How conditions read: columns, labelled fields, and a sentence.
enum ConditionsText {
    static func swell(_ c: SpotConditions, units: UnitSystem) -> String {
        var parts = [units.height(c.swellHeight)]
        if let period = c.swellPeriod { parts.append("\(Int(period.rounded()))s") }
        if let direction = c.swellDirection { parts.append(Compass.name(direction)) }
        return parts.joined(separator: " ")
    }

    static func wind(_ c: SpotConditions, units: UnitSystem) -> String {
        [units.speed(c.windSpeed), c.windCompass].compactMap { $0 }.joined(separator: " ")
    }

    static func columns(_ units: UnitSystem) -> [Column<SpotConditions>] {
        [
            Column("Spot", flexible: true) { $0.spot },
            Column("Waves") { units.height($0.waveHeight) },
            Column("Swell") { swell($0, units: units) },
            Column("Wind") { wind($0, units: units) },
            Column("Relative") { $0.relativeWind?.rawValue ?? "–" },
            Column("Water") { units.temperature($0.waterTemperature) },
            Column("Time") { SpotTime.display($0.time) },
        ]
    }

    static func fields(_ c: SpotConditions, units: UnitSystem) -> [(label: String, value: String)] {
        [("Spot", "\(c.spot), \(c.region)"), ("Time", SpotTime.display(c.time)), ("Waves", units.height(c.waveHeight)),
         ("Swell", swell(c, units: units)), ("Wind", wind(c, units: units)), ("Relative", c.relativeWind?.rawValue ?? "–"),
         ("Water", units.temperature(c.waterTemperature))]
    }

    static func spoken(_ c: SpotConditions, units: UnitSystem) -> String {
        var parts = ["\(c.spot): waves \(units.height(c.waveHeight))", "swell \(swell(c, units: units))"]
        if c.windSpeed != nil { parts.append("wind \(wind(c, units: units))\(c.relativeWind.map { ", \($0.rawValue)" } ?? "")") }
        if c.waterTemperature != nil { parts.append("water \(units.temperature(c.waterTemperature))") }
        return parts.joined(separator: ", ") + "."
    }
}
