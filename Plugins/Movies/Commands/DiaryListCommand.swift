import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension MoviesCommand.DiaryCommand {
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
}
