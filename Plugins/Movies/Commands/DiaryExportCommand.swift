import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension MoviesCommand.DiaryCommand {
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
}
