import Foundation
import PluginAPI
import TMDB

/// A movie or TV show as the Trailers lists show it (the JSON fields of cli.md).
struct TitleItem: Codable, Sendable, Equatable {
    var id: Int
    var type: MediaType
    var title: String
    var year: String
    /// One decimal, as shown (cli.md); the merge compares `voteAverage`.
    @Nullable var rating: Double?
    @Nullable var popularity: Double?
    /// `YYYY-MM-DD` or nil; the newest/oldest sorts compare it.
    @Nullable var releaseDate: String?
    @Nullable var posterURL: String?
    /// TMDB's genre ids, for hiding by genre; absent from watchlists kept before they were.
    var genres: [Int]?
    var onMyServices: [ServiceOffer]?
    /// TMDB's vote average as sent, not in the JSON: sorts compare raw values (tmdb.md).
    /// An item read back from a saved list has only its shown rating.
    private var rawRating: Double? = nil

    enum CodingKeys: String, CodingKey {
        case id, type, title, year, rating, popularity, releaseDate, posterURL, onMyServices
        case genres = "genreIDs"
    }

    /// `rating`: the raw vote average (nil without votes); it is kept for sorting and shown to one decimal.
    init(
        id: Int,
        type: MediaType,
        title: String,
        releaseDate: String?,
        rating: Double?,
        popularity: Double?,
        posterURL: String? = nil,
        genres: [Int]? = nil
    ) {
        let date = ReleaseDate(releaseDate)
        self.genres = genres
        self.posterURL = posterURL
        self.id = id
        self.type = type
        self.title = title
        self.year = date.year
        self.rating = rating.map { ($0 * 10).rounded() / 10 }
        self.rawRating = rating
        self.popularity = popularity
        self.releaseDate = date.iso
    }

    /// The rating sorts compare: the raw vote average where known.
    var voteAverage: Double? { rawRating ?? rating }

    /// nil for what is neither a movie nor a show (people on /trending/all). `imageURL`
    /// turns TMDB's poster path into `posterURL`.
    init?(_ title: TMDBTitle, type fallback: MediaType?, imageURL: (String?, String) -> String? = { _, _ in nil }) {
        guard let type = title.mediaType.map({ MediaType(rawValue: $0) }) ?? fallback else { return nil }
        let votes = title.voteCount ?? 0
        self.init(
            id: title.id,
            type: type,
            title: title.title,
            releaseDate: title.date,
            rating: votes > 0 ? title.voteAverage : nil,
            popularity: title.popularity,
            posterURL: imageURL(title.posterPath, TMDBImageSize.poster),
            genres: title.genreIDs
        )
    }

    /// Movies and shows share ids: a list tells them apart by both.
    var listKey: String { Self.listKey(id: id, type: type) }

    static func listKey(id: Int, type: MediaType) -> String { "\(type.rawValue)/\(id)" }

    /// "7.8" with a star, or "★ -" without votes.
    var score: String { rating.map { "★ " + NumberStyle.oneDecimal($0) } ?? "★ -" }
}

extension TitleItem: TitleRow {
    var mediaType: MediaType { type }
    var genreIDs: [Int] { genres ?? [] }

    static func client(in context: CommandContext) throws -> TMDBClient { try context.resolve(TrailerCatalog.self).client }
}

extension TitleItem: SavedItem {
    static let savedListTitle = "your watchlist"
    var savedKey: String { listKey }
    var savedName: String { "“\(title)” (\(year), \(type.label))" }
}

/// A list's summary is what `show` says of a title when its details cannot be had.
extension TitleItem: ShownTitle {
    var json: TitleItem { self }

    var fields: [(label: String, value: String)] {
        [
            ("Title", title), ("Type", type.label), ("Year", year), ("Score", score),
            ("Popularity", popularity.map(NumberStyle.oneDecimal) ?? "–"), ("TMDB", TitleLinks.tmdb(id, type: type)),
        ]
    }
}
