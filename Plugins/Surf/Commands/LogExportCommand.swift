import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand.LogCommand {
    /// `toolbox surf log export [--output FILE]`
    struct Export: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Your sessions as CSV (metric), oldest first.",
            discussion: "Examples:\n  toolbox surf log export > sessions.csv\n  toolbox surf log export --output sessions.csv"
        )
        @Option(name: .shortAndLong, help: "Write it to this file instead of stdout.", completion: .file(extensions: ["csv"])) var output: String?
        @OptionGroup var global: GlobalOptions

        static let header = [
            "number", "start", "spot", "region", "hours", "rating", "board", "note", "wave_height_m", "wave_period_s", "wave_direction_deg",
            "wind_kmh", "wind_direction_deg", "relative_wind", "tide_stage", "tide_rising", "conditions_from",
        ]

        static func csv(_ sessions: [SurfSession]) -> String {
            func number(_ value: Double?) -> String { value.map { NumberStyle.oneDecimal($0) } ?? "" }
            return CSV.write(
                [header]
                    + sessions.map { s in
                        let c = s.conditions
                        return [
                            "\(s.number)", SpotTime.iso(s.start), s.spot, s.region, NumberStyle.oneDecimal(s.hours), s.rating.map(String.init) ?? "",
                            s.board ?? "", s.note ?? "", number(c?.waveHeight), number(c?.wavePeriod), number(c?.waveDirection), number(c?.windSpeed),
                            number(c?.windDirection), c?.relativeWind?.rawValue ?? "", c?.tideStage.map { String($0) } ?? "",
                            c?.tideRising.map { $0 ? "true" : "false" } ?? "", c?.said ?? "",
                        ]
                    }
            )
        }

        func run(in context: CommandContext) async throws {
            let sessions = try context.resolve(SurfLog.self).sessions()
            let text = Self.csv(sessions)
            try context.output.export(text, to: output) { path in
                "Wrote \(sessions.count) \(sessions.count == 1 ? "session" : "sessions") to \(path)."
            }
        }
    }
}
