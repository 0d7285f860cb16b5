import PluginAPI

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
        [
            ("Spot", "\(c.spot), \(c.region)"), ("Time", SpotTime.display(c.time)), ("Waves", units.height(c.waveHeight)),
            ("Swell", swell(c, units: units)), ("Wind", wind(c, units: units)), ("Relative", c.relativeWind?.rawValue ?? "–"),
            ("Water", units.temperature(c.waterTemperature)),
        ]
    }

    static func spoken(_ c: SpotConditions, units: UnitSystem) -> String {
        var parts = ["\(c.spot): waves \(units.height(c.waveHeight))", "swell \(swell(c, units: units))"]
        if c.windSpeed != nil { parts.append("wind \(wind(c, units: units))\(c.relativeWind.map { ", \($0.rawValue)" } ?? "")") }
        if c.waterTemperature != nil { parts.append("water \(units.temperature(c.waterTemperature))") }
        return parts.joined(separator: ", ") + "."
    }
}
