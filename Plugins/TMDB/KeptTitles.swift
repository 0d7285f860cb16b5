import Foundation
import PluginAPI

/// The titles the user keeps in either plugin: the Trailers watchlist and the Movies favourites,
/// read where each plugin's saved list keeps them (`<data>/<plugin>/<list>.json`), so that what
/// watches them (arrivals, the release calendar) needs neither plugin.
public enum KeptTitles {
    /// A kept title: what every saved item of either list has, and what a hidden title keeps.
    public struct Title: Codable, Sendable, Equatable {
        public var id: Int
        public var type: MediaType
        public var title: String
        public var year: String

        enum CodingKeys: String, CodingKey { case id, type, title, year }

        public init(id: Int, type: MediaType, title: String, year: String) {
            self.id = id
            self.type = type
            self.title = title
            self.year = year
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            // Favourites are movies and do not say so.
            type = try container.decodeIfPresent(MediaType.self, forKey: .type) ?? .movie
            title = try container.decode(String.self, forKey: .title)
            year = try container.decodeIfPresent(String.self, forKey: .year) ?? "TBA"
        }

        /// "movie/550": movies and shows share ids.
        public var key: String { "\(type.rawValue)/\(id)" }

        /// `“Dune” (2021, Movie)`.
        public var name: String { "“\(title)” (\(year), \(type.label))" }
    }

    /// The lists, by file under the data folder, as `registerSavedList` names them.
    public static let watchlist = "trailers/watchlist.json"
    public static let favorites = "movies/favorites.json"

    /// The titles of `lists`, each once, in the lists' order.
    public static func load(_ lists: [String], dataFolder: String) throws -> [Title] {
        var seen = Set<String>()
        return try lists.flatMap { try read("\(dataFolder)/\($0)") }.filter { seen.insert($0.key).inserted }
    }

    private static func read(_ path: String) throws -> [Title] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        do {
            return try JSONDecoder().decode([Title].self, from: data)
        } catch {
            throw ToolboxError.badData("\(path) is damaged and cannot be read", hint: "move it aside; toolbox will start a new one")
        }
    }
}
