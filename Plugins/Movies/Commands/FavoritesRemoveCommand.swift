import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand.FavoritesCommand {
    struct Remove: ToolboxCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a movie from your favourites.")
        @Argument(help: "The TMDB movie id.") var id: Int
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try context.resolve(Favorites.self).runRemove(id, described: "movie \(id)", in: context)
        }
    }
}
