import Foundation
import PluginAPI
import TMDB

/// One movie in full (`movies show`).
struct MovieDetails: Encodable, Sendable {
    var item: MovieItem
    var displayDate: String
    var displayRating: String?
    var tagline: String?
    var overview: String?
    var voteCount: Int
    var popularity: Double?
    var runtime: Int?
    var genres: [String]
    var backdropURL: String?

    init(_ movie: TMDBMovie, imageURL: (String?, String) -> String?) {
        item = MovieItem(movie, imageURL: imageURL)
        displayDate = ReleaseDate(movie.releaseDate).display
        displayRating = MovieRating(average: movie.voteAverage, votes: movie.voteCount)?.display
        tagline = movie.tagline.flatMap { $0.isEmpty ? nil : $0 }
        overview = movie.overview.flatMap { $0.isEmpty ? nil : $0 }
        voteCount = movie.voteCount ?? 0
        popularity = movie.popularity
        runtime = movie.runtime.flatMap { $0 > 0 ? $0 : nil }
        genres = movie.genres?.map(\.name) ?? []
        backdropURL = imageURL(movie.backdropPath, MoviePosterSize.backdrop)
    }

    var fields: [(label: String, value: String)] {
        var fields: [(String, String)] = [("Title", item.title)]
        if let tagline { fields.append(("Tagline", tagline)) }
        fields.append(("Released", displayDate))
        fields.append(("Rating", displayRating.map { "\($0) from \(NumberStyle.grouped(voteCount)) votes" } ?? "no votes yet"))
        if let popularity { fields.append(("Popularity", NumberStyle.oneDecimal(popularity))) }
        if let runtime { fields.append(("Runtime", "\(runtime / 60)h \(runtime % 60)m")) }
        if !genres.isEmpty { fields.append(("Genres", genres.joined(separator: ", "))) }
        fields.append(("Overview", overview ?? "–"))
        fields.append(("Poster", item.posterURL ?? "–"))
        fields.append(("Backdrop", backdropURL ?? "–"))
        return fields
    }

    enum CodingKeys: String, CodingKey {
        case id, title, releaseDate, year, rating, ratingPercent, posterURL
        case overview, voteCount, popularity, backdropURL, tagline, runtime, genres
    }

    func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(overview, forKey: .overview)
        try container.encode(voteCount, forKey: .voteCount)
        try container.encode(popularity, forKey: .popularity)
        try container.encode(backdropURL, forKey: .backdropURL)
        try container.encode(tagline, forKey: .tagline)
        try container.encode(runtime, forKey: .runtime)
        try container.encode(genres, forKey: .genres)
    }
}
