import Foundation
import PluginAPI

/// The TMDB API v3 for Movies and Trailers: the credential, the cache
/// namespace, and TMDB's failures mapped into `ToolboxError`.
public struct TMDBClient: Sendable {
    public let imageBaseURL: URL
    /// The language every call asks for, and the region of watch providers.
    public let locale: TMDBLocale
    /// The streaming services the user pays for (`tmdb.services`), by name.
    public let serviceNames: [String]
    private let api: APIClient
    private let images: APIClient
    private let imageFolder: String
    /// Where the region's provider names are kept for completion and `config set`.
    let providerNamesFile: String

    public init(
        baseURL: URL,
        imageBaseURL: URL,
        credential: TMDBCredential,
        locale: TMDBLocale,
        namespace: String,
        web: WebClient,
        cacheFolder: String,
        serviceNames: [String] = []
    ) {
        var headers = ["Accept": "application/json"]
        headers["Authorization"] = credential.authorization
        api = APIClient(
            service: "TMDB",
            baseURL: baseURL,
            namespace: namespace,
            web: web,
            headers: headers,
            query: credential.queryItem.map { [$0] } ?? [],
            secretQueryItems: ["api_key"],
            errorMessage: { try? JSONDecoder().decode(TMDBFailure.self, from: $0).statusMessage },
            failure: { Self.failure($0) ?? Self.foreignNotFound($0) }
        )
        images = APIClient(service: "TMDB", baseURL: imageBaseURL, namespace: namespace, web: web, failure: Self.failure)
        self.imageBaseURL = imageBaseURL
        self.locale = locale
        imageFolder = "\(cacheFolder)/\(namespace)/images"
        providerNamesFile = CompletionNames.file(ProviderNames.kind, cacheFolder: cacheFolder, namespace: ProviderNames.namespace)
        self.serviceNames = serviceNames
    }

    /// The live client from the container's configuration. A missing or placeholder
    /// key fails here, before any request, with where to get one.
    public static func live(from container: Container, namespace: String) throws -> TMDBClient {
        let configuration = try container.resolve(ToolboxConfiguration.self)
        let paths = try container.resolve(ToolboxPaths.self)
        return TMDBClient(
            baseURL: try configuration.url(TMDBKeys.baseURL),
            imageBaseURL: try configuration.url(TMDBKeys.imageBaseURL),
            credential: TMDBCredential(try configuration.required(TMDBKeys.apiKey)),
            locale: try TMDBLocale(configuration),
            namespace: namespace,
            web: try container.resolve(WebClient.self),
            cacheFolder: paths.cache,
            serviceNames: try configuration.string(TMDBKeys.services) == nil ? [] : configuration.list(TMDBKeys.services)
        )
    }

    /// GETs `path` with `query` in the locale's language (unless `query` names one) and decodes
    /// the answer; `notFound` says what a 404 means. The language is part of the cache key. Only
    /// this module names paths: the plugins call the endpoints (`TMDBEndpoints.swift`).
    func get<Answer: Decodable>(
        _ path: String,
        query: [String: String] = [:],
        cache: CachePolicy?,
        as type: Answer.Type = Answer.self,
        notFound: ToolboxError? = nil
    ) async throws -> Answer {
        var query = query
        if query["language"] == nil { query["language"] = locale.language }
        // Sorted, so that one question is one cache entry.
        let items = query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return try await api.decode(APICall(path, query: items, cache: cache, notFound: notFound))
    }

    /// A saved list's audit (`SavedList.Audit`): why an entry should go when TMDB answers 404 for
    /// `lookUp`; nil when it answers, or fails in any other way.
    public static func gone(_ lookUp: () async throws -> Void) async -> String? {
        do {
            try await lookUp()
            return nil
        } catch let error as ToolboxError where error.kind == .notFound {
            return "TMDB no longer has it"
        } catch {
            return nil
        }
    }

