import Foundation
import PluginAPI
import TMDB

/// What the MMDB app asks TMDB (`TMDBEndpoints`), with its own cache lifetimes, and how it reads
/// the answers.
struct MovieCatalog: Sendable {
    /// Lists change through the day; details rarely; images never (genres: `TMDBClient.genreLifetime`).
    enum Lifetime {
        static let lists = CachePolicy(kind: "lists", timeToLive: 15 * 60)
        static let people = CachePolicy(kind: "people", timeToLive: 24 * 3600)
        static let details = CachePolicy(kind: "details", timeToLive: 6 * 3600)
    }

    let client: TMDBClient
    /// Where genre names are kept for shell completion.
    let genreNamesFile: String

    /// `GET /discover/movie?with_people=…&sort_by=…&page=N`, with the filter's parameters and
    /// the viewer's (their services, with `--on-my-services`).
    func movies(
        withPerson person: Int,
        filter: MovieFilter = MovieFilter(),
        viewer: [String: String] = [:],
        page: Int
    ) async throws -> TMDBPage<TMDBMovie> {
        var query = filter.discoverQuery.merging(viewer) { $1 }
        query["with_people"] = "\(person)"
        query["page"] = "\(page)"
        return try await client.discover(.movie, query: query, cache: Lifetime.lists)
    }

    /// `GET /search/movie?query=…&page=N[&year=YYYY]`
    func search(_ query: String, year: Int?, page: Int) async throws -> TMDBPage<MovieItem> {
        items(try await client.searchMovies(query, year: year, page: page, cache: Lifetime.lists))
    }

    /// `GET /search/person?query=…`, acting only, at most 5.
    func actors(named name: String) async throws -> [TMDBPerson] {
        ActorSearch.actingOnly(try await client.searchPeople(name, cache: Lifetime.people).results)
    }

    /// `GET /genre/movie/list`; the names are kept for completion.
    func genres() async throws -> GenreCatalog {
        let catalog = try await client.genres(of: [.movie])
        CompletionNames.keep(catalog.names, in: genreNamesFile)
        return catalog
    }

    /// The filter `options` describe, its genre names turned into ids (an unknown one is a usage error).
    func filter(_ options: MovieFilterOptions) async throws -> MovieFilter {
        let names = options.genreNames
        guard !names.isEmpty else { return options.filter(genreIDs: []) }
        let catalog = try await genres()
        return options.filter(genreIDs: try names.compactMap { try catalog.select($0).movieID })
    }

    /// `GET /movie/<id>` with its videos and watch providers appended (one request), and the
    /// first few of `GET /movie/<id>/similar` as its detail screen ends with them.
    func details(_ id: Int) async throws -> MovieDetails {
        async let similar = related(.similar, to: id, page: 1)
        let movie = try await movie(id)
        var details = MovieDetails(movie, locale: client.locale, imageURL: client.imageURL)
        if details.more.overview == nil { details.more.overview = await client.englishOverview(of: id, type: .movie, cache: Lifetime.details) }
        // The movie is what was asked for; its neighbours are a courtesy that may fail alone.
        details.more.similar = Array(((try? await similar)?.results ?? []).prefix(MovieDetails.similarShown)).map(item)
        return details
    }

    /// What the user hid and the services they pay for, as this command's lists apply them.
    func viewer(_ services: ServicesOption, in context: CommandContext) async throws -> ViewerPreferences {
        try await ViewerPreferences.load(client: client, context: context, onlyMine: services.onMyServices)
    }

    /// `GET /person/<id>`: how a person is named; nil when TMDB cannot say.
    func personName(_ id: Int) async -> String? {
        (try? await client.person(id, cache: Lifetime.people))?.name
    }

    /// `GET /movie/<id>`, as a list shows it.
    func item(_ id: Int) async throws -> MovieItem {
        item(try await movie(id))
    }

    typealias Relation = TMDBClient.Relation

    /// `GET /movie/<id>/similar?page=N` or `/recommendations`, the filter applied to the answers
    /// (TMDB filters neither).
    func related(_ relation: Relation, to id: Int, filter: MovieFilter = MovieFilter(), page: Int) async throws -> TMDBPage<TMDBMovie> {
        let answer = try await client.movies(relation, to: id, page: page, cache: Lifetime.lists, notFound: Self.noMovie(id))
        return answer.map { filter.admits($0) ? $0 : nil }
    }

    /// The movie a reference names: its id, or nil after listing the several a title matched.
    func resolve(_ reference: TitleReference, in context: CommandContext) async throws -> Int? {
        switch try await client.resolve(reference, type: .movie, strict: true) {
        case .one(let id, _):
            return id
        case .several(let titles, _):
            let movies = titles.map {
                TMDBMovie(id: $0.id, title: $0.title, releaseDate: $0.date, voteAverage: $0.voteAverage, voteCount: $0.voteCount)
            }
            context.output.notice("Several movies match; run the command again with one of these ids:")
            try await MovieItem.present(items(movies), empty: "", in: context)
            return nil
        }
    }

    /// A movie's poster in the image cache: the file, and the URL it came from.
    func poster(of id: Int, size: String) async throws -> (title: String, file: String, url: String?) {
        let movie = try await movie(id)
        guard let path = movie.posterPath, !path.isEmpty else {
            throw ToolboxError.notFound("“\(movie.title)” has no poster on TMDB", hint: "try `toolbox movies show \(id)` for its other images")
        }
        return (movie.title, try await client.image(path: path, size: size), client.imageURL(path, size: size))
    }

    /// An image of an item (its `posterURL`), at `size` or the URL's own, through the image cache.
    func picture(at url: String?, size: String? = nil) async throws -> Data? {
        try await client.picture(at: url, size: size)
    }

    /// Why a favourite should leave the list: TMDB answers 404 for it.
    func gone(_ item: MovieItem) async -> String? {
        await TMDBClient.gone { _ = try await movie(item.id) }
    }

    /// One request for everything `show` prints; `item`, `poster` and the favourites share its cache entry.
    func movie(_ id: Int) async throws -> TMDBMovie {
        try await client.title(id, type: .movie, appending: ["videos", "watch/providers"], cache: Lifetime.details, notFound: Self.noMovie(id))
    }

    func item(_ movie: TMDBMovie) -> MovieItem { MovieItem(movie, imageURL: client.imageURL) }

    func items(_ movies: [TMDBMovie]) -> [MovieItem] { movies.map(item) }

    private func items(_ page: TMDBPage<TMDBMovie>) -> TMDBPage<MovieItem> {
        page.map { MovieItem($0, imageURL: client.imageURL) }
    }

    static func noMovie(_ id: Int) -> ToolboxError {
        .notFound("TMDB has no movie with id \(id)", hint: "find the id with `toolbox movies search TITLE`")
    }
}

/// The actor-search rule of the MMDB app.
enum ActorSearch {
    static let limit = 5

    static func actingOnly(_ people: [TMDBPerson]) -> [TMDBPerson] {
        Array(people.filter { $0.knownForDepartment == "Acting" }.prefix(limit))
    }
}
