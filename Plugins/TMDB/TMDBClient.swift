import Foundation
import PluginAPI

/// The TMDB API v3 for Movies and Trailers: the credential, the cache
/// namespace, and TMDB's failures mapped into `ToolboxError`.
public struct TMDBClient: Sendable {
    public let baseURL: URL
    public let imageBaseURL: URL
    /// The plugin whose cache the answers go into.
    public let namespace: String
    private let credential: TMDBCredential
    private let web: WebClient
    private let imageFolder: String

    public init(baseURL: URL, imageBaseURL: URL, credential: TMDBCredential, namespace: String, web: WebClient, imageFolder: String) {
        self.baseURL = baseURL
        self.imageBaseURL = imageBaseURL
        self.credential = credential
        self.namespace = namespace
        self.web = web
        self.imageFolder = imageFolder
    }

    /// The live client from the container's configuration. A missing or placeholder
    /// key fails here, before any request, with where to get one.
    public static func live(from container: Container, namespace: String) throws -> TMDBClient {
        let configuration = try container.resolve(ToolboxConfiguration.self)
        let paths = try container.resolve(ToolboxPaths.self)
        return TMDBClient(
            baseURL: try configuration.url(TMDBKeys.baseURL.name),
            imageBaseURL: try configuration.url(TMDBKeys.imageBaseURL.name),
            credential: TMDBCredential(try configuration.required(TMDBKeys.apiKey.name)),
            namespace: namespace, web: try container.resolve(WebClient.self),
            imageFolder: "\(paths.cache)/\(namespace)/images")
    }

    /// What a 404 means for the caller ("no movie with id 12").
    public typealias NotFound = @Sendable () -> ToolboxError

    /// GETs `path` with `query` and decodes the answer.
    public func get<Answer: Decodable>(
        _ path: String, query: [String: String] = [:], cache: CachePolicy?, as type: Answer.Type = Answer.self,
        notFound: NotFound? = nil
    ) async throws -> Answer {
        let response = try await web.send(request(path, query: query, cache: cache))
        try check(response, notFound: notFound)
        do {
            return try JSONDecoder().decode(Answer.self, from: response.body)
        } catch {
            throw ToolboxError.badData("TMDB sent an answer toolbox cannot read (\(path))", hint: "try again later; if it persists, run with --refresh")
        }
    }

    func request(_ path: String, query: [String: String], cache: CachePolicy?) -> HTTPRequest {
        var items = query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        if let key = credential.queryItem { items.append(key) }
        var headers = ["Accept": "application/json"]
        headers["Authorization"] = credential.authorization
        return HTTPRequest(url: baseURL.appendingPathComponent(path).appendingQuery(items), headers: headers, namespace: namespace, cache: cache, secretQueryItems: ["api_key"])
    }

    func check(_ response: HTTPResponse, notFound: NotFound?) throws {
        guard !response.isSuccess else { return }
        let failure = try? JSONDecoder().decode(TMDBFailure.self, from: response.body)
        let said = failure?.statusMessage.map { " (\($0))" } ?? ""
        switch response.status {
        case 401:
            throw ToolboxError.authentication(
                "TMDB rejected the API key\(said)",
                hint: "check tmdb.api_key (`toolbox config set tmdb.api_key`); keys are at https://www.themoviedb.org/settings/api")
        case 403:
            throw ToolboxError.permission("TMDB denied access\(said)", hint: "check that your TMDB account may use this API")
        case 404:
            throw notFound?() ?? ToolboxError.notFound("TMDB has no such item\(said)")
        case 400 where failure?.statusCode == 22:
            throw ToolboxError.usage("that page is out of range\(said)", hint: "TMDB serves pages 1 to 500")
        default:
            throw ToolboxError.failure("TMDB answered HTTP \(response.status)\(said)", hint: "try again later")
        }
    }

    /// The local file of an image, downloaded once into the image cache and
    /// never fetched again; validated as an image before it is kept.
    public func image(path: String, size: String) async throws -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let file = "\(imageFolder)/\(size)/\(name)"
        if FileManager.default.fileExists(atPath: file) { return file }
        let url = imageBaseURL.appendingPathComponent(size).appendingPathComponent(name)
        let response = try await web.send(HTTPRequest(url: url, namespace: namespace))
        try check(response, notFound: { .notFound("TMDB has no \(size) image \(path)") })
        guard ImageSignature.kind(of: response.body) != nil else {
            throw ToolboxError.badData("TMDB sent something that is not an image for \(path)")
        }
        try LocalFile.writeAtomically(response.body, to: file)
        return file
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
