import ArgumentParser
import PluginAPI

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
                """)

        @Argument(help: "The TMDB movie id.")
        var id: Int

        @OptionGroup var pages: PageOptions
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(MovieCatalog.self)
            let movies = try await MoviePages.collect(from: pages.page ?? 1, limit: pages.limit) {
                try await catalog.similar(to: id, page: $0)
            }
            try present(movies.map(catalog.item), empty: "No movies found similar to movie \(id).", in: context)
        }
    }
}
