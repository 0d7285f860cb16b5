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
public struct Lenient<Value: Decodable & Sendable>: Decodable, Sendable {
    public var value: Value?
    public init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
}

/// How a title can be watched, by kind, as `show` prints it.
public enum WatchKind: String, Codable, Sendable, CaseIterable, ExpressibleByArgument {
    case stream, free, ads, rent, buy

    /// TMDB's name for the kind: its region key and `with_watch_monetization_types` value.
    public var monetization: String { self == .stream ? "flatrate" : rawValue }

    /// "stream it on", as a sentence says it.
    public var verb: String {
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

/// A provider of a region's list (`trailers providers`), for movies, TV or both.
public struct WatchProvider: Encodable, Sendable, Equatable {
    public var id: Int
    public var name: String
    public var movies: Bool
    public var tv: Bool

    /// Both lists as one, each provider once, in TMDB's display order.
    static func merge(movie: [TMDBProvider], tv: [TMDBProvider]) -> [WatchProvider] {
        var order: [Int] = []
        var found: [Int: (provider: TMDBProvider, movies: Bool, tv: Bool)] = [:]
        for (list, isMovie) in [(movie, true), (tv, false)] {
            for provider in list {
                if found[provider.providerID] == nil { order.append(provider.providerID) }
                var entry = found[provider.providerID] ?? (provider, false, false)
                if isMovie { entry.movies = true } else { entry.tv = true }
                found[provider.providerID] = entry
            }
        }
        return order.compactMap { found[$0] }
            .sorted { ($0.provider.displayPriority ?? .max, $0.provider.providerID) < ($1.provider.displayPriority ?? .max, $1.provider.providerID) }
            .map { WatchProvider(id: $0.provider.providerID, name: $0.provider.providerName, movies: $0.movies, tv: $0.tv) }
    }

    /// The providers named (any case); an unknown name is a usage error with the closest one,
    /// saying which setting named it when one did.
    public static func select(_ names: [String], from providers: [WatchProvider], region: String, setting: ConfigKey? = nil) throws -> [Int] {
        try names.map { name in
            let wanted = name.trimmed.lowercased()
            if let match = providers.first(where: { $0.name.lowercased() == wanted }) { return match.id }
            let hint = Suggestion.closest(to: name, among: providers.map(\.name)).map { "did you mean “\($0)”? " } ?? ""
            let fix = setting.map { "; fix it with `toolbox config set \($0.name) …`" } ?? ""
            throw ToolboxError.usage(
                "no watch provider “\(name)” in \(region)\(setting.map { " (from \($0.name))" } ?? "")",
                hint: "\(hint)see them with `toolbox trailers providers --region \(region)`\(fix)"
            )
        }
    }
}

/// The region's provider names, kept for completion by both plugins (`cache/tmdb/provider-names.txt`):
/// the shells complete them for `--provider` and `tmdb.services`, and `config set` checks against them.
public enum ProviderNames {
    static let kind = "provider"
    static let namespace = "tmdb"

    public static let completion = CompletionNames.completion(kind, namespace: namespace)
}

extension TMDBClient {
    /// Which providers a region has hardly changes; what each title is on, through the day.
    enum ProviderLifetime {
        static let region = CachePolicy(kind: "providers", timeToLive: 7 * 24 * 3600)
        static let title = CachePolicy(kind: "providers", timeToLive: 6 * 3600)
    }

    /// `GET /watch/providers/{movie|tv}?watch_region=XX`, both at once: every provider of the
    /// region once, by TMDB's display order; their names are kept for completion.
    public func regionProviders() async throws -> [WatchProvider] {
        let region = ["watch_region": locale.region]
        async let movie: TMDBProviderList = get("watch/providers/movie", query: region, cache: ProviderLifetime.region)
        async let tv: TMDBProviderList = get("watch/providers/tv", query: region, cache: ProviderLifetime.region)
        let providers = WatchProvider.merge(movie: try await movie.results, tv: try await tv.results)
        CompletionNames.keep(providers.map(\.name), in: providerNamesFile)
        return providers
    }

    /// `GET /{movie|tv}/<id>/watch/providers`: where a title can be watched in the region.
    public func watchOptions(of id: Int, type: MediaType) async throws -> WatchOptions {
        let answer: TMDBWatchProviders = try await get(
            "\(type.rawValue)/\(id)/watch/providers",
            cache: ProviderLifetime.title,
            notFound: .notFound("TMDB has no \(type.noun) with id \(id)")
        )
        return WatchOptions(answer, region: locale.region)
    }
}
