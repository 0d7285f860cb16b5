import PluginAPI

/// How conditions read: columns, labelled fields, and a sentence.
enum ConditionsText {
    /// "1.4m 11s W", and "+ 0.8m 7s NW" after it when a second swell matters.
    static func swell(_ c: SpotConditions, units: UnitSystem) -> String {
        let main = swell(Swell(height: c.swellHeight, period: c.swellPeriod, direction: c.swellDirection), units: units)
        return c.secondSwellThatMatters.map { main + " + " + swell($0, units: units) } ?? main
    }

    /// "0.8m 7s NW"
    static func swell(_ swell: Swell, units: UnitSystem) -> String {
        var parts = [units.height(swell.height)]
        if let period = swell.period { parts.append("\(Int(period.rounded()))s") }
        if let direction = swell.direction { parts.append(Compass.name(direction)) }
        return parts.joined(separator: " ")
    }

    static func wind(_ c: SpotConditions, units: UnitSystem) -> String {
        [units.speed(c.windSpeed), c.windCompass].compactMap { $0 }.joined(separator: " ")
    }

    /// How well the swell's direction suits the spot, out of 5: "4/5".
    static func swellFit(_ c: SpotConditions) -> String {
        c.directionQuality.map { "\(Int(($0 * 5).rounded()))/5" } ?? "–"
    }

    static func columns(_ units: UnitSystem, for rows: [SpotConditions]) -> [Column<SpotConditions>] {
        [
            Column("Spot", flexible: true) { $0.spot },
            Column("Waves") { units.height($0.waveHeight) },
            Column("Swell") { swell($0, units: units) },
            Column("Wind") { wind($0, units: units) },
            Column("Relative") { $0.relativeWind?.rawValue ?? "–" },
        ] + judgements(for: rows) + tide(for: rows, units: units) + [
            Column("Water") { units.temperature($0.waterTemperature) },
            Column("Time") { SpotTime.display($0.time) },
        ]
    }

    /// The provider's own judgements, as columns when it made any (TrebleSurf does).
    static func judgements(for rows: [SpotConditions]) -> [Column<SpotConditions>] {
        var columns: [Column<SpotConditions>] = []
        if rows.contains(where: { $0.surfMessiness != nil }) { columns.append(Column("Surface") { $0.surfMessiness ?? "–" }) }
        if rows.contains(where: { $0.directionQuality != nil }) { columns.append(Column("Swell fit") { swellFit($0) }) }
        return columns
    }

    /// The tide now, as a column when any row has one.
    static func tide(for rows: [SpotConditions], units: UnitSystem) -> [Column<SpotConditions>] {
        rows.contains { $0.tide != nil } ? [Column("Tide") { TideText.short($0.tide, units: units) }] : []
    }

    static func fields(_ c: SpotConditions, units: UnitSystem) -> [(label: String, value: String)] {
        var fields = [
            ("Spot", "\(c.spot), \(c.region)"), ("Time", SpotTime.display(c.time)), ("Waves", units.height(c.waveHeight)),
            ("Swell", swell(c, units: units)), ("Wind", wind(c, units: units)), ("Relative", c.relativeWind?.rawValue ?? "–"),
        ]
        if let messiness = c.surfMessiness { fields.append(("Surface", messiness)) }
        if c.directionQuality != nil { fields.append(("Swell fit", swellFit(c))) }
        fields.append(("Water", units.temperature(c.waterTemperature)))
        if c.tide != nil { fields.append(("Tide", TideText.summary(c.tide, at: c.tideStation, units: units))) }
        return fields
    }

    static func spoken(_ c: SpotConditions, units: UnitSystem) -> String {
        var parts = [
            "\(c.spot): waves \(units.height(c.waveHeight))",
            "swell " + swell(Swell(height: c.swellHeight, period: c.swellPeriod, direction: c.swellDirection), units: units),
        ]
        if let second = c.secondSwellThatMatters { parts.append("a second swell \(swell(second, units: units))") }
        if c.windSpeed != nil { parts.append("wind \(wind(c, units: units))\(c.relativeWind.map { ", \($0.rawValue)" } ?? "")") }
        if let messiness = c.surfMessiness { parts.append("\(messiness) surface") }
        if c.waterTemperature != nil { parts.append("water \(units.temperature(c.waterTemperature))") }
        if let tide = c.tide { parts.append("tide \(units.height(tide.height)) and \(tide.trend.rawValue)") }
        return parts.joined(separator: ", ") + "."
    }
}
