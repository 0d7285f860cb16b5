import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf` or `toolbox surf today`: the app's home screen.
    struct Today: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "today",
            abstract: "One screen, as the app opens: your spot now with its tide, the best spot near it, the buoys, reports.",
            discussion: """
                `toolbox surf` alone shows it too. Everything is asked for at once: your home spot's \
                conditions and tide (surf.home), the most promising spot of its region now, the \
                buoys (surf.buoys: M4 and M6), and, with the treblesurf provider and a session, the \
                region's latest reports. A part that cannot be had says why in its place; the rest shows. \
                When no part can be had, it fails as the first part did.

                Examples:
                  toolbox surf
                  toolbox surf today --json
                """
        )

        @OptionGroup var global: GlobalOptions

        /// What `--json` prints; a part that could not be had is null, and why is in `problems`.
        struct Screen: Encodable {
            @Nullable var home: SpotConditions?
            @Nullable var best: SpotConditions?
            var buoys: [BuoyReading]
            @Nullable var reports: [SurfReport]?
            var problems: [String]
            @Nullable var attribution: String?
        }

        func run(in context: CommandContext) async throws {
            let units = try units(context)
            let places = try context.resolve(SurfPlaces.self)
            let tides = try context.resolve(TidePredictions.self)
            let configuration = context.configuration
            let home = configuration.string(SurfPlugin.Keys.home).map(SpotQuery.init)
            let spots = try await places.spots(SpotQuery(home?.region ?? configuration.required(SurfPlugin.Keys.region)))
            let homeSpot = try home.flatMap { $0.spot == nil ? nil : try SpotCatalog(spots: spots).spot($0) }
            let provider = places.provider
            let withReports =
                (try? configuration.choice(SurfPlugin.Keys.provider, as: SurfSource.self)) == .trebleSurf
                && configuration.string(SurfPlugin.Keys.session) != nil
            let now = Date()
            // One load: every part at once.
            async let region = Self.outcome { try await provider.conditions(at: spots) }
            async let tidal = tides.tables(near: homeSpot.map { [$0] } ?? [], around: now)
            async let buoys = Self.outcome { try await provider.buoys(try configuration.list(SurfPlugin.Keys.buoys), hours: nil) }
            async let reports = Self.outcome { () async throws -> [SurfReport]? in
                guard withReports else { return nil }
                return try await provider.reports(at: spots, limit: 3)
            }
            let (tables, tideProblem) = await tidal
            var problems: [String] = []
            var failures: [ToolboxError] = []
            func kept<Value>(_ outcome: Result<Value, ToolboxError>, _ part: String) -> Value? {
                switch outcome {
                case .success(let value): return value
                case .failure(let error):
                    problems.append("\(part): \(error.message)")
                    failures.append(error)
                    return nil
                }
            }
            let conditions = SpotConditions.ranked((kept(await region, "conditions") ?? []).map { $0.withTide(tables, at: now) })
            let readings = kept(await buoys, "buoys")?.map(\.latest) ?? []
            let latest = kept(await reports, "reports") ?? nil
            // A screen with nothing on it is the failure, with its exit code: not an empty success.
            if conditions.isEmpty, readings.isEmpty, latest == nil, let failure = failures.first { throw failure }
            if homeSpot != nil, let tideProblem { problems.append("tides: \(tideProblem.message)") }
            let screen = Screen(
                home: homeSpot.flatMap { spot in conditions.first { $0.spot == spot.name } },
                best: conditions.first,
                buoys: readings,
                reports: latest,
                problems: problems,
                attribution: [credits(provider.forecastCredit, withTides: !tables.isEmpty), provider.buoyCredit].compactMap { $0 }
                    .joined(separator: "; ")
            )
            if home?.spot == nil { context.output.notice("Set your home spot to see it first: toolbox config set surf.home donegal/bundoran") }
            try show(screen, region: spots.first?.region ?? "", context: context, units: units, now: now)
        }

        /// A part's answer, or why it could not be had.
        static func outcome<Value>(_ load: () async throws -> Value) async -> Result<Value, ToolboxError> {
            do { return .success(try await load()) } catch { return .failure(ToolboxError.from(error)) }
        }

        private func show(_ screen: Screen, region: String, context: CommandContext, units: UnitSystem, now: Date) throws {
            let output = context.output
            if output.format == .json {
                try output.json(screen)
                return
            }
            var lines: [String] = []
            let table = output.format == .table
            func heading(_ text: String) { if table { lines.append(output.bold(text)) } }
            if let home = screen.home {
                heading("\(home.spot) now")
                if table {
                    lines += output.detailLines(ConditionsText.fields(home, units: units), width: output.console.width)
                } else {
                    lines.append(ConditionsText.spoken(home, units: units))
                }
            }
            if let best = screen.best {
                heading("Best in \(region) now")
                lines.append((table ? "" : "Best in \(region) now: ") + ConditionsText.spoken(best, units: units))
            }
            if !screen.buoys.isEmpty {
                heading("Buoys")
                lines += screen.buoys.map { reading in
                    let age = reading.time.map { RelativeTime.ago(now.timeIntervalSince($0)) } ?? "at an unknown time"
                    let waves = [units.height(reading.waveHeight), reading.wavePeriod.map { "\(Int($0.rounded()))s" }].compactMap { $0 }
                    return "\(reading.name): waves \(waves.joined(separator: " ")), wind \(units.speed(reading.windSpeed)), \(age)."
                }
            }
            if let reports = screen.reports {
                heading("Latest reports")
                lines +=
                    reports.isEmpty
                    ? ["No reports yet."]
                    : reports.map { report in
                        let said = [report.surfSize, report.quality].compactMap { $0 }.joined(separator: ", ")
                        return
                            "\(report.spot), \(SpotTime.reported(report.time, now: now)): \(said.isEmpty ? "no details" : said), by \(report.reporter ?? "a surfer")."
                    }
            }
            lines.forEach(output.line)
            for problem in screen.problems { output.notice(problem) }
            if let attribution = screen.attribution, !attribution.isEmpty { output.credit(attribution) }
        }
    }
}
