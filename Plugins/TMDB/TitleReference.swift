import Foundation
import PluginAPI

/// How a user names a title: a TMDB id, a themoviedb.org link (`/movie/550-fight-club`,
/// `/tv/1399`), an IMDb id or link (`tt0137523`), or words from its title.
public enum TitleReference: Sendable, Equatable {
    case tmdb(id: Int, type: MediaType?)
    case imdb(String)
    case title(String)

    public init(parsing text: String) throws {
        let text = text.trimmed
        guard !text.isEmpty else { throw ToolboxError.usage("the title is empty", hint: "give a TMDB id, a themoviedb.org or IMDb link, or a title") }
        if let id = Int(text), id > 0 {
            self = .tmdb(id: id, type: nil)
        } else if let imdb = Self.imdbID(text) {
            self = .imdb(imdb)
        } else if let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host?.lowercased()
        {
            self = try Self.link(url, host: host, text: text)
        } else {
            self = .title(text)
        }
    }

    /// `tt` and at least seven digits, as IMDb numbers titles.
    public static func imdbID(_ text: String) -> String? {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("tt"), lowered.count >= 9, lowered.dropFirst(2).allSatisfy(\.isNumber) else { return nil }
        return lowered
    }

    private static func link(_ url: URL, host: String, text: String) throws -> TitleReference {
        let parts = url.path.split(separator: "/").map(String.init)
        if host == "themoviedb.org" || host.hasSuffix(".themoviedb.org") {
            // /movie/550-fight-club, /tv/1399-game-of-thrones/season/1, /fr/movie/550 (a language prefix).
            if let index = parts.firstIndex(where: { MediaType(rawValue: $0) != nil }), index + 1 < parts.count,
                let type = MediaType(rawValue: parts[index]),
                let id = Int(parts[index + 1].prefix { $0.isNumber }), id > 0
            {
                return .tmdb(id: id, type: type)
            }
        } else if host == "imdb.com" || host.hasSuffix(".imdb.com") {
            if let index = parts.firstIndex(of: "title"), index + 1 < parts.count, let id = imdbID(parts[index + 1]) { return .imdb(id) }
        }
        throw ToolboxError.usage(
            "“\(text)” is not a link to a title on themoviedb.org or IMDb",
            hint: "use a link like https://www.themoviedb.org/movie/550 or https://www.imdb.com/title/tt0137523/, or the id"
        )
    }
}

/// What a reference named: one title, or several a title search found.
public enum TitleMatch: Sendable, Equatable {
    case one(id: Int, type: MediaType)
    case several([TMDBTitle], type: MediaType)
}

extension TMDBClient {
    /// Finds the title `reference` names among titles of `type`. A link to the other type is a
    /// usage error when `strict` (Movies shows movies only), else its own type wins.
    public func resolve(_ reference: TitleReference, type: MediaType, strict: Bool) async throws -> TitleMatch {
        switch reference {
        case .tmdb(let id, let linked):
            guard let linked, linked != type else { return .one(id: id, type: type) }
            if strict {
                throw ToolboxError.usage(
                    "that link is to a \(linked.noun), not a \(type.noun)",
                    hint: "see it with `toolbox trailers show \(id) --type \(linked.rawValue)`"
                )
            }
            return .one(id: id, type: linked)
        case .imdb(let imdb):
            let answer: TMDBFindAnswer = try await get(
                "find/\(imdb)",
                query: ["external_source": "imdb_id"],
                cache: CachePolicy(kind: "find", timeToLive: 7 * 24 * 3600)
            )
            let kinds = strict ? [type] : [type] + MediaType.allCases.filter { $0 != type }
            for kind in kinds {
                if let found = answer.results(kind).first { return .one(id: found.id, type: kind) }
            }
            throw ToolboxError.notFound(
                "TMDB knows no \(strict ? type.noun : "title") with IMDb id \(imdb)",
                hint: "check the id, or search by title"
            )
        case .title(let words):
            let page: TMDBPage<TMDBTitle> = try await get(
                "search/\(type.rawValue)",
                query: ["query": words, "page": "1"],
                cache: CachePolicy(kind: "lists", timeToLive: 15 * 60)
            )
            switch page.results.count {
            case 0: throw ToolboxError.notFound("No \(type.noun) found for “\(words)”", hint: "check the spelling, or give the TMDB id")
            case 1: return .one(id: page.results[0].id, type: type)
            default: return .several(page.results, type: type)
            }
        }
    }
}

/// Where a title lives on the web, for `show` and `share`.
public enum TitleLinks {
    public static func tmdb(_ id: Int, type: MediaType) -> String { "https://www.themoviedb.org/\(type.rawValue)/\(id)" }

    public static func imdb(_ id: String?) -> String? {
        guard let id, let valid = TitleReference.imdbID(id) else { return nil }
        return "https://www.imdb.com/title/\(valid)/"
    }
}
