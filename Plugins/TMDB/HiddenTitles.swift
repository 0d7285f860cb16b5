import Foundation
import PluginAPI

/// Titles and genres the user never wants to see again, kept in `<data>/tmdb/hidden.json` for
/// both plugins (`toolbox movies hide`): they leave every list, not what is asked for by name.
public struct HiddenTitles: Sendable {
    /// A hidden title, named as it was when hidden.
    public typealias Title = KeptTitles.Title

    /// What is hidden: titles, and genres as each type knows them.
    public struct Kept: Codable, Sendable, Equatable {
        public var titles: [Title] = []
        public var genres: [GenreCatalog.Selection] = []

        public init() {}

        /// Whether a title of `type` with these genres is hidden.
        public func hides(id: Int, type: MediaType, genreIDs: [Int]) -> Bool {
            titles.contains { $0.id == id && $0.type == type } || genres.contains { genre in genre.id(for: type).map(genreIDs.contains) ?? false }
        }

        public var isEmpty: Bool { titles.isEmpty && genres.isEmpty }
    }

    let store: JSONFileStore<Kept>

    public init(dataFolder: String) {
        store = JSONFileStore(path: "\(dataFolder)/tmdb/hidden.json", empty: Kept(), mode: 0o644)
    }

    public func load() throws -> Kept { try store.load() }

    /// Hides a title; false when it was hidden already.
    public func hide(_ title: Title) throws -> Bool {
        try store.update { kept in
            guard !kept.titles.contains(where: { $0.id == title.id && $0.type == title.type }) else { return false }
            kept.titles.append(title)
            return true
        }
    }

    /// Hides a genre; false when it was hidden already.
    public func hide(_ genre: GenreCatalog.Selection) throws -> Bool {
        try store.update { kept in
            guard !kept.genres.contains(where: { $0.name.lowercased() == genre.name.lowercased() }) else { return false }
            kept.genres.append(genre)
            return true
        }
    }

    /// Shows a title again; the one that was hidden, or nil.
    public func unhide(id: Int, type: MediaType) throws -> Title? {
        try store.update { kept in
            guard let index = kept.titles.firstIndex(where: { $0.id == id && $0.type == type }) else { return nil }
            return kept.titles.remove(at: index)
        }
    }

    /// Shows a genre again (by name, any case); the one that was hidden, or nil.
    public func unhide(genre name: String) throws -> GenreCatalog.Selection? {
        try store.update { kept in
            guard let index = kept.genres.firstIndex(where: { $0.name.lowercased() == name.trimmed.lowercased() }) else { return nil }
            return kept.genres.remove(at: index)
        }
    }
}

extension TMDBClient {
    /// The title a reference names, as a hidden list keeps it: of `type` (movie unless a link
    /// says otherwise); nil after listing the several a title's words matched.
    public func listed(_ reference: TitleReference, type: MediaType?, in context: CommandContext) async throws -> HiddenTitles.Title? {
        switch try await resolve(reference, type: type ?? .movie, strict: type != nil) {
        case .one(let id, let type):
            let title: TMDBTitle = try await get(
                "\(type.rawValue)/\(id)",
                cache: CachePolicy(kind: "details", timeToLive: 6 * 3600),
                notFound: .notFound("TMDB has no \(type.noun) with id \(id)", hint: "check the id")
            )
            return HiddenTitles.Title(id: id, type: type, title: title.title, year: ReleaseDate(title.date).year)
        case .several(let titles, let type):
            context.output.notice("Several \(type == .movie ? "movies" : "TV shows") match; run the command again with one of these ids:")
            for title in titles { context.output.notice("  \(title.id)  \(title.title) (\(ReleaseDate(title.date).year))") }
            return nil
        }
    }
}
