import Foundation
import PluginAPI
import TMDB

/// The MMDB app's TMDB calls, each with its cache lifetime.
struct MovieCatalog: Sendable {
    /// Lists change through the day; details rarely; images never.
    enum Lifetime {
        static let lists = CachePolicy(kind: "lists", timeToLive: 15 * 60)
        static let people = CachePolicy(kind: "people", timeToLive: 24 * 3600)
        static let details = CachePolicy(kind: "details", timeToLive: 6 * 3600)
    }

    let client: TMDBClient

    /// `GET /discover/movie?with_people=…&sort_by=popularity.desc&page=N`
    func movies(withPerson person: Int, page: Int) async throws -> TMDBPage<MovieItem> {
        items(
            try await client.get(
                "discover/movie",
                query: ["with_people": "\(person)", "sort_by": "popularity.desc", "page": "\(page)"],
                cache: Lifetime.lists
            )
        )
    }

    /// `GET /search/movie?query=…&page=N[&year=YYYY]`
    func search(_ query: String, year: Int?, page: Int) async throws -> TMDBPage<MovieItem> {
        var parameters = ["query": query, "page": "\(page)"]
        parameters["year"] = year.map(String.init)
        return items(try await client.get("search/movie", query: parameters, cache: Lifetime.lists))
    }

    /// `GET /search/person?query=…`, acting only, at most 5.
    func actors(named name: String) async throws -> [TMDBPerson] {
        let page: TMDBPage<TMDBPerson> = try await client.get("search/person", query: ["query": name], cache: Lifetime.people)
        return ActorSearch.actingOnly(page.results)
    }

    /// `GET /movie/<id>`, and the first few of `GET /movie/<id>/similar` as its detail screen ends with them.
    func details(_ id: Int) async throws -> MovieDetails {
        async let similar = similar(to: id, page: 1)
        var details = MovieDetails(try await movie(id), imageURL: client.imageURL)
        // The movie is what was asked for; its neighbours are a courtesy that may fail alone.
        details.more.similar = Array(((try? await similar)?.results ?? []).prefix(MovieDetails.similarShown))
        return details
    }

    /// `GET /person/<id>`: how a person is named; nil when TMDB cannot say.
    func personName(_ id: Int) async -> String? {
        (try? await client.get("person/\(id)", cache: Lifetime.people, as: TMDBPerson.self))?.name
    }

    /// `GET /movie/<id>`, as a list shows it.
    func item(_ id: Int) async throws -> MovieItem {
        MovieItem(try await movie(id), imageURL: client.imageURL)
    }

    /// `GET /movie/<id>/similar?page=N`
    func similar(to id: Int, page: Int) async throws -> TMDBPage<MovieItem> {
        items(try await client.get("movie/\(id)/similar", query: ["page": "\(page)"], cache: Lifetime.lists, notFound: Self.noMovie(id)))
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

    private func movie(_ id: Int) async throws -> TMDBMovie {
        try await client.get("movie/\(id)", cache: Lifetime.details, notFound: Self.noMovie(id))
    }

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
