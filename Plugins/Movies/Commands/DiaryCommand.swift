import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies diary [list] [--year YYYY] | stats | export | import FILE`
    struct DiaryCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diary",
            abstract: "The movies you watched, by day, with your ratings; in and out as Letterboxd CSV.",
            discussion: """
                Record with `toolbox movies watched`. Export and import use Letterboxd's import \
                format (Title, Year, tmdbID, imdbID, WatchedDate, Rating, Rewatch), so a diary moves \
                to and from Letterboxd; an import also reads Letterboxd's own diary export.

                Examples:
                  toolbox movies diary
                  toolbox movies diary --year 2026 --json
                  toolbox movies diary stats --year 2026
                  toolbox movies diary export --output diary.csv
                  toolbox movies diary import letterboxd-diary.csv --yes
                """,
            subcommands: [List.self, Stats.self, Export.self, Import.self],
            defaultSubcommand: List.self
        )
    }
}
