import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf verify [SPOT|BUOY] [--hours N]`
    struct Verify: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "How far to trust the forecast: what toolbox forecast at a buoy against what it measured.",
            discussion: """
                Every forecast toolbox fetches is kept for a month in its cache folder, with the \
                forecast for the buoys of surf.buoys nearest its spots (asked in the same request). \
                For each of the last hours, the forecast a surfer had then (the freshest one issued \
                before that hour) is set against the buoy's reading: wave height, period, wind speed \
                and direction, then bias (forecast minus measured) and mean error of each. \
                Hours with no reading, or no kept forecast, are left out and counted, never filled in.

                A spot is checked at the buoy of surf.buoys nearest it, within surf.buoy_km. With \
                no place named: the buoy nearest surf.home, else the first of surf.buoys.

                Examples:
                  toolbox surf verify M4
                  toolbox surf verify donegal/bundoran --hours 72
                  toolbox surf verify M6 --json
                """
        )

        @Argument(help: "REGION/SPOT or a buoy (M2–M6).", completion: Self.placeOrBuoy) var place: String?
        @Option(help: "How many hours back, 1 to 72.", completion: .list(["24", "48", "72"])) var hours = 24
        @OptionGroup var global: GlobalOptions

        /// Regions, `region/spot` names and the buoys, for shell completion.
        static let placeOrBuoy: CompletionKind = .custom { _, _, _ in
            Buoy.irish.map(\.name) + ((try? SpotCatalog.load(userFile: nil).completions) ?? [])
        }

        func validate() throws {
            guard (1...72).contains(hours) else { throw ValidationError("--hours must be between 1 and 72") }
        }

        /// What `--json` prints.
        struct Report: Encodable {
            var buoy: String
            var latitude, longitude: Double
            @Nullable var spot: String?
            @Nullable var distance: Double?
            var hoursAsked: Int
            var hours: [CheckedHour]
            var accuracy: [String: Accuracy]
            var withoutReading: Int
            var withoutForecast: Int
            @Nullable var latestReading: String?
            var stale: Bool
            @Nullable var summary: String?
            var attribution: String
        }

        func run(in context: CommandContext) async throws {
            let units = try units(context)
            let checks = try context.resolve(SurfRecord.self)
            let (buoy, spot, distance) = try await target(context, checks: checks)
            let now = Date()
            let check = try await checks.check(buoy, hours: hours, now: now)
            let credit = [OpenMeteoProvider.credit, checks.provider.buoyCredit].compactMap { $0 }.joined(separator: "; ")
            let headline = VerifyText.headline(check, units: units)
            let notes = [VerifyText.leftOut(check), VerifyText.staleness(check, now: now)].compactMap { $0 }
            let accuracy = CheckedQuantity.allCases.compactMap { quantity in check.accuracy(quantity).map { (quantity, $0) } }
            if context.output.format == .json {
                return try context.output.json(
                    Report(
                        buoy: buoy.name,
                        latitude: buoy.latitude,
                        longitude: buoy.longitude,
                        spot: spot?.name,
                        distance: distance.map { ($0 * 10).rounded() / 10 },
                        hoursAsked: hours,
                        hours: check.hours,
                        accuracy: Dictionary(uniqueKeysWithValues: accuracy.map { ($0.0.rawValue, $0.1) }),
                        withoutReading: check.withoutReading,
                        withoutForecast: check.withoutForecast,
                        latestReading: check.latestReading.map { SpotTime.iso($0) },
                        stale: check.stale,
                        summary: headline,
                        attribution: credit
                    )
                )
            }
            let place = spot.map { spot in " (\(Int((distance ?? 0).rounded())) km from \(spot.name))" } ?? ""
            if context.output.format == .table {
                context.output.line(context.output.bold("Forecast against the \(buoy.name) buoy\(place), last \(hours) h"))
                if !check.hours.isEmpty {
                    VerifyChart.render(check, units: units, color: context.output.color).forEach(context.output.line)
                    context.output.line("")
                }
            } else if context.output.format == .plain {
                context.output.line("Forecast against the \(buoy.name) buoy\(place), over the last \(hours) hours.")
            }
            try context.output.list(
                check.hours,
                columns: VerifyText.columns(units),
                plain: { VerifyText.spoken($0, units: units) },
                empty: "No hour to compare at \(buoy.name) in the last \(hours) h"
                    + (check.withoutForecast > 0
                        ? ": toolbox keeps each forecast it fetches (conditions, forecast, best), so run one now and then." : ".")
            )
            // The sums: on stdout for a person, on stderr when the rows go to a program.
            func say(_ text: String) {
                if context.output.format == .lines { context.output.notice(text) } else { context.output.line(text) }
            }
            if !accuracy.isEmpty, context.output.format != .lines {
                if context.output.format == .table { context.output.line("") }
                for (quantity, figures) in accuracy {
                    let text = VerifyText.summary(quantity, figures, units: units)
                    say(context.output.format == .plain ? "\(VerifyText.label(quantity)): \(text)." : "\(VerifyText.label(quantity)): \(text)")
                }
            }
            if let headline { say(headline.prefix(1).uppercased() + headline.dropFirst() + ".") }
            for note in notes { context.output.notice(note.prefix(1).uppercased() + note.dropFirst() + ".") }
            if !check.hours.isEmpty { context.output.credit(credit) }
        }

        /// The buoy a place means: a buoy by name, or the one of surf.buoys nearest a spot.
        private func target(_ context: CommandContext, checks: SurfRecord) async throws -> (Buoy, Spot?, Double?) {
            let configuration = context.configuration
            let named = place ?? configuration.string(SurfPlugin.Keys.home)
            guard let named else {
                let first = try configuration.list(SurfPlugin.Keys.buoys).first ?? "M4"
                guard let buoy = Buoy.named(first) else { throw Self.unknownBuoy(first) }
                return (buoy, nil, nil)
            }
            if let buoy = Buoy.named(named) { return (buoy, nil, nil) }
            // "M7" is a buoy's name, not a region's.
            if named.count == 2, named.uppercased().hasPrefix("M"), named.last?.isNumber == true { throw Self.unknownBuoy(named) }
            let spot = try await context.resolve(SurfPlaces.self).spot(SpotQuery(named))
            guard let nearby = checks.nearest(to: spot) else {
                let closest = Buoy.nearest(toLatitude: spot.latitude, longitude: spot.longitude, among: Buoy.irish.map(\.name), reach: .infinity)
                let hint = closest.map {
                    "the nearest is \($0.buoy.name), \(Int($0.kilometres.rounded())) km away: add it to surf.buoys, or widen surf.buoy_km"
                }
                throw ToolboxError.notFound(
                    "no buoy of surf.buoys (\(checks.buoys.joined(separator: ", "))) is within \(Int(checks.reach)) km of \(spot.name)",
                    hint: hint ?? "name a buoy: M2, M3, M4, M5 or M6"
                )
            }
            return (nearby.buoy, spot, nearby.kilometres)
        }

        private static func unknownBuoy(_ name: String) -> ToolboxError {
            ToolboxError.notFound("no buoy “\(name)”", hint: "the Irish weather buoys are M2, M3, M4, M5 and M6")
        }
    }
}
