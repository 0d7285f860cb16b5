import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies similar ID`
    struct Similar: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "similar",
            abstract: "Movies similar to one movie.",
            discussion: """
                Examples:
                  toolbox movies similar 550
                  toolbox movies similar 550 --limit 5 --json
                """
        )

        @Argument(help: "The TMDB movie id.")
        var id: Int

        @OptionGroup var pages: PageOptions
        @OptionGroup var pictures: ListPictureOptions
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(MovieCatalog.self)
            let movies = try await TMDBPaging.collect(from: pages.start, limit: pages.limit, key: \.id) {
                try await catalog.similar(to: id, page: $0)
            }.results
            try await present(movies, empty: "No movies found similar to movie \(id).", images: pictures.images, in: context)
        }
    }
}
