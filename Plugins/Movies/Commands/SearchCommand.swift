import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies search QUERY`
    struct Search: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search movies by title.",
            discussion: """
                Examples:
                  toolbox movies search "the power of the dog"
                  toolbox movies search dune --year 2021
                """
        )

        @Argument(help: "Words from the title.")
        var query: String

        @Option(help: "Only movies released in this year.")
        var year: Int?

        @OptionGroup var pages: PageOptions
        @OptionGroup var tmdb: TMDBOptions

        func validate() throws {
            if query.trimmed.isEmpty { throw ValidationError("the search query is empty") }
            if let year, !(1874...2200).contains(year) { throw ValidationError("--year must be a four-digit year") }
        }

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(MovieCatalog.self)
            let movies = try await TMDBPaging.collect(from: pages.start, limit: pages.limit, key: \.id) {
                try await catalog.search(query, year: year, page: $0)
            }.results
            try await MovieItem.present(movies, empty: "No movies found for “\(query)”\(year.map { " in \($0)" } ?? "").", in: context)
        }
    }
}
