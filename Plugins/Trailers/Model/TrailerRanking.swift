import Foundation
import PluginAPI
import TMDB

/// A playable trailer, as `show` lists it and `play` opens it.
struct Trailer: Codable, Sendable, Equatable {
    var name: String
    var type: String
    var official: Bool
    @Nullable var size: Int?
    var url: String

    /// "YouTube • Official Trailer • 1080p".
    var summary: String {
        ["YouTube", (official ? "Official " : "") + type, size.map { "\($0)p" }].compactMap { $0 }.joined(separator: " • ")
    }
}

/// Which videos can play, best first: only YouTube (any case); then official
/// first; type Trailer, Teaser, Clip, Featurette, Behind the Scenes, anything
/// else; names with "official trailer" first; larger size; newer (dated before
/// undated); lower id.
enum TrailerRanking {
    static let typeOrder = ["trailer", "teaser", "clip", "featurette", "behind the scenes"]

    static func rank(_ videos: [TMDBVideo]) -> [Trailer] {
        videos.filter { $0.site.lowercased() == "youtube" }
            .sorted(by: precedes)
            .map {
                Trailer(
                    name: $0.name,
                    type: $0.type,
                    official: $0.official ?? false,
                    size: $0.size,
                    url: "https://www.youtube.com/watch?v=\($0.key)"
                )
            }
    }

    static func precedes(_ a: TMDBVideo, _ b: TMDBVideo) -> Bool {
        let officialA = a.official ?? false
        let officialB = b.official ?? false
        if officialA != officialB { return officialA }
        let typeA = typeRank(a.type)
        let typeB = typeRank(b.type)
        if typeA != typeB { return typeA < typeB }
        let namedA = a.name.lowercased().contains("official trailer")
        let namedB = b.name.lowercased().contains("official trailer")
        if namedA != namedB { return namedA }
        if (a.size ?? 0) != (b.size ?? 0) { return (a.size ?? 0) > (b.size ?? 0) }
        switch (published(a), published(b)) {
        case let (x?, y?) where x != y: return x > y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a.id < b.id
        }
    }

    static func typeRank(_ type: String) -> Int {
        typeOrder.firstIndex(of: type.lowercased()) ?? typeOrder.count
    }

    /// ISO 8601 timestamps compare correctly as text once normalised to their date-time part.
    static func published(_ video: TMDBVideo) -> String? {
        guard let text = video.publishedAt, !text.isEmpty else { return nil }
        return text
    }
}
