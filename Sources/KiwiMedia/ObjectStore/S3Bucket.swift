import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import PluginAPI

/// One bucket of an S3-compatible store (AWS S3, R2, B2, MinIO, Ceph, SeaweedFS), under a prefix:
/// the four calls photos need (put, get, delete, list), signed (`SignatureV4`), on a connection
/// pool of its own. A store that is down, slow or busy (500, 503, `SlowDown`) is asked again after
/// a back-off while the budget lasts; then the call fails as `ObjectStoreProblem.unavailable`.
public final class S3Bucket: Sendable {
    /// Where the bucket is: `s3://BUCKET[/PREFIX]?endpoint=URL&region=R[&path-style=true]`.
    public struct Location: Sendable, Equatable {
        public var endpoint: URL
        public var bucket: String
        public var prefix: String
        public var region: String
        /// `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO, SeaweedFS).
        public var pathStyle: Bool

        public init(endpoint: URL, bucket: String, prefix: String = "", region: String = "us-east-1", pathStyle: Bool = false) {
            (self.endpoint, self.bucket, self.prefix, self.region, self.pathStyle) = (endpoint, bucket, prefix, region, pathStyle)
        }
    }

    /// How long the store is waited for: each attempt, and all of a call's attempts together.
    public struct Patience: Sendable {
        public var attempt: Duration
        public var budget: Duration
        /// The waits before the second attempt and those after.
        public var backoff: [Duration]

        /// A photo's write is a few of these while its author waits: 5 s an attempt, 10 s in all.
        public static let standard = Patience(attempt: .seconds(5), budget: .seconds(10), backoff: [.milliseconds(200), .milliseconds(800)])

        public init(attempt: Duration, budget: Duration, backoff: [Duration]) {
            (self.attempt, self.budget, self.backoff) = (attempt, budget, backoff)
        }
    }

    public let location: Location
    private let signer: SignatureV4
    private let patience: Patience

    public init(_ location: Location, credentials: S3Credentials, patience: Patience = .standard) {
        self.location = location
        self.signer = SignatureV4(credentials: credentials, region: location.region)
        self.patience = patience
    }

