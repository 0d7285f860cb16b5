import ArgumentParser
import PluginAPI
import TMDB

/// The movie a command is about: a TMDB id, a themoviedb.org or IMDb link, or a title.
struct MovieArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("A TMDB id, a themoviedb.org or IMDb link or id, or words from the title.", valueName: "movie"))
    var movie: String

    /// The catalog and the movie's TMDB id; nil when a title matched several, which were listed.
    func resolve(in context: CommandContext) async throws -> (catalog: MovieCatalog, id: Int)? {
        let catalog = try context.resolve(MovieCatalog.self)
        return try await catalog.resolve(TitleReference(parsing: movie), in: context).map { (catalog, $0) }
    }
}
