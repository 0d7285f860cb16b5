import ArgumentParser
import Foundation
import PluginAPI

/// A playable trailer, as `show` lists it and `play` opens it.
public struct Trailer: Codable, Sendable, Equatable {
    public var name: String
    public var type: String
    public var official: Bool
    @Nullable public var size: Int?
    public var url: String

    /// "YouTube • Official Trailer • 1080p".
    public var summary: String {
        ["YouTube", (official ? "Official " : "") + type, size.map { "\($0)p" }].compactMap { $0 }.joined(separator: " • ")
    }
}

/// Which videos can play, best first: only YouTube (any case); then official
/// first; type Trailer, Teaser, Clip, Featurette, Behind the Scenes, anything
/// else; names with "official trailer" first; larger size; newer (dated before
/// undated); lower id. Both plugins rank with this one type.
public enum TrailerRanking {
    static let typeOrder = ["trailer", "teaser", "clip", "featurette", "behind the scenes"]

    public static func rank(_ videos: [TMDBVideo]) -> [Trailer] {
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

    /// `trailers play` and `movies trailer`: opens the trailer `choice` picks (from 1) of `trailers`,
    /// or prints its link when asked, with JSON, or when nothing here can open links.
    public static func play(_ trailers: [Trailer], of title: String, choice: TrailerChoice, in context: CommandContext) throws {
        let (pick, print) = (choice.pick, choice.print)
        guard !trailers.isEmpty else {
            throw ToolboxError.notFound("No trailer available for “\(title)”", hint: "TMDB lists no YouTube video for it")
        }
        let index = (pick ?? 1) - 1
        guard trailers.indices.contains(index) else {
            throw ToolboxError.usage("“\(title)” has \(trailers.count) trailer\(trailers.count == 1 ? "" : "s")", hint: "pick 1 to \(trailers.count)")
        }
        let trailer = trailers[index]
        if context.output.format == .json { return try context.output.json(trailer) }
        if print { return context.output.line(trailer.url) }
        if TrailerOpener(environment: context.environment).open(trailer.url) {
            context.output.notice("Opened \(trailer.summary): \(trailer.name)")
        } else {
            context.output.notice("Nothing can open links here; the trailer is at:")
            context.output.line(trailer.url)
        }
    }
}

/// `--pick N` and `--print` of `trailers play` and `movies trailer`.
public struct TrailerChoice: ParsableArguments, Sendable {
    @Option(help: "The trailer's place in the ranking, from 1.") public var pick: Int?
    @Flag(help: "Print the link instead of opening it.") public var print = false

    public init() {}

    public func validate() throws {
        if let pick, pick < 1 { throw ValidationError("--pick counts from 1") }
    }
}
