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
    @OptionGroup var services: ServicesOption
    @OptionGroup var pages: PageOptions
    @OptionGroup var pictures: ListPictureOptions

    func run(_ relation: MovieCatalog.Relation, in context: CommandContext) async throws {
        guard let (catalog, id) = try await movie.resolve(in: context) else { return }
        let filter = try await catalog.filter(filters)
        let viewer = try await catalog.viewer(services, in: context)
        // TMDB filters neither list: the filters and the viewer's choices apply page by page.
        let found = try await TMDBPaging.collect(from: pages.start, limit: pages.limit, key: \.movie.id) { page in
            let answer = try await catalog.related(relation, to: id, filter: filter, page: page)
            let shaped = await viewer.shape(catalog.items(answer.results))
            let kept = Dictionary(shaped.map { ($0.id, $0) }) { first, _ in first }
            return answer.map { movie in kept[movie.id].map { (movie: movie, item: $0) } }
        }.results
        let items = Dictionary(found.map { ($0.movie.id, $0.item) }) { first, _ in first }
        let filtered = filter == MovieFilter() && !services.onMyServices ? "" : " with these filters"
        let empty = "No movies found \(relation.phrase) movie \(id)\(filtered)."
        let ordered = filter.ordered(found.map(\.movie)).compactMap { items[$0.id] }
        try await MovieItem.present(ordered, empty: empty, images: pictures.images, viewer: viewer, in: context)
    }
}
