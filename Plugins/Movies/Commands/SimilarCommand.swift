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
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            try await related.run(.similar, in: context)
        }
    }
}

/// What `similar` and `recommended` take and how they list: a movie, the filters, the pages.
struct RelatedMovies: ParsableArguments {
    @OptionGroup var movie: MovieArgument
    @OptionGroup var filters: MovieFilterOptions
    @OptionGroup var pages: PageOptions
    @OptionGroup var pictures: ListPictureOptions

    func run(_ relation: MovieCatalog.Relation, in context: CommandContext) async throws {
        guard let (catalog, id) = try await movie.resolve(in: context) else { return }
        let filter = try await catalog.filter(filters)
        let found = try await TMDBPaging.collect(from: pages.start, limit: pages.limit, key: \.id) {
            try await catalog.related(relation, to: id, filter: filter, page: $0)
        }.results
        let filtered = filter == MovieFilter() ? "" : " with these filters"
        let empty = "No movies found \(relation.phrase) movie \(id)\(filtered)."
        try await present(catalog.items(filter.ordered(found)), empty: empty, images: pictures.images, in: context)
    }
}
