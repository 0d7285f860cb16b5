import Foundation

/// A v3 API key (sent as `api_key`) or a v4 read access token (a JWT, sent as a bearer token).
public enum TMDBCredential: Sendable, Equatable {
    case apiKey(String)
    case readAccessToken(String)

    public init(_ value: String) {
        let trimmed = value.trimmed
        self = trimmed.hasPrefix("eyJ") ? .readAccessToken(trimmed) : .apiKey(trimmed)
    }

    var queryItem: (name: String, value: String)? {
        if case .apiKey(let key) = self { return ("api_key", key) }
        return nil
    }

    var authorization: String? {
        if case .readAccessToken(let token) = self { return "Bearer \(token)" }
        return nil
    }
}
