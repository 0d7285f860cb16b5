import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One stored answer.
public struct CacheEntry: Sendable {
    public var status: Int
    public var body: Data
    public var storedAt: Date
    public var expiresAt: Date
    /// The server's tag for the body, sent back in `If-None-Match` to ask whether it changed.
    public var etag: String?

    public func isFresh(at now: Date) -> Bool { now < expiresAt }
}

/// The two-tier response cache: memory for this run, files under
/// `$XDG_CACHE_HOME/toolbox/<namespace>/http/` across runs.
///
/// A file holds a magic line, a header line (with the body's length and SHA-256)
/// and the body. Files are written atomically, and one whose body does not match
/// its header (a torn or tampered write) reads as absent and is removed.
public final class ResponseCache: Sendable {
    /// Bytes, not `Data(string.utf8)`: that costs a runtime type lookup on every cache hit.
    static let magic = Array("TOOLBOX-CACHE 4\n".utf8)

    /// `status storedAt expiresAt bodyLength bodySHA256 kind etag scope label url` on one line ("-"
    /// for no etag, scope or label; none holds a space), times in
    /// seconds since 1970. Plain text rather than JSON: every cached answer reads it,
    /// and JSONDecoder's first use costs more than the rest of a cache hit.
    struct Header {
        var status: Int
        var storedAt, expiresAt: Date
        var bodyLength: Int
        var bodySHA256, kind: String
        var etag, scope, label: String?
        var url: String

        var line: String {
            [
                "\(status)", "\(storedAt.timeIntervalSince1970)", "\(expiresAt.timeIntervalSince1970)", "\(bodyLength)", bodySHA256, kind,
                etag ?? "-", scope ?? "-", label ?? "-", url,
            ].joined(separator: " ")
        }
    }

    public let root: String
    private let maximumBytes: Int
    private let memory = Mutex<[String: CacheEntry]>([:])
    /// The bytes on disk as this run knows them: counted by walking the folder at the
    /// first store, then kept up with this run's own writes (overwrites count twice, so
    /// the figure only errs high, which costs an early walk and nothing else).
    private let knownSize = Mutex<Int?>(nil)

    /// - Parameters:
    ///   - root: `$XDG_CACHE_HOME/toolbox`.
    ///   - maximumBytes: the size cap; least recently used entries go first.
    public init(root: String, maximumBytes: Int) {
        self.root = root
        self.maximumBytes = maximumBytes
    }

    /// The cache key: method, URL and whose answer it is (the request's scope, else its
    /// credential header), hashed.
    public static func key(for request: HTTPRequest) -> String {
        let whose = request.cacheScope ?? request.headers.first { $0.key.lowercased() == "authorization" }?.value ?? ""
        return Digest.sha256("\(request.method) \(request.url.absoluteString) \(whose)")
    }

    func path(namespace: String, key: String) -> String {
        "\(root)/\(namespace)/http/\(key.prefix(2))/\(key)"
    }

    /// The entry for a request, fresh or expired; nil when absent or unreadable.
    public func read(_ request: HTTPRequest) -> CacheEntry? {
        let key = Self.key(for: request)
        if let entry = memory.withLock({ $0[key] }) { return entry }
        let path = path(namespace: request.namespace, key: key)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let entry = Self.decode(data) else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        // Reading marks the entry as recently used, for eviction (nil: both times become now).
        _ = utimensat(AT_FDCWD, path, nil, 0)
        memory.withLock { $0[key] = entry }
        return entry
    }

    /// Stores an answer; a failure to write only costs a later cache miss.
    public func store(_ response: HTTPResponse, for request: HTTPRequest, policy: CachePolicy, now: Date = Date()) {
        let key = Self.key(for: request)
        let etag = response.headers["etag"].flatMap { $0.contains(" ") || $0.isEmpty ? nil : $0 }
        let entry = CacheEntry(
            status: response.status,
            body: response.body,
            storedAt: now,
            expiresAt: now.addingTimeInterval(policy.timeToLive),
            etag: etag
        )
        memory.withLock { $0[key] = entry }
        let header = Header(
            status: response.status,
            storedAt: now,
            expiresAt: entry.expiresAt,
            bodyLength: response.body.count,
            bodySHA256: Digest.sha256(response.body),
            kind: policy.kind,
            etag: etag,
            scope: request.cacheScope.map(Digest.sha256),
            label: request.cacheLabel.flatMap { $0.isEmpty || $0.contains(" ") ? nil : $0 },
            url: request.redactedURL
        )
        let path = path(namespace: request.namespace, key: key)
        let file = Data(Self.magic + Array((header.line + "\n").utf8)) + response.body
        guard (try? LocalFile.writeAtomically(file, to: path, mode: 0o600, durable: false)) != nil else { return }
        evictIfNeeded(added: file.count)
    }

