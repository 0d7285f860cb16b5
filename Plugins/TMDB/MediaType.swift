import ArgumentParser

/// A movie or a TV show: TMDB's two kinds of title, each with its own routes.
public enum MediaType: String, Codable, Sendable, CaseIterable, ExpressibleByArgument {
    case movie, tv

    public var label: String { self == .movie ? "Movie" : "TV" }

    /// How a sentence names one: "movie", "TV show".
    public var noun: String { self == .movie ? "movie" : "TV show" }
}
