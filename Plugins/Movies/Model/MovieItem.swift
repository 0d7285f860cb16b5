import Foundation
import PluginAPI
import TMDB

/// A movie as the list commands and favourites show it (the JSON fields of cli.md).
struct MovieItem: Codable, Sendable, Equatable {
    var id: Int
    var title: String
    @Nullable var releaseDate: String?
    var year: String
    @Nullable var rating: Double?
    @Nullable var ratingPercent: Int?
    @Nullable var posterURL: String?
    /// TMDB's genre ids, for hiding by genre; absent from favourites kept before they were.
    var genres: [Int]?
    var onMyServices: [ServiceOffer]?

    enum CodingKeys: String, CodingKey {
        case id, title, releaseDate, year, rating, ratingPercent, posterURL, onMyServices
        case genres = "genreIDs"
    }

    init(_ movie: TMDBMovie, imageURL: (String?, String) -> String?) {
        let date = ReleaseDate(movie.releaseDate)
        let rating = MovieRating(average: movie.voteAverage, votes: movie.voteCount)
        id = movie.id
        title = movie.title
        releaseDate = date.iso
        year = date.year
        self.rating = rating?.oneDecimal
        ratingPercent = rating?.percent
        posterURL = imageURL(movie.posterPath, TMDBImageSize.poster)
        genres = movie.genreIDs ?? movie.genres?.map(\.id)
    }
}

extension MovieItem: TitleRow {
    var mediaType: MediaType { .movie }
    var genreIDs: [Int] { genres ?? [] }

    static func client(in context: CommandContext) throws -> TMDBClient { try context.resolve(MovieCatalog.self).client }
}

extension MovieItem: SavedItem {
    static let savedListTitle = "your favourites"
    var savedKey: Int { id }
    var savedName: String { "“\(title)” (\(year))" }
}
