import Foundation
import PluginAPI

/// Where a community keeps its photos past one machine: a bucket of an S3-compatible object store,
/// `s3://BUCKET[/PREFIX]?endpoint=URL&region=R[&path-style=true]` (`--media-store`,
/// `kiwi.media_store`). The address holds no secret: the keys come from the environment or the
/// credentials file (`S3Credentials`), and one written into it is refused without being repeated.
public struct KiwiMediaStore: Sendable, Equatable, CustomStringConvertible {
    public var bucket: String
    /// Within the bucket, without slashes at either end; empty: the bucket's root.
    public var prefix: String
    /// The store's address; AWS S3's for the region when the address names none.
    public var endpoint: URL
    public var region: String
    /// Objects at `endpoint/BUCKET/KEY` (MinIO, SeaweedFS, most self-hosted stores) rather than
    /// `BUCKET.endpoint/KEY` (AWS S3, R2, B2).
    public var pathStyle: Bool

    public init(parsing text: String) throws {
        let example = "such as s3://kiwi-photos?endpoint=https://s3.eu-west-1.amazonaws.com&region=eu-west-1"
        guard let address = URLComponents(string: text), address.scheme?.lowercased() == "s3" else {
            throw ToolboxError.usage("the media store '\(text)' is not an s3:// address", hint: "give one \(example)")
        }
        guard address.user == nil, address.password == nil else {
            // Said without the address: it holds a secret.
            throw ToolboxError.usage(
                "the media store's address holds credentials",
                hint: "remove them from it, and set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or ~/.aws/credentials, mode 0600) instead"
            )
        }
        guard let bucket = address.host, !bucket.isEmpty else {
            throw ToolboxError.usage("the media store '\(text)' names no bucket", hint: "give one \(example)")
        }
        let values = Dictionary((address.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        for name in values.keys where !["endpoint", "region", "path-style"].contains(name) {
            throw ToolboxError.usage(
                "the media store's address has '\(name)', which it does not take",
                hint: "it takes endpoint, region and path-style"
            )
        }
        let region = values["region"].flatMap { $0.isEmpty ? nil : $0 } ?? "us-east-1"
        let endpointText = values["endpoint"] ?? "https://s3.\(region).amazonaws.com"
        guard let endpoint = URL(string: endpointText), let scheme = endpoint.scheme?.lowercased(), ["http", "https"].contains(scheme),
            endpoint.host?.isEmpty == false
        else {
            throw ToolboxError.usage("the media store's endpoint '\(endpointText)' is not an http or https URL", hint: "give one \(example)")
        }
        guard endpoint.user == nil, endpoint.password == nil else {
            throw ToolboxError.usage(
                "the media store's endpoint holds credentials",
                hint: "remove them from it, and set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead"
            )
        }
        guard let pathStyle = ["": false, "false": false, "true": true][values["path-style"] ?? ""] else {
            throw ToolboxError.usage("the media store's path-style must be true or false", hint: "path-style=true for MinIO and SeaweedFS")
        }
        self.bucket = bucket
        self.prefix = address.path.split(separator: "/").joined(separator: "/")
        self.endpoint = endpoint
        self.region = region
        self.pathStyle = pathStyle
    }

    /// As it was given, less what it left to its defaults.
    public var description: String {
        "s3://\(bucket)\(prefix.isEmpty ? "" : "/" + prefix) at \(endpoint.absoluteString) (\(region)\(pathStyle ? ", path-style" : ""))"
    }
}