    /// One connection pool for the process's buckets, never shut down (as `HTTPClient.shared`):
    /// a refused connection fails its request at once, and the retries here decide what is next.
    private static let pool: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(2))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 32
        configuration.decompression = .disabled
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Writes the object whole (a later put of the same key replaces it). Its MD5 goes with it
    /// (`Content-MD5`), so the store refuses bytes that changed on the way (400 `BadDigest`).
    public func put(_ key: String, _ body: ByteBuffer, contentType: String) async throws {
        let md5 = body.withUnsafeReadableBytes { Data(Insecure.MD5.hash(data: $0)).base64EncodedString() }
        _ = try await send("PUT", key: key, body: body, headers: [("content-md5", md5), ("content-type", contentType)])
    }

    /// The object's bytes; nil when there is none.
    public func get(_ key: String) async throws -> ByteBuffer? {
        let answer = try await send("GET", key: key, absentIsAnswer: true)
        return answer.status == 404 ? nil : answer.body
    }

    /// Removes the object; one already gone is no failure.
    public func delete(_ key: String) async throws {
        _ = try await send("DELETE", key: key, absentIsAnswer: true)
    }

    /// Every key under `prefix` (within the bucket's own prefix, which is not part of what comes back).
    public func list(under prefix: String = "") async throws -> [String] { try await objects(under: prefix).map(\.key) }

    /// A listed object: its key, and when it was last written.
    public struct Object: Sendable {
        public var key: String
        public var modified: Date?
    }

    /// Every object under `prefix`, a page of up to 1,000 at a time (ListObjectsV2).
    public func objects(under prefix: String = "") async throws -> [Object] {
        var objects: [Object] = []
        var token: String?
        let own = location.prefix.isEmpty ? 0 : location.prefix.count + 1
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        repeat {
            var query = [("list-type", "2"), ("prefix", objectKey(prefix))]
            if let token { query.append(("continuation-token", token)) }
            let xml = String(buffer: try await send("GET", key: nil, query: query).body)
            for entry in S3XML.elements("Contents", in: xml) {
                guard let key = S3XML.values(of: "Key", in: entry).first else { continue }
                let modified = S3XML.values(of: "LastModified", in: entry).first
                objects.append(
                    Object(
                        key: String(key.dropFirst(own)),
                        modified: modified.flatMap { dates.date(from: $0) ?? ISO8601DateFormatter().date(from: $0) }
                    )
                )
            }
            token = S3XML.values(of: "IsTruncated", in: xml).first == "true" ? S3XML.values(of: "NextContinuationToken", in: xml).first : nil
        } while token != nil
        return objects
    }

    /// Whether the bucket is there and the keys are taken: one key listed.
    public func check() async throws {
        _ = try await send("GET", key: nil, query: [("list-type", "2"), ("max-keys", "1"), ("prefix", objectKey(""))])
    }

    /// A URL anyone may GET the object with for `expires` seconds (a redirect's target).
    public func presignedURL(_ key: String, expires: Int, now: Date = Date()) -> String {
        let (host, path) = address(key)
        let query = signer.presignedQuery(host: host, path: path, expires: expires, at: now)
        return "\(origin(host))\(SignatureV4.encode(path, keepingSlash: true))?" + URLQuery.encode(query)
    }

    /// `PREFIX/key`, as the bucket names it.
    private func objectKey(_ key: String) -> String { location.prefix.isEmpty ? key : "\(location.prefix)/\(key)" }

    /// The Host header and the path for an object (nil: the bucket itself).
    private func address(_ key: String?) -> (host: String, path: String) {
        var host = location.endpoint.host ?? "localhost"
        if let port = location.endpoint.port { host += ":\(port)" }
        let object = key.map { "/" + objectKey($0) } ?? "/"
        if location.pathStyle { return (host, "/\(location.bucket)\(key == nil ? "" : object)") }
        return ("\(location.bucket).\(host)", object)
    }

    private func origin(_ host: String) -> String { "\(location.endpoint.scheme ?? "https")://\(host)" }

    private struct Answer {
        var status: Int
        var body: ByteBuffer
    }

    /// One call, signed afresh for each attempt (its date moves on), retried while the store is
    /// unreachable, slow or busy and the budget lasts.
    private func send(
        _ method: String,
        key: String?,
        query: [(String, String)] = [],
        body: ByteBuffer? = nil,
        headers extra: [(String, String)] = [],
        absentIsAnswer: Bool = false
    ) async throws -> Answer {
        let clock = ContinuousClock()
        let started = clock.now
        let (host, path) = address(key)
        let payloadHash = body.map { buffer in buffer.withUnsafeReadableBytes { Digest.sha256($0) } } ?? Digest.sha256([UInt8]())
        var failure = "no answer"
        for attempt in 0...patience.backoff.count {
            if attempt > 0 {
                let wait = patience.backoff[attempt - 1]
                guard clock.now - started + wait < patience.budget else { break }
                try await Task.sleep(for: wait)
            }
            let now = Date()
            var signed = [("host", host), ("x-amz-date", SignatureV4.timestamp(now)), ("x-amz-content-sha256", payloadHash)] + extra
            if let token = signer.credentials.sessionToken { signed.append(("x-amz-security-token", token)) }
            let authorization = signer.authorization(
                for: SignatureV4.Request(method: method, path: path, query: query, headers: signed, payloadHash: payloadHash),
                at: now
            )
            var request = HTTPClientRequest(
                url: origin(host) + SignatureV4.encode(path, keepingSlash: true) + (query.isEmpty ? "" : "?" + URLQuery.encode(query))
            )
            request.method = HTTPMethod(rawValue: method)
            for (name, value) in signed { request.headers.add(name: name, value: value) }
            request.headers.add(name: "authorization", value: authorization)
            if let body { request.body = .bytes(body) }
            let answer: Answer
            do {
                let remaining = patience.budget - (clock.now - started)
                let response = try await Self.pool.execute(request, timeout: .nanoseconds(Self.nanoseconds(min(patience.attempt, remaining))))
                answer = Answer(status: Int(response.status.code), body: try await Self.body(of: response))
            } catch {
                failure = "\(error)"
                continue
            }
            switch answer.status {
            case 200..<300: return answer
            case 404 where absentIsAnswer: return answer
            case 500, 502, 503, 504:
                failure = "HTTP \(answer.status) \(S3XML.values(of: "Code", in: String(buffer: answer.body)).first ?? "")"
                continue
            default:
                throw ObjectStoreProblem.refused(
                    status: answer.status,
                    code: S3XML.values(of: "Code", in: String(buffer: answer.body)).first ?? "",
                    bucket: location.bucket
                )
            }
        }
        throw ObjectStoreProblem.unavailable("\(location.endpoint.host ?? "the store") \(method) \(failure)")
    }

    /// The whole body, in a buffer of the size its `Content-Length` gives: a photo kept in memory
    /// then takes what it weighs, not the next power of two (`collect` grows by doubling).
    private static func body(of response: HTTPClientResponse) async throws -> ByteBuffer {
        let length = response.headers.first(name: "content-length").flatMap { Int($0) }
        guard let length, length <= 256 << 20 else { return try await response.body.collect(upTo: 256 << 20) }
        var body = ByteBufferAllocator().buffer(capacity: length)
        for try await chunk in response.body {
            guard body.readableBytes + chunk.readableBytes <= length else {
                throw ObjectStoreProblem.unavailable("an answer longer than its Content-Length")
            }
            body.writeImmutableBuffer(chunk)
        }
        return body
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return max(1, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

/// What goes wrong asking an object store.
public enum ObjectStoreProblem: Error, Equatable, CustomStringConvertible {
    /// Down, too slow or too busy, after the retries its budget allowed: try again later.
    case unavailable(String)
    /// Answered with a refusal retrying cannot change: 403 `AccessDenied` or
    /// `SignatureDoesNotMatch` (wrong keys), 404 `NoSuchBucket`.
    case refused(status: Int, code: String, bucket: String)

    public var description: String {
        switch self {
        case .unavailable(let why): "the media store is unavailable (\(why))"
        case .refused(let status, let code, let bucket): "the media store refused the bucket \(bucket): HTTP \(status) \(code)"
        }
    }
}

/// The few values read out of S3's XML answers (keys of a listing, an error's code), without an
/// XML library: S3 answers flat elements, and escapes the five XML entities and numeric ones.
enum S3XML {
    /// The text of each `element`, its entities read.
    static func values(of element: String, in xml: String) -> [String] { elements(element, in: xml).map(unescaped) }

    /// What each `element` holds, as written (a listing's `Contents`, whose own elements are read next).
    static func elements(_ element: String, in xml: String) -> [String] {
        var found: [String] = []
        var rest = xml[...]
        while let open = rest.range(of: "<\(element)>"), let close = rest[open.upperBound...].range(of: "</\(element)>") {
            found.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return found
    }

    private static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number =
                    entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                result += number.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? "&\(entity);"
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
