import Foundation
import PluginAPI

/// A surf spot: where it is and which way the beach faces (towards the sea).
struct Spot: Codable, Sendable, Equatable {
    var name, region, country: String
    var latitude, longitude: Double
    /// Degrees, 0 = north.
    var facing: Double
    /// beach, reef or point.
    var type: String
    var nearestBuoy: String?
    /// The tide its waves break best on, where known (`surf best` favours it).
    var tide: TidePreference? = nil

    /// `donegal/bundoran`, as typed on the command line.
    var path: String { "\(SpotNames.key(region))/\(SpotNames.key(name))" }
}

/// The tide a spot works best on: the lowest, middle or highest third of the way from low water
/// to high water, or any.
enum TidePreference: String, Codable, Sendable, CaseIterable {
    case low, mid, high, any

    /// Whether a tide `stage` of the way from low water (0) to high water (1) suits it.
    func suits(stage: Double) -> Bool {
        switch self {
        case .low: stage < 1.0 / 3
        case .mid: (1.0 / 3...2.0 / 3).contains(stage)
        case .high: stage > 2.0 / 3
        case .any: true
        }
    }

    /// The third a stage is in, in these words.
    static func of(stage: Double) -> TidePreference {
        stage < 1.0 / 3 ? .low : stage > 2.0 / 3 ? .high : .mid
    }
}

/// Names match in any case, ignoring spaces and punctuation.
enum SpotNames {
    static func key(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}

/// What the user typed: `REGION` or `REGION/SPOT`.
struct SpotQuery: Sendable, Equatable {
    var region: String
    var spot: String?

    init(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        region = parts.first ?? text
        spot = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
    }
}

/// Spots by region: the catalog shipped with the plugin plus the user's own file.
struct SpotCatalog: Sendable {
    var spots: [Spot]

    /// The shipped spots, with the user's file (same shape as the shipped list:
    /// `{"spots": [...]}`) adding spots or replacing those of the same region and name.
    static func load(userFile: String?) throws -> SpotCatalog {
        var spots = IrishSpots.all
        guard let userFile, !userFile.isEmpty else { return SpotCatalog(spots: spots) }
        guard let data = FileManager.default.contents(atPath: userFile) else {
            throw ToolboxError.io("cannot read the spots file \(userFile)", hint: "fix surf.spots_file, or unset it")
        }
        struct File: Decodable { var spots: [Spot] }
        let added: [Spot]
        do {
            added = try JSONDecoder().decode(File.self, from: data).spots
        } catch {
            throw ToolboxError.badData(
                "the spots file \(userFile) is not a spots list",
                hint: #"it holds {"spots": [{"name", "region", "country", "latitude", "longitude", "facing", "type", "tide"?}]}"#
            )
        }
        for spot in added {
            spots.removeAll { $0.path == spot.path }
            spots.append(spot)
        }
        return SpotCatalog(spots: spots)
    }

    var regions: [String] {
        spots.reduce(into: [String]()) { if !$0.contains($1.region) { $0.append($1.region) } }
    }

    /// A region's spots; an unknown region is exit 66 listing the known ones.
    func spots(inRegion name: String) throws -> [Spot] {
        let found = spots.filter { SpotNames.key($0.region) == SpotNames.key(name) }
        guard !found.isEmpty else {
            throw ToolboxError.notFound("no surf region “\(name)”", hint: "regions: \(regions.joined(separator: ", "))")
        }
        return found
    }

    /// One spot; unknown → exit 66 listing the region's spots.
    func spot(_ query: SpotQuery) throws -> Spot {
        let regional = try spots(inRegion: query.region)
        guard let name = query.spot else {
            throw ToolboxError.usage(
                "“\(query.region)” is a region; name a spot as REGION/SPOT",
                hint: "spots: \(regional.map(\.path).joined(separator: ", "))"
            )
        }
        guard let spot = regional.first(where: { SpotNames.key($0.name) == SpotNames.key(name) }) else {
            throw ToolboxError.notFound(
                "no spot “\(name)” in \(regional.first?.region ?? query.region)",
                hint: "spots: \(regional.map(\.path).joined(separator: ", "))"
            )
        }
        return spot
    }

    /// Every `region` and `region/spot`, for shell completion.
    var completions: [String] {
        regions.map(SpotNames.key) + spots.map(\.path)
    }
}
