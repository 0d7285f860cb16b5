import Foundation
import PluginAPI

/// Where surf data comes from. `open-meteo` needs no account; `treblesurf` has reports too.
protocol SurfProvider: Sendable {
    /// The credit its conditions and forecasts need, when their licence asks for one.
    var forecastCredit: String? { get }
    /// The credit its buoy readings need.
    var buoyCredit: String? { get }
    func spots(country: String, region: String?) async throws -> [Spot]
    /// The conditions now at each spot (one batch for the whole list).
    func conditions(at spots: [Spot]) async throws -> [SpotConditions]
    /// Hourly conditions for the coming days.
    func forecast(at spot: Spot, days: Int) async throws -> [ForecastHour]
    /// Each spot's hourly conditions, in the spots' order (one batch where the provider can).
    func forecasts(at spots: [Spot], days: Int) async throws -> [[ForecastHour]]
    /// Each buoy's latest reading, with `hours` of history when asked; names as the user typed them.
    func buoys(_ names: [String], hours: Int?) async throws -> [BuoyReport]
    /// Each spot's latest report whatever its date, or with `limit` the most recent ones, newest first.
    func reports(at spots: [Spot], limit: Int?) async throws -> [SurfReport]
    /// The spot's photo as kept, when the provider has photos (TrebleSurf's).
    func photo(of spot: Spot) -> Data?
}

extension SurfProvider {
    func forecasts(at spots: [Spot], days: Int) async throws -> [[ForecastHour]] {
        try await spots.concurrentMap { try await forecast(at: $0, days: days) }
    }

    func photo(of spot: Spot) -> Data? { nil }
}

/// Cache lifetimes, from configuration.
struct SurfLifetimes: Sendable {
    var conditions: CachePolicy
    var forecast: CachePolicy
    var spots: CachePolicy
    /// Buoys report hourly; their answers live as long as conditions.
    var buoys: CachePolicy { CachePolicy(kind: "buoys", timeToLive: conditions.timeToLive) }
}

/// The Marine Institute's buoy data is CC BY 4.0, whoever relays it.
let marineInstituteCredit = "Buoy data: Marine Institute, Ireland (CC BY 4.0)"
