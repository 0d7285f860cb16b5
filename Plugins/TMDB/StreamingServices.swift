import PluginAPI

/// The streaming services the user pays for (`tmdb.services`), found among the region's providers.
public struct StreamingServices: Sendable, Equatable {
    public let providers: [WatchProvider]

    /// The kinds of watching a service one pays for includes: rent and buy cost more.
    public static let includedKinds: [WatchKind] = [.stream, .free, .ads]

    public init(_ providers: [WatchProvider]) {
        self.providers = providers
    }

    /// TMDB's ids of the services, for discover's `with_watch_providers`.
    public var ids: [Int] { providers.map(\.id) }

    /// Where a title is on these services, in the order the services were named; a service
    /// offering it several ways (stream and ads) once per way.
    public func offers(in options: WatchOptions) -> [ServiceOffer] {
        providers.flatMap { service in
            Self.includedKinds.filter { kind in options.providers(kind).contains { $0.id == service.id } }
                .map { ServiceOffer(service: service.name, kind: $0) }
        }
    }
}

/// One way to watch a title on one of the user's services: "Netflix, stream".
public struct ServiceOffer: Codable, Sendable, Hashable {
    public var service: String
    public var kind: WatchKind

    public init(service: String, kind: WatchKind) {
        self.service = service
        self.kind = kind
    }

    /// "Netflix", or "Tubi (free)" for a way that is not plain streaming.
    public var label: String { kind == .stream ? service : "\(service) (\(kind.rawValue))" }
}

extension TMDBClient {
    /// The services of `tmdb.services` among the region's providers (one cached request for
    /// the region's list); nil when none are set. An unknown name is a usage error naming the
    /// closest known one.
    public func streamingServices() async throws -> StreamingServices? {
        guard !serviceNames.isEmpty else { return nil }
        let known = try await regionProviders()
        let ids = try WatchProvider.select(serviceNames, from: known, region: locale.region, setting: TMDBKeys.services)
        return StreamingServices(ids.compactMap { id in known.first { $0.id == id } })
    }

    /// The user's services, when a command cannot work without them.
    public func requiredStreamingServices() async throws -> StreamingServices {
        guard let services = try await streamingServices() else {
            throw ToolboxError.configuration(
                "no streaming services are set",
                hint: "name yours with `toolbox config set \(TMDBKeys.services.name) \"Netflix, Disney Plus\"` (see `toolbox trailers providers`)"
            )
        }
        return services
    }
}
