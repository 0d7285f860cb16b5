import ArgumentParser
import PluginAPI
import TMDB

/// The movie a command is about: a TMDB id, a themoviedb.org or IMDb link, or a title.
struct MovieArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("A TMDB id, a themoviedb.org or IMDb link or id, or words from the title.", valueName: "movie"))
    var movie: String

    /// The movie's TMDB id; nil when a title matched several, which were listed.
    func id(_ catalog: MovieCatalog, in context: CommandContext) async throws -> Int? {
        try await catalog.resolve(TitleReference(parsing: movie), in: context)
    }
}
