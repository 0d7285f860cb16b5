import ArgumentParser
import PluginAPI

extension SurfCommand {
    /// `toolbox surf log [list] | add SPOT | stats | export | remove N`
    struct LogCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "Your surf sessions, with the conditions of each: log them, list them, sum them up, export them.",
            discussion: """
                A session keeps the conditions at its hour: measured by a buoy of surf.buoys when one is \
                within 50 km of the spot (its water), else what the freshest forecast toolbox kept for \
                the spot said (nearer the truth than a buoy far out at sea), else a buoy farther out; \
                each session says which. `toolbox surf like` then finds coming days like your best ones. \
                The log is kept in toolbox's data folder.

                Examples:
                  toolbox surf log add donegal/bundoran --when "today 07:30" --hours 1.5 --rating 5
                  toolbox surf log
                  toolbox surf log stats
                  toolbox surf log export > sessions.csv
                  toolbox surf log remove 3
                """,
            subcommands: [List.self, Add.self, Stats.self, Export.self, Remove.self],
            defaultSubcommand: List.self
        )
    }
}
