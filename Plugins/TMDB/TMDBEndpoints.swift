import PluginAPI

/// Every TMDB endpoint the plugins read, as a typed call: its path, its parameters and what its
/// 404 means are said here once (the genre lists, watch providers and title references have files
/// of their own). Movies and Trailers choose what to ask and how long to keep it (each product's
/// cache rules), then filter and present.
extension TMDBClient {
    /// `GET /{movie|tv}/<id>?append_to_response=…`: the title with what `appending` names, decoded
    /// as the caller reads it (a movie's list row, its details, its credits). `notFound`: the
    /// product's words for a 404, else "TMDB has no movie with id N".
    public func title<Answer: Decodable>(
        _ id: Int,
        type: MediaType,
        appending: [String],
        cache: CachePolicy,
        notFound: ToolboxError? = nil,
        as answer: Answer.Type = Answer.self
    ) async throws -> Answer {
        try await get(
            "\(type.rawValue)/\(id)",
            query: appending.isEmpty ? [:] : ["append_to_response": appending.joined(separator: ",")],
            cache: cache,
            notFound: notFound ?? .notFound("TMDB has no \(type.noun) with id \(id)", hint: "check the id")
        )
    }

    /// TMDB answers "" for an overview it has no translation of: the English one of the title
    /// then, rather than none (one more request, cached); nil in English or when there is none.
    public func englishOverview(of id: Int, type: MediaType, cache: CachePolicy) async -> String? {
        guard locale.fallsBack else { return nil }
        let english = try? await get("\(type.rawValue)/\(id)", query: ["language": TMDBLocale.fallbackLanguage], cache: cache, as: TMDBTitle.self)
        return english?.overview.flatMap { $0.trimmed.isEmpty ? nil : $0 }
    }

    /// `GET /discover/{movie|tv}` with the query the product built (its filters, the viewer's services).
    public func discover<Title: Decodable & Sendable>(_ type: MediaType, query: [String: String], cache: CachePolicy) async throws -> TMDBPage<Title>
    {
        try await get("discover/\(type.rawValue)", query: query, cache: cache)
    }

    /// `GET /trending/{all|movie|tv}/{day|week}?page=N`: movies, shows and people alike when `type`
    /// is nil (all).
    public func trending(_ type: MediaType?, window: String, page: Int, cache: CachePolicy) async throws -> TMDBPage<TMDBTitle> {
        try await get("trending/\(type?.rawValue ?? "all")/\(window)", query: ["page": "\(page)"], cache: cache)
    }

    /// `GET /search/movie?query=…&page=N[&year=YYYY]`
    public func searchMovies(_ text: String, year: Int?, page: Int, cache: CachePolicy) async throws -> TMDBPage<TMDBMovie> {
        var query = ["query": text, "page": "\(page)"]
        query["year"] = year.map(String.init)
        return try await get("search/movie", query: query, cache: cache)
    }

    /// `GET /search/person?query=…` (the first page: the likeliest).
    public func searchPeople(_ name: String, cache: CachePolicy) async throws -> TMDBPage<TMDBPerson> {
        try await get("search/person", query: ["query": name], cache: cache)
    }

    /// `GET /person/<id>`
    public func person(_ id: Int, cache: CachePolicy) async throws -> TMDBPerson {
        try await get("person/\(id)", cache: cache, notFound: .notFound("TMDB has no person with id \(id)", hint: "check the id"))
    }

    /// The lists of movies related to one: alike in genres and keywords, or watched together.
    public enum Relation: String, Sendable {
        case similar, recommendations
    }

    /// `GET /movie/<id>/{similar|recommendations}?page=N`
    public func movies(
        _ relation: Relation,
        to id: Int,
        page: Int,
        cache: CachePolicy,
        notFound: ToolboxError? = nil
    ) async throws -> TMDBPage<TMDBMovie> {
        try await get(
            "movie/\(id)/\(relation.rawValue)",
            query: ["page": "\(page)"],
            cache: cache,
            notFound: notFound ?? .notFound("TMDB has no movie with id \(id)", hint: "check the id")
        )
    }
}