    /// TMDB's own advice for its failures.
    static func failure(_ failure: APIFailure) -> ToolboxError? {
        switch failure.status {
        case 401:
            return .authentication(
                "TMDB rejected the API key\(failure.said)",
                hint: "check tmdb.api_key (`toolbox config set tmdb.api_key`); keys are at https://www.themoviedb.org/settings/api"
            )
        case 403:
            return .permission("TMDB denied access\(failure.said)", hint: "check that your TMDB account may use this API")
        case 400 where (try? JSONDecoder().decode(TMDBFailure.self, from: failure.body))?.statusCode == 22:
            return .usage("that page is out of range\(failure.said)", hint: "TMDB serves pages 1 to \(TMDBPaging.lastPage)")
        default:
            return nil
        }
    }

    /// A 404 without TMDB's own error body did not come from TMDB's API (a wrong `tmdb.base_url`, a
    /// proxy): it says nothing of the title, so it is no "not found", and no reason to drop a favourite.
    static func foreignNotFound(_ failure: APIFailure) -> ToolboxError? {
        guard failure.status == 404, (try? JSONDecoder().decode(TMDBFailure.self, from: failure.body))?.statusCode == nil else { return nil }
        return .unavailable(
            "\(failure.host) answered 404 without TMDB's error body",
            hint: "check tmdb.base_url (`toolbox config get tmdb.base_url`)"
        )
    }

    /// The local file of an image, downloaded once into the image cache and
    /// never fetched again; validated as an image before it is kept.
    public func image(path: String, size: String) async throws -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let file = "\(imageFolder)/\(size)/\(name)"
        if FileManager.default.fileExists(atPath: file) { return file }
        let response = try await images.send(APICall("\(size)/\(name)", notFound: .notFound("TMDB has no \(size) image \(path)")))
        guard ImageSignature.kind(of: response.body) != nil else {
            throw ToolboxError.badData("TMDB sent something that is not an image for \(path)")
        }
        try LocalFile.writeAtomically(response.body, to: file)
        return file
    }

    /// The bytes of an image this client named by URL (an item's `posterURL`), at `size`
    /// or the URL's own, through the image folder: downloaded once, read offline. nil for no URL.
    public func picture(at url: String?, size: String? = nil) async throws -> Data? {
        guard let url, url.hasPrefix(imageBaseURL.absoluteString) else { return nil }
        let parts = url.dropFirst(imageBaseURL.absoluteString.count).split(separator: "/")
        guard parts.count == 2 else { return nil }
        let file = try await image(path: "/" + parts[1], size: size ?? String(parts[0]))
        guard let data = FileManager.default.contents(atPath: file) else { throw ToolboxError.io("cannot read the cached image \(file)") }
        return data
    }

    /// A title in full (`show`), with its poster beside it on a terminal that can draw one.
    public func present(_ title: some ShownTitle, width: Int?, in context: CommandContext) async throws {
        let pictures = try context.resolve(TerminalPictures.self)
        try await pictures.detail(title.json, fields: title.fields, plain: title.spoken, width: width) { try await picture(at: title.posterURL) }
    }

    /// The image URL for a path, or nil when there is no path.
    public func imageURL(_ path: String?, size: String) -> String? {
        guard let path, !path.isEmpty else { return nil }
        return imageBaseURL.appendingPathComponent(size).absoluteString + (path.hasPrefix("/") ? path : "/" + path)
    }
}

/// TMDB's error body: `{status_code, status_message, success}`.
struct TMDBFailure: Decodable {
    var statusCode: Int?
    var statusMessage: String?

    enum CodingKeys: String, CodingKey {
        case statusCode = "status_code"
        case statusMessage = "status_message"
    }
}

/// What `show` prints of a title: its JSON, its labelled fields, its sentences and its poster.
public protocol ShownTitle: Sendable {
    associatedtype JSON: Encodable
    var json: JSON { get }
    var fields: [(label: String, value: String)] { get }
    var spoken: String { get }
    var posterURL: String? { get }
}
