import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf now [REGION/SPOT] [--line]`
    struct Now: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "now",
            abstract: "One spot's surf now, your home spot unless named; --line for a status bar.",
            discussion: """
                With --line, one line of at most 60 characters for tmux or waybar, for example \
                "Bundoran 1.4m 11s ↙12kt ▲high 14:32 ★★★": the swell and its period, the wind in \
                knots with an arrow pointing downwind, where the tide is going and when, and a star \
                for each half point of the score `surf best` ranks hours by. When the network \
                fails it shows the cached surf, marked "(cached 3 h ago)".

                Set your home spot once: toolbox config set surf.home donegal/bundoran

                Examples:
                  toolbox surf now
                  toolbox surf now clare/lahinch --json
                  toolbox surf now --line          (tmux: set -g status-right '#(toolbox surf now --line)')
                """
        )

        @Argument(help: "REGION/SPOT (default: surf.home).", completion: SurfCommand.placeCompletion) var spot: String?
        @Flag(help: "One line of at most 60 characters, for a status bar.") var line = false
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            guard let place = spot ?? context.configuration.string(SurfPlugin.Keys.home) else {
                throw ToolboxError.usage("name a spot, or set your home spot", hint: "toolbox config set surf.home donegal/bundoran")
            }
            let units = try units(context)
            let places = try context.resolve(SurfPlaces.self)
            let tides = try context.resolve(TidePredictions.self)
            let target = try await places.spot(SpotQuery(place))
            let now = Date()
            async let tidal = tides.tables(near: [target], around: now)
            let found = try await places.provider.conditions(at: [target])
            let (tables, problem) = await tidal
            guard let conditions = found.first?.withTide(tables, at: now) else {
                throw ToolboxError.notFound("no conditions for \(target.name) right now", hint: "try again later, or with --refresh")
            }
            if line {
                let score = SurfWindows.score(conditions, at: target, stage: tables[target.path]?.table.stage(at: now))
                let staleAge = try context.resolve(WebClient.self).staleAge
                context.output.line(StatusLine.line(conditions, score: score, staleAge: staleAge, units: units))
                return
            }
            if let problem { context.output.notice("tides are left out: \(problem.message)") }
            try context.output.detail(
                conditions,
                fields: ConditionsText.fields(conditions, units: units),
                plain: ConditionsText.spoken(conditions, units: units),
                attribution: credits(places.provider.forecastCredit, withTides: !tables.isEmpty)
            )
        }
    }
}
