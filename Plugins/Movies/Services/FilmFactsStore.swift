import Foundation
import PluginAPI
import TMDB

/// The facts of every film the diary's sums have needed, in one file of the cache folder
/// (`movies/film-facts.json`): a film's runtime, genres and directors hardly change, so a year's
/// sums read one small file rather than a thousand answers. Clearing the cache refetches them.
struct FilmFactsStore: Sendable {
    let store: JSONFileStore<[String: FilmFacts]>

    init(cacheFolder: String) {
        store = JSONFileStore(path: "\(cacheFolder)/movies/film-facts.json", empty: [:], mode: 0o644)
    }

    /// The facts of `ids`, fetching those not kept yet (all at once; the web client caps requests
    /// per host) and keeping them; a film TMDB cannot answer for is left out, and counted.
    func facts(
        of ids: Set<Int>,
        from catalog: MovieCatalog,
        progress: (Int) -> ProgressIndicator
    ) async throws -> (facts: [Int: FilmFacts], missing: Int) {
        var known = Dictionary(uniqueKeysWithValues: try store.load().compactMap { key, value in Int(key).map { ($0, value) } })
        let wanted = ids.filter { known[$0] == nil }.sorted()
        guard !wanted.isEmpty else { return (known, 0) }
        let indicator = progress(wanted.count)
        defer { indicator.finish() }
        let fetched = try await wanted.concurrentMap { id -> (Int, FilmFacts?) in
            defer { indicator.advance() }
            return (id, try? await catalog.facts(id))
        }
        let found = fetched.compactMap { id, facts in facts.map { (id, $0) } }
        if !found.isEmpty {
            try store.update { kept in
                for (id, facts) in found { kept[String(id)] = facts }
            }
        }
        for (id, facts) in found { known[id] = facts }
        return (known, wanted.count - found.count)
    }
}

/// `GET /movie/<id>?append_to_response=credits`, as far as the facts need it.
struct TMDBFilmFacts: Decodable {
    struct Credits: Decodable {
        struct Crew: Decodable {
            var name: String
            var job: String?
        }

        var crew: [Lenient<Crew>]?
    }

    var runtime: Int?
    var genres: [TMDBGenre]?
    var credits: Credits?

    var facts: FilmFacts {
        let crew = credits?.crew?.compactMap(\.value) ?? []
        var directors: [String] = []
        for member in crew where member.job == "Director" && !directors.contains(member.name) { directors.append(member.name) }
        return FilmFacts(runtime: runtime.flatMap { $0 > 0 ? $0 : nil }, genres: genres?.map(\.name) ?? [], directors: directors)
    }
}

extension MovieCatalog {
    /// A film's runtime, genres and directors (one request, credits appended).
    func facts(_ id: Int) async throws -> FilmFacts {
        try await client.title(id, type: .movie, appending: ["credits"], cache: Lifetime.details, notFound: Self.noMovie(id), as: TMDBFilmFacts.self)
            .facts
    }
}
