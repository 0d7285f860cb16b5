import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand.FavoritesCommand {
    struct Add: TMDBCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a movie (checked against TMDB first).")
        @OptionGroup var movie: MovieArgument
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            guard let (catalog, id) = try await movie.resolve(in: context) else { return }
            try await context.resolve(Favorites.self).runAdd(in: context) { try await catalog.item(id) }
        }
    }
}
