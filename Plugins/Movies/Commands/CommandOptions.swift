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

/// `--genre`, `--year`, `--years`, `--min-rating`, `--min-votes` and `--sort`.
struct MovieFilterOptions: ParsableArguments {
    @Option(
        name: .customLong("genre"),
        help: ArgumentHelp("A genre (repeat, or separate with commas: a movie has them all).", valueName: "name"),
        completion: CompletionNames.completion("genre", namespace: "movies")
    )
    var genres: [String] = []

    @Option(help: "Only movies released in this year.")
    var year: Int?

    @Option(help: ArgumentHelp("Only movies released in these years, FROM..TO (2000.., ..1979).", valueName: "from..to"))
    var years: YearRange?

    @Option(help: ArgumentHelp("At least this rating, out of 10.", valueName: "x"))
    var minRating: Double?

    @Option(help: ArgumentHelp("At least this many votes (default 50 with --min-rating or --sort rating).", valueName: "n"))
    var minVotes: Int?

    @Option(help: "How to order them: popularity, rating, date (newest first) or title (A to Z).")
    var sort: MovieSort?

    func validate() throws {
        if year != nil && years != nil { throw ValidationError("use --year or --years, not both") }
        if let year, !YearRange.years.contains(year) { throw ValidationError("--year must be a four-digit year") }
        if let minRating, !(0...10).contains(minRating) { throw ValidationError("--min-rating is out of 10: between 0 and 10") }
        if let minVotes, minVotes < 0 { throw ValidationError("--min-votes cannot be negative") }
    }

    /// Genre names as typed, split at commas.
    var genreNames: [String] { genres.flatMap { $0.split(separator: ",").map { String($0).trimmed } }.filter { !$0.isEmpty } }

    /// The filter, with the genres `genreIDs` resolved.
    func filter(genreIDs: [Int]) -> MovieFilter {
        MovieFilter(
            genreIDs: genreIDs,
            years: year.map { YearRange(from: $0, to: $0) } ?? years,
            minimumRating: minRating,
            minimumVotes: minVotes,
            sort: sort
        )
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
