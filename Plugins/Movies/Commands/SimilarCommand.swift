import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies similar MOVIE`
    struct Similar: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "similar",
            abstract: "Movies similar to one movie (by genres and keywords), filtered as you ask.",
            discussion: """
                The filters are applied to TMDB's answers, page by page, until --limit is reached.

                Examples:
                  toolbox movies similar 550
                  toolbox movies similar 550 --limit 5 --json
                  toolbox movies similar "arrival" --genre drama --min-rating 7 --sort date
                """
        )

        @OptionGroup var related: RelatedMovies
        @OptionGroup var locale: LanguageOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try await related.run(in: context, listing: "similar to") { catalog, id, filter, page in
                try await catalog.similar(to: id, filter: filter, page: page)
            }
        }
    }
}

/// What `similar` and `recommended` take and how they list: a movie, the filters, the pages.
struct RelatedMovies: ParsableArguments {
    typealias Fetch = @Sendable (MovieCatalog, Int, MovieFilter, Int) async throws -> TMDBPage<TMDBMovie>

    @OptionGroup var movie: MovieArgument
    @OptionGroup var filters: MovieFilterOptions
    @OptionGroup var pages: PageOptions
    @OptionGroup var pictures: ListPictureOptions

    func run(in context: CommandContext, listing relation: String, fetch: @escaping Fetch) async throws {
        let catalog = try context.resolve(MovieCatalog.self)
        guard let id = try await movie.id(catalog, in: context) else { return }
        let filter = try await catalog.filter(filters)
        let found = try await TMDBPaging.collect(from: pages.start, limit: pages.limit, key: \.id) {
            try await fetch(catalog, id, filter, $0)
        }.results
        let movies = catalog.items(filter.ordered(found))
        try await present(
            movies,
            empty: "No movies found \(relation) movie \(id)\(filter == MovieFilter() ? "" : " with these filters").",
            images: pictures.images,
            in: context
        )
    }
}
