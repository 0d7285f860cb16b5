import ArgumentParser
import TMDB

/// What a list shows: movies, TV, or both merged.
enum ContentType: String, Sendable, CaseIterable, ExpressibleByArgument {
    case all, movie, tv

    var mediaTypes: [MediaType] {
        switch self {
        case .all: [.movie, .tv]
        case .movie: [.movie]
        case .tv: [.tv]
        }
    }
}
