import Foundation
import PluginAPI
import TMDB

/// Genre names across TMDB's movie and TV lists, which name three pairs differently.
struct GenreCatalog: Codable, Sendable, Equatable {
    /// Movie genre id ↔ TV genre id of the same genre under another name.
    static let pairs: [(movie: Int, tv: Int)] = [(28, 10759), (878, 10765), (10752, 10768)]

    var movie: [TMDBGenre]
    var tv: [TMDBGenre]

    /// A genre as each type knows it; nil for a type that has no such genre.
    struct Selection: Sendable, Equatable {
        var name: String
        var movieID: Int?
        var tvID: Int?

        func id(for type: MediaType) -> Int? { type == .movie ? movieID : tvID }
    }

    /// Every name, sorted, without repeats.
    var names: [String] { Array(Set((movie + tv).map(\.name))).sorted() }

    func names(for type: MediaType) -> [String] { (type == .movie ? movie : tv).map(\.name).sorted() }

    /// Finds a genre by name (any case); an unknown name is a usage error listing the valid ones.
    func select(_ name: String) throws -> Selection {
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
