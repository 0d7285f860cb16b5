import ArgumentParser
import PluginAPI
import TMDB

extension TrailersCommand.WatchlistCommand {
    /// `toolbox trailers watchlist export [--output FILE]`
    struct Export: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "The watchlist's movies as Letterboxd's import CSV (Letterboxd keeps films only).",
            discussion: "Example:\n  toolbox trailers watchlist export --output watchlist.csv"
        )
        @Option(name: .shortAndLong, help: "Write it to this file instead of stdout.", completion: .file(extensions: ["csv"]))
        var output: String?
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let items = try context.resolve(Watchlist.self).items()
            let movies = items.filter { $0.type == .movie }
            // Letterboxd reads tmdbID first; the title and year name the row for a person, and for its own matching.
            let rows = movies.map { [$0.title, $0.year == "TBA" ? "" : $0.year, String($0.id)] }
            let csv = CSV.write([Array(LetterboxdCSV.header.prefix(3))] + rows)
            let shows = items.count - movies.count
            if shows > 0 { context.output.notice("Left out \(shows) TV \(shows == 1 ? "show" : "shows"): Letterboxd keeps films only.") }
            try context.output.export(csv, to: output) { path in
                "Wrote \(NumberStyle.grouped(movies.count)) \(movies.count == 1 ? "movie" : "movies") to \(path)."
            }
        }
    }
}
