import PluginAPI

/// Finding the spots a command is about, through the provider, in the configured country.
struct SurfPlaces: Sendable {
    let provider: any SurfProvider
    let country: String

    /// A region's spots, or the one spot a `region/spot` query names.
    func spots(_ query: SpotQuery) async throws -> [Spot] {
        let regional = try await provider.spots(country: country, region: query.region)
        guard !regional.isEmpty else {
            throw ToolboxError.notFound("no surf region “\(query.region)”", hint: "see the regions with `toolbox surf spots`")
        }
        return query.spot == nil ? regional : [try SpotCatalog(spots: regional).spot(query)]
    }

    /// The one spot a query names (a region alone names its only spot, or fails saying which to pick).
    func spot(_ query: SpotQuery) async throws -> Spot {
        try SpotCatalog(spots: try await spots(query)).spot(query)
    }
}
