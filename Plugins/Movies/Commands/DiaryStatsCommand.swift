import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension MoviesCommand.DiaryCommand {
    /// `toolbox movies diary stats [--year YYYY]`
    struct Stats: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Your year in film: films and hours, a chart by month, ratings, top genres, directors and decades.",
            discussion: """
                Runtimes, genres and directors come from TMDB, asked once per film and kept in the \
                cache folder, so a year's sums read one small file after the first time; a film \
                TMDB cannot answer for is counted without them.

                Examples:
                  toolbox movies diary stats
                  toolbox movies diary stats --year 2025 --json
                """
        )

        @Option(help: "The year (default: this year).") var year: Int?
        @OptionGroup var tmdb: TMDBOptions

        func validate() throws {
            if let year, !YearRange.years.contains(year) { throw ValidationError("--year must be a four-digit year") }
        }

        func run(in context: CommandContext) async throws {
            let year = self.year ?? Calendar.current.component(.year, from: Date())
            let entries = try context.resolve(Diary.self).entries()
            let viewings = entries.filter { $0.watchedDate?.hasPrefix("\(year)-") == true }
            guard !viewings.isEmpty else {
                let years = Set(entries.compactMap { $0.watchedDate.map { String($0.prefix(4)) } }).sorted(by: >)
                throw ToolboxError.notFound(
                    "nothing in your diary for \(year)",
                    hint: years.isEmpty
                        ? "record a movie with `toolbox movies watched ID`"
                        : "your diary has \(years.joined(separator: ", ")): try --year \(years[0])"
                )
            }
            let output = context.output
            let (facts, missing) = try await FilmFactsStore(cacheFolder: context.paths.cache)
                .facts(of: Set(viewings.map(\.tmdbID)), from: try context.resolve(MovieCatalog.self)) {
                    output.progress("Asking TMDB about films", total: $0)
                }
            if missing > 0 {
                output.notice(
                    "TMDB could not say the runtime, genres and directors of \(missing) \(missing == 1 ? "film" : "films"); they count without them."
                )
            }
            let stats = DiaryStats(viewings, facts: facts, year: year)
            switch output.format {
            case .json: try output.json(stats)
            case .plain: DiaryStatsText.spoken(stats).forEach(output.line)
            case .table, .lines:
                let paint = DiaryStatsText.Paint(color: output.color, environment: context.environment)
                DiaryStatsText.screen(stats, paint: paint, bold: output.bold).forEach(output.line)
            }
        }
    }
}
