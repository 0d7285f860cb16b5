import Foundation
import PluginAPI
import Testing

@testable import Surf

/// A provider that knows only the shipped catalog.
private struct CatalogProvider: SurfProvider {
    let catalog: SpotCatalog
    let forecastCredit: String? = nil
    let buoyCredit: String? = nil

    func spots(country: String, region: String?) async throws -> [Spot] {
        guard let region else { return catalog.spots }
        return (try? catalog.spots(inRegion: region)) ?? []
    }

    func conditions(at spots: [Spot]) async throws -> [SpotConditions] { [] }
    func forecast(at spot: Spot, days: Int) async throws -> [ForecastHour] { [] }
    func buoys(_ names: [String], hours: Int?) async throws -> [BuoyReport] { [] }
    func reports(at spots: [Spot], limit: Int?) async throws -> [SurfReport] { [] }
}

/// Finding the spots a command is about, without a command line.
@Suite struct SurfPlacesTests {
    let places = SurfPlaces(provider: CatalogProvider(catalog: try! SpotCatalog.load(userFile: nil)), country: "Ireland")

    @Test func aRegionIsAllItsSpotsAndARegionSlashSpotIsOne() async throws {
        let donegal = try await places.spots(SpotQuery("donegal"))
        #expect(donegal.count > 1)
        #expect(donegal.allSatisfy { $0.region == "Donegal" })
        let bundoran = try await places.spots(SpotQuery("Donegal/BUNDORAN"))
        #expect(bundoran.map(\.name) == ["Bundoran"], "names match whatever their case")
        #expect(try await places.spot(SpotQuery("donegal/bundoran")).name == "Bundoran")
    }

    @Test func unknownPlacesSayWhatToTry() async throws {
        let region = try await #require(throws: ToolboxError.self) { try await places.spots(SpotQuery("atlantis")) }
        #expect(region.kind == .notFound)
        #expect(region.hint.contains("toolbox surf spots"))
        let spot = try await #require(throws: ToolboxError.self) { try await places.spot(SpotQuery("donegal/nowhere")) }
        #expect(spot.kind == .notFound)
        #expect(spot.hint.contains("donegal/bundoran"), "the region's spots are listed")
        let regionOnly = try await #require(throws: ToolboxError.self) { try await places.spot(SpotQuery("donegal")) }
        #expect(regionOnly.kind == .usage, "a forecast needs one spot")
    }
}
