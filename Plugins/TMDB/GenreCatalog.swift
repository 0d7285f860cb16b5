import ArgumentParser
import Foundation
import PluginAPI

/// Genre names across TMDB's movie and TV lists, which name three pairs differently.
public struct GenreCatalog: Codable, Sendable, Equatable {
    /// Movie genre id ↔ TV genre id of the same genre under another name.
    static let pairs: [(movie: Int, tv: Int)] = [(28, 10759), (878, 10765), (10752, 10768)]

    public var movie: [TMDBGenre]
    public var tv: [TMDBGenre]

    public init(movie: [TMDBGenre], tv: [TMDBGenre]) {
        self.movie = movie
        self.tv = tv
    }

    /// A genre as each type knows it; nil for a type that has no such genre.
    public struct Selection: Codable, Sendable, Equatable {
        public var name: String
        public var movieID: Int?
        public var tvID: Int?

        public init(name: String, movieID: Int?, tvID: Int?) {
            self.name = name
            self.movieID = movieID
            self.tvID = tvID
        }

        public func id(for type: MediaType) -> Int? { type == .movie ? movieID : tvID }
    }

    /// Every name, sorted, without repeats.
    public var names: [String] { Array(Set((movie + tv).map(\.name))).sorted() }

    public func names(for type: MediaType) -> [String] { (type == .movie ? movie : tv).map(\.name).sorted() }

    /// Finds a genre by name (any case); an unknown name is a usage error listing the valid ones.
    public func select(_ name: String) throws -> Selection {
        let wanted = name.trimmed.lowercased()
        var movieID = movie.first { $0.name.lowercased() == wanted }?.id
        var tvID = tv.first { $0.name.lowercased() == wanted }?.id
        if movieID == nil, let tvID { movieID = Self.pairs.first { $0.tv == tvID }?.movie }
        if tvID == nil, let movieID { tvID = Self.pairs.first { $0.movie == movieID }?.tv }
        guard movieID != nil || tvID != nil else {
            let hint = Suggestion.closest(to: name, among: names).map { "did you mean “\($0)”? " } ?? ""
            throw ToolboxError.usage("unknown genre “\(name)”", hint: "\(hint)genres: \(names.joined(separator: ", "))")
        }
        let display = (movie + tv).first { $0.name.lowercased() == wanted }?.name ?? name
        return Selection(name: display, movieID: movieID, tvID: tvID)
    }
}

/// Names a shell completes (genres, watch providers), from the last list fetched: one
/// file per plugin and kind in the cache folder, written whenever that list is read.
public enum CompletionNames {
    public static func file(_ kind: String, cacheFolder: String, namespace: String) -> String {
        "\(cacheFolder)/\(inCache(kind, namespace: namespace))"
    }

    /// The file's path within the cache folder.
    public static func inCache(_ kind: String, namespace: String) -> String { "\(namespace)/\(kind)-names.txt" }

    /// Keeps `names` for completion; a failure only costs completion, so it is not reported.
    public static func keep(_ names: [String], in file: String) {
        try? LocalFile.writeAtomically(Data(names.joined(separator: "\n").utf8), to: file, durable: false)
    }

    public static func completion(_ kind: String, namespace: String) -> CompletionKind {
        .custom { _, _, _ in
            let cache = ToolboxPaths(environment: ProcessInfo.processInfo.environment).cache
            guard let text = try? String(contentsOfFile: file(kind, cacheFolder: cache, namespace: namespace), encoding: .utf8) else { return [] }
            return text.split(separator: "\n").map(String.init)
        }
    }
}

extension TMDBClient {
    /// Genres hardly change.
    public static let genreLifetime = CachePolicy(kind: "genres", timeToLive: 7 * 24 * 3600)

    /// `GET /genre/movie/list` and `/genre/tv/list` (the types asked for), fetched concurrently.
    public func genres(of types: Set<MediaType> = [.movie, .tv]) async throws -> GenreCatalog {
        async let movie: TMDBGenreList? = types.contains(.movie) ? get("genre/movie/list", cache: Self.genreLifetime) : nil
        async let tv: TMDBGenreList? = types.contains(.tv) ? get("genre/tv/list", cache: Self.genreLifetime) : nil
        return GenreCatalog(movie: try await movie?.genres ?? [], tv: try await tv?.genres ?? [])
    }
}
