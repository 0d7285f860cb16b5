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

        struct List: TMDBCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "The diary, newest first, with a count per year.")
            @Option(help: "Only this year's viewings.") var year: Int?
            @OptionGroup var services: ServicesOption
            @OptionGroup var tmdb: TMDBOptions

            func validate() throws {
                if let year, !YearRange.years.contains(year) { throw ValidationError("--year must be a four-digit year") }
            }

            func run(in context: CommandContext) async throws {
                let all = try context.resolve(Diary.self).entries()
                let dated = year.map { year in all.filter { $0.watchedDate?.hasPrefix("\(year)-") == true } } ?? all
                // The diary reads without a key; marking the services needs one, and --on-my-services insists.
                let catalog = services.onMyServices ? try context.resolve(MovieCatalog.self) : try? context.resolve(MovieCatalog.self)
                let viewer = try await catalog?.viewer(services, in: context)
                let entries = await viewer?.shape(dated, hiding: false) ?? dated
                let empty = year.map { "Nothing in your diary for \($0)." } ?? "Your diary is empty: record a movie with `toolbox movies watched ID`."
                try context.output.list(
                    entries,
                    columns: viewer?.columns(DiaryEntry.columns) ?? DiaryEntry.columns,
                    plain: \.spoken,
                    empty: empty,
                    attribution: viewer?.attribution
                )
                viewer?.report(to: context.output)
                guard !entries.isEmpty else { return }
                let counts = Dictionary(grouping: entries) { $0.watchedDate.map { String($0.prefix(4)) } ?? "undated" }
                let years = counts.keys.sorted(by: >).map { "\($0): \(NumberStyle.grouped(counts[$0]?.count ?? 0))" }
                context.output.notice(
                    "\(NumberStyle.grouped(entries.count)) \(entries.count == 1 ? "viewing" : "viewings") — " + years.joined(separator: " · ")
                )
            }
        }

        struct Export: ToolboxCommand {
            static let configuration = CommandConfiguration(commandName: "export", abstract: "The diary as Letterboxd's import CSV.")
            @Option(name: .shortAndLong, help: "Write it to this file instead of stdout.", completion: .file(extensions: ["csv"]))
            var output: String?
            @OptionGroup var global: GlobalOptions

            func run(in context: CommandContext) async throws {
                let entries = try context.resolve(Diary.self).entries()
                let csv = LetterboxdCSV.write(entries)
                try context.output.export(csv, to: output) { path in
                    "Wrote \(NumberStyle.grouped(entries.count)) diary \(entries.count == 1 ? "entry" : "entries") to \(path)."
                }
            }
        }

        struct Import: TMDBCommand {
            static let configuration = CommandConfiguration(
                commandName: "import",
                abstract: "Add a Letterboxd CSV's viewings to the diary (shows what it will do first).",
                discussion: """
                    Rows are placed by tmdbID, else imdbID, else title and year when exactly one movie \
                    has them; rows that cannot be placed are listed, never guessed. Viewings already in \
                    the diary (the same movie on the same day) are left alone, so importing twice adds \
                    nothing.
                    """
            )
            @Argument(help: "A CSV in Letterboxd's import format, or Letterboxd's diary export.", completion: .file(extensions: ["csv"]))
            var file: String
            @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
            @OptionGroup var tmdb: TMDBOptions

            func run(in context: CommandContext) async throws {
                let rows = try LetterboxdCSV.read(file: file)
                let diary = try context.resolve(Diary.self)
                let plan = try await context.resolve(MovieCatalog.self).plan(rows, kept: try diary.entries())
                try plan.run(in: context, yes: yes, list: "diary", columns: DiaryEntry.columns, plain: \.spoken, count: count) {
                    try diary.add($0)
                }
            }

            private func count(_ number: Int) -> String { "\(NumberStyle.grouped(number)) \(number == 1 ? "entry" : "entries")" }
        }
    }
}
