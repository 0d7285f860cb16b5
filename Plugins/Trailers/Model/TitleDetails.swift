import Foundation
import PluginAPI
import TMDB

/// The rules of the details screen.
enum TitleFacts {
    /// Release types in order of preference: theatrical, limited, digital, physical, TV, premiere.
    static let releaseTypePriority = [3, 2, 4, 5, 6, 1]

    /// The US certification, "NR" when there is none.
    static func certification(_ details: TMDBTitleDetails, type: MediaType) -> String {
        switch type {
        case .movie:
            let releases = details.releaseDates?.results.first { $0.iso31661 == "US" }?.releaseDates ?? []
            let rated = releases.filter { !($0.certification ?? "").trimmed.isEmpty }
            let best = rated.min { priority($0.type) < priority($1.type) }
            return best?.certification ?? "NR"
        case .tv:
            let rating = details.contentRatings?.results.first { $0.iso31661 == "US" }?.rating ?? ""
            return rating.trimmed.isEmpty ? "NR" : rating
        }
    }

    private static func priority(_ type: Int?) -> Int {
        type.flatMap { releaseTypePriority.firstIndex(of: $0) } ?? releaseTypePriority.count
    }

    /// "2h 15m" for a movie, "45 min/episode" for TV; nil when unknown.
    static func runtime(_ details: TMDBTitleDetails, type: MediaType) -> String? {
        switch type {
        case .movie:
            guard let minutes = details.runtime, minutes > 0 else { return nil }
            return minutes < 60 ? "\(minutes)m" : "\(minutes / 60)h \(minutes % 60)m"
        case .tv:
            guard let minutes = details.episodeRunTime?.first, minutes > 0 else { return nil }
            return "\(minutes) min/episode"
        }
    }

    /// "7.8/10 (1,234 votes)", or "★ -" with no votes.
    static func score(average: Double?, votes: Int?) -> String {
        guard let average, let votes, votes > 0 else { return "★ -" }
        return "\(NumberStyle.oneDecimal(average))/10 (\(NumberStyle.grouped(votes)) \(votes == 1 ? "vote" : "votes"))"
    }
}

/// One title in full (`trailers show`).
struct TitleDetails: ShownTitle {
    /// The fields `trailers show` adds to a list item's in JSON.
    struct More: Encodable, Sendable {
        @Nullable var tagline: String?
        @Nullable var runtime: String?
        var genres: [String]
        var certification: String
        var trailers: [Trailer]
        @Nullable var overview: String?
        var tmdbURL: String
        @Nullable var imdbURL: String?
        var watchProviders: WatchOptions
    }

    var item: TitleItem
    var more: More
    var score: String
    var released: String

    var tagline: String? { more.tagline }
    var runtime: String? { more.runtime }
    var genres: [String] { more.genres }
    var certification: String { more.certification }
    var trailers: [Trailer] { more.trailers }
    var json: Flattened<TitleItem, More> { Flattened(item, more) }
    var posterURL: String? { item.posterURL }

    init(_ details: TMDBTitleDetails, type: MediaType, region: String, imageURL: (String?, String) -> String?) {
        item =
            TitleItem(details.title, type: type, imageURL: imageURL)
            ?? TitleItem(id: details.title.id, type: type, title: details.title.title, releaseDate: nil, rating: nil, popularity: nil)
        item.genres = details.genres?.map(\.id)
        more = More(
            tagline: details.tagline.flatMap { $0.isEmpty ? nil : $0 },
            runtime: TitleFacts.runtime(details, type: type),
            genres: details.genres?.map(\.name) ?? [],
            certification: TitleFacts.certification(details, type: type),
            trailers: TrailerRanking.rank(details.videos?.results ?? []),
            overview: details.title.overview.flatMap { $0.trimmed.isEmpty ? nil : $0 },
            tmdbURL: TitleLinks.tmdb(details.title.id, type: type),
            imdbURL: TitleLinks.imdb(details.imdbID),
            watchProviders: WatchOptions(details.watchProviders, region: region)
        )
        score = TitleFacts.score(average: details.title.voteAverage, votes: details.title.voteCount)
        released = ReleaseDate(details.title.date).display
    }

    var fields: [(label: String, value: String)] {
        var fields: [(String, String)] = [("Title", item.title), ("Type", item.type.label)]
        if let tagline { fields.append(("Tagline", tagline)) }
        fields.append(("Released", released))
        fields.append(("Score", score))
        fields.append(("Rated", certification))
        fields.append(("Runtime", runtime ?? "–"))
        if !genres.isEmpty { fields.append(("Genres", genres.joined(separator: ", "))) }
        if let overview = more.overview { fields.append(("Overview", overview)) }
        if let best = trailers.first {
            fields.append(("Trailer", "\(best.summary)\n\(best.url)"))
            if trailers.count > 1 { fields.append(("More", "\(trailers.count - 1) more (`trailers play \(item.id) --pick N`)")) }
        } else {
            fields.append(("Trailer", "No trailer available"))
        }
        fields.append(more.watchProviders.field)
        fields.append(("TMDB", more.tmdbURL))
        if let imdb = more.imdbURL { fields.append(("IMDb", imdb)) }
        return fields
    }
}
