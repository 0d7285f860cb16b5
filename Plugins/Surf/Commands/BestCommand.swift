import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf best [REGION|REGION/SPOT…] [--days N] [--min-score S]`
    struct Best: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "best",
            abstract: "The best hours of the coming days: windows of daylight ranked by swell, wind and tide.",
            discussion: """
                Each forecast hour is scored as conditions ranks spots: the swell (or the waves) in \
                metres, times how well the wind suits the beach (offshore 1, cross-offshore 0.9, \
                cross-shore 0.6, cross-onshore 0.4, onshore 0.2). A spot that states a tide (low, \
                mid or high, in the catalogue or your surf.spots_file as "tide") scores half at \
                other tides; the tide is read at its nearest station. Only hours between sunrise \
                and sunset count, worked out on this machine from the spot's position. A window is \
                a run of such hours that each reach --min-score; windows are ranked by their mean \
                score, with why ("1.4m at 11s, light offshore, rising mid tide").

                With --calibrated, each spot's heights are first moved by how far the forecast has run \
                off at its nearest buoy over the last day (see `toolbox surf verify`): a forecast that \
                ran 0.4m low is read 0.4m higher. A second swell that matters is named in the why.

                Exit status: 0 when some window reaches --min-score, 1 when none does (as grep \
                says whether anything matched), other codes for errors, so cron or a notifier can \
                act on it. With --offline it answers from the cached forecasts and tides.

                Examples:
                  toolbox surf best
                  toolbox surf best donegal clare/lahinch --days 5
                  toolbox surf best sligo --min-score 1.5 --json
                  toolbox surf best donegal --calibrated
                  toolbox surf best donegal/bundoran --min-score 2 --quiet && notify-send "Bundoran is on"
                """
        )

        @Argument(help: "REGION or REGION/SPOT, any number (default: surf.region).", completion: SurfCommand.placeCompletion)
        var places: [String] = []
        @Option(help: "How many days, 1 to 7.") var days = 3
        @Option(name: .customLong("min-score"), help: "The score every hour of a window reaches.") var minimumScore = 1.0
        @Flag(help: "Correct the heights by the forecast's bias at the nearest buoy over the last day.") var calibrated = false
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard (1...7).contains(days) else { throw ValidationError("--days must be between 1 and 7") }
            guard minimumScore >= 0, minimumScore.isFinite else { throw ValidationError("--min-score must be 0 or more") }
        }

        func run(in context: CommandContext) async throws {
            let units = try units(context)
            let surf = try context.resolve(SurfPlaces.self)
            let tides = try context.resolve(TidePredictions.self)
            let now = Date()
            var spots: [Spot] = []
            for place in places.isEmpty ? [try context.configuration.required(SurfPlugin.Keys.region)] : places {
                for spot in try await surf.spots(SpotQuery(place)) where !spots.contains(where: { $0.path == spot.path }) { spots.append(spot) }
            }
            let record = try context.resolve(SurfRecord.self)
            async let checked = record.lastDay(near: spots, now: now)
            var forecasts = try await surf.provider.forecasts(at: spots, days: days)
            let buoyChecks = await checked
            for check in buoyChecks { VerifyText.phrase(check, units: units).map(context.output.notice) }
            if calibrated {
                forecasts = Self.calibrate(forecasts, at: spots, record: record, with: buoyChecks, units: units, output: context.output)
            }
            let first = forecasts.joined().compactMap(\.time).min() ?? now
            let (tables, problem) = await tides.tables(near: spots, around: max(first, now))
            if let problem { context.output.notice("tides are left out: \(problem.message)") }
            // The days asked, in Irish days, whatever else the forecast holds.
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = SpotTime.zone
            let end = calendar.date(byAdding: .day, value: days, to: calendar.startOfDay(for: now)) ?? .distantFuture
            let windows = SurfWindows.ranked(
                zip(spots, forecasts).flatMap { spot, hours in
                    SurfWindows.windows(
                        at: spot,
                        hours: hours.map { $0.withTide(tables, at: $0.time ?? now) },
                        tide: tables[spot.path]?.table,
                        minimum: minimumScore,
                        from: now,
                        until: end
                    )
                }
            )
            try context.output.list(
                windows,
                columns: [
                    Column("Spot") { $0.spot.name },
                    Column("When") { SurfWindows.span($0) },
                    Column("Hours", rightAligned: true) { "\($0.hours)" },
                    Column("Score", rightAligned: true) { NumberStyle.oneDecimal($0.score) },
                    Column("Why", flexible: true) { SurfWindows.reason($0, units: units) },
                ],
                plain: {
                    "\($0.spot.name), \(SurfWindows.span($0)): \(SurfWindows.reason($0, units: units)) (score \(NumberStyle.oneDecimal($0.score)))."
                },
                empty: "No window reaches a score of \(NumberStyle.oneDecimal(minimumScore)) in daylight "
                    + (days == 1 ? "today." : "in the next \(days) days."),
                attribution: credits(surf.provider.forecastCredit, withTides: !tables.isEmpty)
            )
            if windows.isEmpty { throw ExitStatus.noMatch }
        }

        /// Each spot's hours with its heights moved by the wave-height bias at its nearest buoy, saying
        /// so once per buoy; a spot whose buoy has no hour to compare stays as forecast, and says that.
        static func calibrate(
            _ forecasts: [[ForecastHour]],
            at spots: [Spot],
            record: SurfRecord,
            with done: [ForecastCheck],
            units: UnitSystem,
            output: Output
        ) -> [[ForecastHour]] {
            var said: Set<String> = []
            return zip(spots, forecasts).map { spot, hours in
                let buoy = record.nearest(to: spot)?.buoy
                guard let check = done.first(where: { $0.buoy == buoy }), let accuracy = check.accuracy(.waveHeight) else {
                    // Once per buoy, and once per spot that has none.
                    if said.insert(buoy?.name ?? spot.path).inserted {
                        output.notice(
                            "not calibrated near \(buoy?.name ?? spot.name): "
                                + (buoy == nil ? "no buoy of surf.buoys within surf.buoy_km" : "no hour of the last day to compare")
                        )
                    }
                    return hours
                }
                if said.insert(check.buoy.name).inserted {
                    let change = (accuracy.bias < 0 ? "+" : "-") + units.height(abs(accuracy.bias))
                    output.notice(
                        "heights near \(check.buoy.name) read \(change): the forecast there \(VerifyText.heightBias(accuracy, units: units)) over the last day"
                    )
                }
                return hours.map { $0.calibrated(by: accuracy.bias) }
            }
        }
    }
}
