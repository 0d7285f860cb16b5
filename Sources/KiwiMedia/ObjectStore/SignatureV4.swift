import Crypto
import Foundation
import PluginAPI

/// AWS Signature Version 4, as S3 and every S3-compatible store (R2, B2, MinIO, Ceph, SeaweedFS)
/// check a request: an HMAC chain from the secret key over the date, region and service, then over
/// the request in its canonical form. S3's own rules apply: the path is encoded once and never
/// normalised (a key may hold `//` or `.`). Checked against AWS's published test vectors and
/// against botocore (`KiwiObjectStoreTests`).
public struct SignatureV4: Sendable {
    public let credentials: S3Credentials
    public let region: String
    public let service: String

    public init(credentials: S3Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// What is signed of a request. Path and query are as meant, not yet percent-encoded.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var query: [(String, String)]
        /// Every header sent that the signature covers, `host` among them.
        public var headers: [(String, String)]
        /// The body's SHA-256 in hex, or `UNSIGNED-PAYLOAD` (a presigned URL's).
        public var payloadHash: String

        public init(method: String, path: String, query: [(String, String)] = [], headers: [(String, String)], payloadHash: String) {
            (self.method, self.path, self.query, self.headers, self.payloadHash) = (method, path, query, headers, payloadHash)
        }
    }

    public static let algorithm = "AWS4-HMAC-SHA256"
    /// A presigned URL's payload: the body is not known when it is made.
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"

    /// The `Authorization` header for `request` made at `date`; the request's headers must already
    /// hold `x-amz-date` (`Self.timestamp(date)`), and `x-amz-security-token` with a session token.
    public func authorization(for request: Request, at date: Date) -> String {
        let signed = Self.signedHeaders(request.headers)
        return
            "\(Self.algorithm) Credential=\(credentials.accessKeyID)/\(scope(date)), SignedHeaders=\(signed), Signature=\(signature(request, at: date))"
    }

    /// The query that makes `path` on `host` readable by anyone holding it, for `expires` seconds
    /// from `date` (S3 allows a week at most), signature last.
    public func presignedQuery(method: String = "GET", host: String, path: String, expires: Int, at date: Date) -> [(String, String)] {
        var query = [
            ("X-Amz-Algorithm", Self.algorithm),
            ("X-Amz-Credential", "\(credentials.accessKeyID)/\(scope(date))"),
            ("X-Amz-Date", Self.timestamp(date)),
            ("X-Amz-Expires", String(min(max(expires, 1), 604_800))),
            ("X-Amz-SignedHeaders", "host"),
        ]
        if let token = credentials.sessionToken { query.append(("X-Amz-Security-Token", token)) }
        let request = Request(method: method, path: path, query: query, headers: [("host", host)], payloadHash: Self.unsignedPayload)
        query.append(("X-Amz-Signature", signature(request, at: date)))
        return query
    }

    /// `20150830T123600Z`: the `x-amz-date` header's form.
    public static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ",
            parts.tm_year + 1900,
            parts.tm_mon + 1,
            parts.tm_mday,
            parts.tm_hour,
            parts.tm_min,
            parts.tm_sec
        )
    }

    /// `20150830/us-east-1/s3/aws4_request`.
    private func scope(_ date: Date) -> String { "\(Self.timestamp(date).prefix(8))/\(region)/\(service)/aws4_request" }

    private func signature(_ request: Request, at date: Date) -> String {
        let stringToSign = [
            Self.algorithm, Self.timestamp(date), scope(date), Digest.sha256(Self.canonical(request)),
        ]
        .joined(separator: "\n")
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [String(Self.timestamp(date).prefix(8)), region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return Digest.hex(HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: key))
    }

    /// The request as the signature covers it: method, encoded path, sorted query, headers by
    /// lowercase name (a name given twice is one line, its values joined by commas in the order
    /// sent; a value trimmed, its runs of spaces made one), their names, the payload's hash.
    static func canonical(_ request: Request) -> String {
        let pairs: [(name: String, value: String)] = request.query.map { (encode($0.0, keepingSlash: false), encode($0.1, keepingSlash: false)) }
        let query = pairs.sorted { $0.name == $1.name ? $0.value < $1.value : $0.name < $1.name }.map { "\($0.name)=\($0.value)" }
            .joined(separator: "&")
        var values: [String: [String]] = [:]
        for (name, value) in request.headers {
            values[name.lowercased(), default: []].append(value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " "))
        }
        let headers = values.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.joined(separator: ","))\n" }.joined()
        return [request.method, encode(request.path, keepingSlash: true), query, headers, signedHeaders(request.headers), request.payloadHash]
            .joined(separator: "\n")
    }

    private static func signedHeaders(_ headers: [(String, String)]) -> String {
        Set(headers.map { $0.0.lowercased() }).sorted().joined(separator: ";")
    }

    /// As AWS encodes for a signature: RFC 3986's unreserved bytes as they are, `/` kept in a path.
    public static func encode(_ text: String, keepingSlash: Bool) -> String { URLQuery.percentEncoded(text, keepingSlash: keepingSlash) }
}
