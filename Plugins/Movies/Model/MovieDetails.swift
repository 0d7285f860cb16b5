import Foundation
import PluginAPI
import TMDB

/// One movie in full (`movies show`).
struct MovieDetails: ShownTitle {
    /// The fields `movies show` adds to a list item's in JSON.
    struct More: Encodable, Sendable {
        @Nullable var overview: String?
        var voteCount: Int
        @Nullable var popularity: Double?
        @Nullable var backdropURL: String?
        @Nullable var tagline: String?
        @Nullable var runtime: Int?
        var genres: [String]
        /// A few similar titles, as the MMDB detail screen ends with them.
        var similar: [MovieItem] = []
        var tmdbURL: String
        @Nullable var imdbURL: String?
        /// The best trailer, ranked as `trailers` ranks them.
        @Nullable var trailer: Trailer?
        var watchProviders: WatchOptions
    }

    static let similarShown = 5

    var item: MovieItem
    var more: More
    var displayDate: String
    var displayRating: String?
    /// Every playable trailer, best first (`movies trailer --pick N`).
    var trailers: [Trailer]

    init(_ movie: TMDBMovie, locale: TMDBLocale, imageURL: (String?, String) -> String?) {
        item = MovieItem(movie, imageURL: imageURL)
        displayDate = ReleaseDate(movie.releaseDate).display
        displayRating = MovieRating(average: movie.voteAverage, votes: movie.voteCount)?.display
        trailers = TrailerRanking.rank(movie.videos?.results ?? [])
        more = More(
            overview: movie.overview.flatMap { $0.trimmed.isEmpty ? nil : $0 },
            voteCount: movie.voteCount ?? 0,
            popularity: movie.popularity,
            backdropURL: imageURL(movie.backdropPath, TMDBImageSize.backdrop),
            tagline: movie.tagline.flatMap { $0.isEmpty ? nil : $0 },
            runtime: movie.runtime.flatMap { $0 > 0 ? $0 : nil },
            genres: movie.genres?.map(\.name) ?? [],
            tmdbURL: TitleLinks.tmdb(movie.id, type: .movie),
            imdbURL: TitleLinks.imdb(movie.imdbID),
            trailer: trailers.first,
            watchProviders: WatchOptions(movie.watchProviders, region: locale.region)
        )
    }

    var json: Flattened<MovieItem, More> { Flattened(item, more) }
    var posterURL: String? { item.posterURL }

    var fields: [(label: String, value: String)] {
        var fields: [(String, String)] = [("Title", item.title)]
        if let tagline = more.tagline { fields.append(("Tagline", tagline)) }
        fields.append(("Released", displayDate))
        fields.append(("Rating", displayRating.map { "\($0) from \(NumberStyle.grouped(more.voteCount)) votes" } ?? "no votes yet"))
        if let popularity = more.popularity { fields.append(("Popularity", NumberStyle.oneDecimal(popularity))) }
        if let runtime = more.runtime { fields.append(("Runtime", "\(runtime / 60)h \(runtime % 60)m")) }
        if !more.genres.isEmpty { fields.append(("Genres", more.genres.joined(separator: ", "))) }
        fields.append(("Overview", more.overview ?? "–"))
        fields.append(("Trailer", more.trailer.map { "\($0.summary)\n\($0.url)" } ?? "No trailer available"))
        fields.append(more.watchProviders.field)
        fields.append(("TMDB", more.tmdbURL))
        if let imdb = more.imdbURL { fields.append(("IMDb", imdb)) }
        fields.append(("Poster", item.posterURL ?? "–"))
        fields.append(("Backdrop", more.backdropURL ?? "–"))
        if !more.similar.isEmpty { fields.append(("Similar", more.similar.map { "\($0.title) (\($0.year))" }.joined(separator: ", "))) }
        return fields
    }

    /// `movies share`: "Fight Club (1999) · 8.4/10 · https://www.themoviedb.org/movie/550".
    var shareLine: String {
        [
            "\(item.title) (\(item.year))",
            item.rating.map { "\(NumberStyle.oneDecimal($0))/10" },
            more.tmdbURL,
        ].compactMap { $0 }.joined(separator: " · ")
    }
}