    static func decode(_ data: Data) -> CacheEntry? {
        guard data.starts(with: magic) else { return nil }
        let rest = data.dropFirst(magic.count)
        guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")),
            let header = Header(line: String(decoding: rest[rest.startIndex..<newline], as: UTF8.self))
        else { return nil }
        let body = Data(rest[rest.index(after: newline)...])
        guard body.count == header.bodyLength, Digest.sha256(body) == header.bodySHA256 else { return nil }
        return CacheEntry(status: header.status, body: body, storedAt: header.storedAt, expiresAt: header.expiresAt, etag: header.etag)
    }

    /// What becomes of a kept answer that a write changed.
    public enum Revision: Sendable {
        case keep
        case drop
        /// The body brought up to date. It loses its `ETag` (the server's tag named the old body),
        /// so the next request online gets the whole answer; it keeps its age.
        case replace(Data)
    }

    /// Revises the labelled answers of one scope in a namespace (what a write changed), on disk
    /// and in this run's memory: `revise` is given each one's label and body.
    public func revise(namespace: String, scope: String, _ revise: (String, Data) -> Revision) {
        let hashed = Digest.sha256(scope)
        for file in Self.files(under: "\(root)/\(namespace)/http") {
            // The header is all it needs to choose: a kept photo's bytes are not read.
            guard let handle = FileHandle(forReadingAtPath: file.path) else { continue }
            let data = (try? handle.read(upToCount: 4096)) ?? nil
            try? handle.close()
            guard let data, data.starts(with: Self.magic) else { continue }
            let rest = data.dropFirst(Self.magic.count)
            guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")),
                var header = Header(line: String(decoding: rest[rest.startIndex..<newline], as: UTF8.self)),
                header.scope == hashed, let label = header.label,
                let whole = FileManager.default.contents(atPath: file.path), let entry = Self.decode(whole)
            else { continue }
            memory.withLock { $0[(file.path as NSString).lastPathComponent] = nil }
            switch revise(label, entry.body) {
            case .keep:
                continue
            case .drop:
                try? FileManager.default.removeItem(atPath: file.path)
            case .replace(let body):
                (header.bodyLength, header.bodySHA256, header.etag) = (body.count, Digest.sha256(body), nil)
                let revised = Data(Self.magic + Array((header.line + "\n").utf8)) + body
                if (try? LocalFile.writeAtomically(revised, to: file.path, mode: 0o600, durable: false)) == nil {
                    try? FileManager.default.removeItem(atPath: file.path)
                }
            }
        }
    }

    /// Once over the cap, removes least recently used files until the cache is under 90% of it.
    /// The folder is walked at a run's first store and when the cap seems crossed, not at every store.
    func evictIfNeeded(added bytes: Int) {
        let estimate = knownSize.withLock { known -> Int? in
            known = known.map { $0 + bytes }
            return known
        }
        if let estimate, estimate <= maximumBytes { return }
        var files = Self.files(under: root)
        var total = files.reduce(0) { $0 + $1.size }
        if total > maximumBytes {
            files.sort { $0.modified < $1.modified }
            for file in files where total > maximumBytes * 9 / 10 {
                try? FileManager.default.removeItem(atPath: file.path)
                total -= file.size
            }
        }
        knownSize.withLock { $0 = total }
    }

    struct StoredFile {
        var path: String
        var size: Int
        var modified: Date
    }

    /// Every regular file below a folder, skipping lock and temporary files.
    static func files(under folder: String) -> [StoredFile] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [StoredFile] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard !name.hasSuffix(".lock"), !name.hasPrefix(".") else { continue }
            let path = "\(folder)/\(relative)"
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            files.append(
                StoredFile(
                    path: path,
                    size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
                    modified: attributes[.modificationDate] as? Date ?? .distantPast
                )
            )
        }
        return files
    }
}

extension ResponseCache.Header {
    init?(line: String) {
        let fields = line.split(separator: " ", maxSplits: 9, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 10, let status = Int(fields[0]), let storedAt = Double(fields[1]),
            let expiresAt = Double(fields[2]), let bodyLength = Int(fields[3])
        else { return nil }
        self.init(
            status: status,
            storedAt: Date(timeIntervalSince1970: storedAt),
            expiresAt: Date(timeIntervalSince1970: expiresAt),
            bodyLength: bodyLength,
            bodySHA256: fields[4],
            kind: fields[5],
            etag: fields[6] == "-" ? nil : fields[6],
            scope: fields[7] == "-" ? nil : fields[7],
            label: fields[8] == "-" ? nil : fields[8],
            url: fields[9]
        )
    }
}
