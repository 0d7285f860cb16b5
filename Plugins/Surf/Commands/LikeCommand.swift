import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf like [REGION|REGION/SPOT…] [--days N] [--min-rating R]`
    struct Like: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "like",
            abstract: "Coming days like your best sessions: forecast windows whose conditions match a session you loved.",
            discussion: """
                Each coming daylight hour at a spot is set against your sessions there rated \
                --min-rating or more (see `toolbox surf log`): alike when the waves are within 0.3m \
                (or a quarter of their height), their period within 2 s and direction within 30°, \
                the wind within 45° and 12 km/h (two light winds are alike from anywhere), and the \
                tide within a quarter of its range. A window is a run of such hours, shown with the \
                session it resembles and why. With no place named: the spots of those sessions.

                Exit status: 0 when a window is like a session, 1 when none is (as `surf best`), other \
                codes for errors, so cron or a notifier can act on it.

                Examples:
                  toolbox surf like
                  toolbox surf like donegal/bundoran --days 5
                  toolbox surf like --min-rating 5 --quiet && notify-send "A day like your best"
                """
        )

        @Argument(help: "REGION or REGION/SPOT, any number (default: the spots of your best sessions).", completion: SurfCommand.placeCompletion)
        var places: [String] = []
        @Option(help: "How many days, 1 to 7.") var days = 7
        @Option(name: .customLong("min-rating"), help: "The sessions to match: rated this or more, 1 to 5.") var minimumRating = 4
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard (1...7).contains(days) else { throw ValidationError("--days must be between 1 and 7") }
            guard (1...5).contains(minimumRating) else { throw ValidationError("--min-rating must be between 1 and 5") }
        }

        func run(in context: CommandContext) async throws {
            let units = try units(context)
            let good = try context.resolve(SurfLog.self).sessions().filter { ($0.rating ?? 0) >= minimumRating && $0.conditions?.waveHeight != nil }
            let surf = try context.resolve(SurfPlaces.self)
            var spots: [Spot] = []
            if places.isEmpty {
                for path in Set(good.map(\.path)).sorted() { spots.append(try await surf.spot(SpotQuery(path))) }
            } else {
                for place in places {
                    for spot in try await surf.spots(SpotQuery(place)) where !spots.contains(where: { $0.path == spot.path }) { spots.append(spot) }
                }
                spots = spots.filter { spot in good.contains { $0.path == spot.path } }
            }
            guard !spots.isEmpty else {
                throw ToolboxError.notFound(
                    "no session rated \(minimumRating) or more, with its conditions, in your log"
                        + (places.isEmpty ? "" : " at \(places.joined(separator: ", "))"),
                    hint: "log one with `toolbox surf log add REGION/SPOT --rating 5`, or lower --min-rating"
                )
            }
            let now = Date()
            let forecasts = try await surf.provider.forecasts(at: spots, days: days)
            let first = forecasts.joined().compactMap(\.time).min() ?? now
            let (tables, problem) = await try context.resolve(TidePredictions.self).tables(near: spots, around: max(first, now))
            if let problem { context.output.notice("tides are left out: \(problem.message)") }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = SpotTime.zone
            let end = calendar.date(byAdding: .day, value: days, to: calendar.startOfDay(for: now)) ?? .distantFuture
            var windows: [LikeWindow] = []
            for (spot, hours) in zip(spots, forecasts) {
                let sessions = good.filter { $0.path == spot.path }
                windows += LikeWindow.windows(at: spot, hours: hours, tide: tables[spot.path]?.table, sessions: sessions, from: now, until: end)
            }
            windows = LikeWindow.closestFirst(windows)
            try context.output.list(
                windows.map(LikeText.Item.init),
                columns: LikeText.columns(units),
                plain: { LikeText.spoken($0.window, units: units) },
                empty: "No coming window in the next \(days) days is like a session you rated \(minimumRating) or more.",
                attribution: credits(surf.provider.forecastCredit, withTides: !tables.isEmpty)
            )
            if windows.isEmpty { throw ExitStatus.noMatch }
        }
    }
}
