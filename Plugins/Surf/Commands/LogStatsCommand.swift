import ArgumentParser
import PluginAPI

extension SurfCommand.LogCommand {
    /// `toolbox surf log stats [--year YYYY]`
    struct Stats: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Your sessions summed up: hours, by spot and by month, and the conditions of your best.",
            discussion: "Examples:\n  toolbox surf log stats\n  toolbox surf log stats --year 2026 --json"
        )
        @Option(help: "Only this year's sessions.") var year: Int?
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let year, !(1900...9999).contains(year) { throw ValidationError("--year must be a four-digit year") }
        }

        func run(in context: CommandContext) async throws {
            let units = try units(context)
            let all = try context.resolve(SurfLog.self).sessions()
            let sessions = year.map { year in all.filter { $0.month.hasPrefix("\(year)-") } } ?? all
            guard !sessions.isEmpty else {
                if context.output.format == .json { return try context.output.json(SessionStats([])) }
                return context.output.notice(
                    year.map { "No session in \($0) in your log." } ?? "Your log is empty: log a session with `toolbox surf log add REGION/SPOT`."
                )
            }
            let stats = SessionStats(sessions)
            let lines: [String]
            switch context.output.format {
            case .json: return try context.output.json(stats)
            case .plain: lines = SessionStatsText.spoken(stats, units: units)
            case .table: lines = SessionStatsText.screen(stats, units: units, bold: context.output.bold, color: context.output.color)
            case .lines: lines = SessionStatsText.rows(stats)
            }
            lines.forEach(context.output.line)
        }
    }
}
