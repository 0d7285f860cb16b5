import ArgumentParser
import Foundation
import PluginAPI

/// `watch/providers` of a title (`/movie/<id>/watch/providers`, or appended to its details):
/// per region, where it streams, is free, has ads, rents and sells. JustWatch's data: credited.
public struct TMDBWatchProviders: Decodable, Sendable, Equatable {
    public struct Region: Decodable, Sendable, Equatable {
        public var link: String?
        public var flatrate: [TMDBProvider]?
        public var free: [TMDBProvider]?
        public var ads: [TMDBProvider]?
        public var rent: [TMDBProvider]?
        public var buy: [TMDBProvider]?
    }

    public var results: [String: Region]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // A region whose entry does not decode is skipped, not the title.
        let regions = try container.decodeIfPresent([String: Lenient<Region>].self, forKey: .results) ?? [:]
        results = regions.compactMapValues(\.value)
    }

    enum CodingKeys: String, CodingKey { case results }
}

/// One provider: in a title's regions, and in `/watch/providers/{movie|tv}`.
public struct TMDBProvider: Decodable, Sendable, Equatable {
    public var providerID: Int
    public var providerName: String
    public var displayPriority: Int?

    enum CodingKeys: String, CodingKey {
        case providerID = "provider_id"
        case providerName = "provider_name"
        case displayPriority = "display_priority"
    }

    public init(providerID: Int, providerName: String, displayPriority: Int? = nil) {
        self.providerID = providerID
        self.providerName = providerName
        self.displayPriority = displayPriority
    }
}

/// `{results: [provider]}` of `/watch/providers/{movie|tv}?watch_region=XX`.
public struct TMDBProviderList: Decodable, Sendable {
    public var results: [TMDBProvider]
}

/// A value that decodes, or nil where it does not.
struct Lenient<Value: Decodable & Sendable>: Decodable, Sendable {
    var value: Value?
    init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
}

/// How a title can be watched, by kind, as `show` prints it.
public enum WatchKind: String, Codable, Sendable, CaseIterable, ExpressibleByArgument {
    case stream, free, ads, rent, buy

    /// TMDB's name for the kind: its region key and `with_watch_monetization_types` value.
    public var monetization: String { self == .stream ? "flatrate" : rawValue }

    /// "stream it on", as a sentence says it.
    var verb: String {
        switch self {
        case .stream: "stream it on"
        case .free: "watch it free on"
        case .ads: "watch it with ads on"
        case .rent: "rent it on"
        case .buy: "buy it on"
        }
    }
}

/// Where to watch a title in one region: the `watchProviders` field of `show --json`.
public struct WatchOptions: Encodable, Sendable, Equatable {
    public struct Provider: Encodable, Sendable, Equatable {
        public var id: Int
        public var name: String
    }

    /// JustWatch supplies TMDB's provider data and asks to be credited wherever it shows.
    public static let credit = "Streaming data by JustWatch"

    public var region: String
    @Nullable public var link: String?
    public var stream: [Provider]
    public var free: [Provider]
    public var ads: [Provider]
    public var rent: [Provider]
    public var buy: [Provider]
    public var credit = Self.credit

    public init(_ providers: TMDBWatchProviders?, region: String) {
        let entry = providers?.results[region.uppercased()]
        func names(_ list: [TMDBProvider]?) -> [Provider] {
            (list ?? []).sorted { ($0.displayPriority ?? .max, $0.providerID) < ($1.displayPriority ?? .max, $1.providerID) }
                .map { Provider(id: $0.providerID, name: $0.providerName) }
        }
        self.region = region.uppercased()
        link = entry?.link
        stream = names(entry?.flatrate)
        free = names(entry?.free)
        ads = names(entry?.ads)
        rent = names(entry?.rent)
        buy = names(entry?.buy)
    }

    public func providers(_ kind: WatchKind) -> [Provider] {
        switch kind {
        case .stream: stream
        case .free: free
        case .ads: ads
        case .rent: rent
        case .buy: buy
        }
    }

    private var kinds: [(WatchKind, [Provider])] { WatchKind.allCases.map { ($0, providers($0)) }.filter { !$1.isEmpty } }

    /// The field `show` prints: a line per kind, then the credit.
    public var field: (label: String, value: String) {
        let lines = kinds.map { "\($0.rawValue.capitalized): \($1.map(\.name).joined(separator: ", "))" }
        let none = "Nowhere to stream, rent or buy in \(region)"
        return ("Watch (\(region))", (lines.isEmpty ? [none] : lines).joined(separator: "\n") + "\n\(credit)")
    }

    /// "In the US, stream it on Netflix; rent it on Apple TV. Streaming data by JustWatch."
    public var sentence: String {
        guard !kinds.isEmpty else { return "TMDB knows nowhere to watch it in \(region). \(credit)." }
        return "In \(region), " + kinds.map { "\($0.verb) \($1.map(\.name).joined(separator: ", "))" }.joined(separator: "; ") + ". \(credit)."
    }
}
