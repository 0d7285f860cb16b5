import ArgumentParser
import PluginAPI
import TMDB

extension TrailersCommand.WatchlistCommand {
    /// `toolbox trailers watchlist import FILE [--yes]`
    struct Import: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add a Letterboxd watchlist CSV's movies to the watchlist (shows what it will do first).",
            discussion: """
                Reads Letterboxd's import format (Title, Year, tmdbID, imdbID) and its own \
                watchlist.csv export (Date, Name, Year, Letterboxd URI). Rows are placed by tmdbID, \
                else imdbID, else title and year when exactly one movie has them; rows that cannot \
                be placed are listed, never guessed. Movies already on the watchlist are left \
                alone, so importing twice adds nothing.

                Example:
                  toolbox trailers watchlist import watchlist.csv --yes
                """
        )
        @Argument(help: "A CSV in Letterboxd's import format, or Letterboxd's watchlist export.", completion: .file(extensions: ["csv"]))
        var file: String
        @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            let rows = try LetterboxdCSV.read(file: file)
            let watchlist = try context.resolve(Watchlist.self)
            let catalog = try context.resolve(TrailerCatalog.self)
            let plan = try await LetterboxdImport<TitleItem>(rows, kept: Set(try watchlist.items().map(\.listKey)), key: \.listKey) { row in
                do {
                    guard let id = try await catalog.client.placedMovie(row) else {
                        return .failure(.init("TMDB has no single movie called that" + (row.year.map { " from \($0)" } ?? "")))
                    }
                    return .success(try await catalog.details(id, type: .movie).item)
                } catch {
                    return .failure(.init(ToolboxError.from(error).message))
                }
            }
            try plan.run(in: context, yes: yes, list: "watchlist", columns: TitleItem.columns, plain: \.spoken, count: Self.count) {
                try watchlist.add(contentsOf: $0)
            }
        }

        static func count(_ number: Int) -> String { "\(NumberStyle.grouped(number)) \(number == 1 ? "movie" : "movies")" }
    }
}
