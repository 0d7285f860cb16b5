import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension MoviesCommand.DiaryCommand {
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
