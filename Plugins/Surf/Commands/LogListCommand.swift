import ArgumentParser
import PluginAPI

extension SurfCommand.LogCommand {
    /// `toolbox surf log [list] [--spot REGION/SPOT]`
    struct List: ToolboxCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Your sessions, newest first.")
        @Option(help: "Only this spot's sessions (REGION/SPOT).", completion: SurfCommand.placeCompletion) var spot: String?
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let units = try units(context)
            var sessions = try context.resolve(SurfLog.self).sessions().reversed().map { $0 }
            if let spot {
                let query = SpotQuery(spot)
                sessions = sessions.filter { session in
                    let path = SpotQuery(session.path)
                    return path.region == SpotNames.key(query.region) && (query.spot.map { SpotNames.key($0) == path.spot } ?? true)
                }
            }
            try context.output.list(
                sessions,
                columns: SessionText.columns(units),
                plain: { SessionText.spoken($0, units: units) },
                empty: spot == nil
                    ? "Your log is empty: log a session with `toolbox surf log add REGION/SPOT`." : "No session at \(spot ?? "") in your log."
            )
        }
    }
}
