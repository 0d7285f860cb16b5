import Foundation
import KiwiWire
import NIOCore
import PluginAPI

/// Photos in a bucket of an object store, shared by every server of a community: each photo's
/// versions are written once, by the server that processed it, and its manifest last. The files
/// served lately are kept in memory up to `cacheBytes` (least recently used out), so a version
/// many readers ask for is fetched once, and is still served while the store is away.
public struct BucketMedia: MediaStore {
    public let bucket: S3Bucket
    private let recent: RecentMedia

    public init(bucket: S3Bucket, cacheBytes: Int) {
        self.bucket = bucket
        recent = RecentMedia(budget: cacheBytes)
    }

    /// The whole image is the `full.jpg` version: the bucket is where it lives.
    public var keepsOriginals: Bool { true }

    /// The files at once, then the manifest: a photo is there once its manifest is.
    public func put(_ name: String, files: [String: Data], manifest: MediaManifest) async throws {
        guard UploadFolder.isPlainName(name), files.keys.allSatisfy(UploadFolder.isPlainName) else { throw MediaProblem.noSuchPhoto }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (file, bytes) in files {
                group.addTask { try await bucket.put("\(name)/\(file)", ByteBuffer(bytes: bytes), contentType: Self.contentType(file)) }
            }
            try await group.waitForAll()
        }
        try await bucket.put(
            "\(name)/\(MediaManifest.fileName)",
            ByteBuffer(bytes: try JSONEncoder().encode(manifest)),
            contentType: "application/json"
        )
        recent.keep(manifest, of: name)
    }

    private static func contentType(_ file: String) -> String {
        file.hasSuffix(".webp") ? KiwiPhotoFormat.webp.mimeType : KiwiPhotoFormat.jpeg.mimeType
    }

    /// From memory when this server has it; else from the bucket, where another server may have
    /// just written it (an absent one is not remembered as absent).
    public func manifest(_ name: String) async throws -> MediaManifest? {
        guard UploadFolder.isPlainName(name) else { return nil }
        if let manifest = recent.manifest(name) { return manifest }
        guard let bytes = try await bucket.get("\(name)/\(MediaManifest.fileName)"),
            let manifest = try? JSONDecoder().decode(MediaManifest.self, from: Data(bytes.readableBytesView))
        else { return nil }
        recent.keep(manifest, of: name)
        return manifest
    }

    public func read(_ name: String, file: String) async throws -> ByteBuffer? {
        guard UploadFolder.isPlainName(name) else { return nil }
        if let bytes = recent.file(file, of: name) { return bytes }
        guard let bytes = try await bucket.get("\(name)/\(file)") else { return nil }
        recent.keep(bytes, file: file, of: name)
        return bytes
    }

    public func read(_ name: String, file: String, into buffer: inout ByteBuffer) async throws -> Bool {
        guard UploadFolder.isPlainName(name) else { return false }
        var kept = recent.file(file, of: name)
        if kept == nil { kept = try await bucket.get("\(name)/\(file)") }
        guard let bytes = kept else { return false }
        buffer.clear(minimumCapacity: bytes.readableBytes)
        buffer.writeImmutableBuffer(bytes)
        return true
    }

    /// The manifest first, then every other object under the photo's name (those its manifest
    /// names, and any a write cut short left behind).
    public func remove(_ name: String) async throws {
        recent.forget(name)
        guard UploadFolder.isPlainName(name) else { return }
        try await bucket.delete("\(name)/\(MediaManifest.fileName)")
        for key in try await bucket.list(under: "\(name)/") { try await bucket.delete(key) }
    }

    public func forget(_ name: String) async { recent.forget(name) }

    public func link(_ name: String, file: String, for seconds: Int) -> String? {
        UploadFolder.isPlainName(name) ? bucket.presignedURL("\(name)/\(file)", expires: seconds) : nil
    }

    /// The object that says a community's photos are in this bucket (`kiwi migrate --media-to`
    /// writes it last; a new community's first server writes it): a server given the bucket for
    /// a community whose photos are elsewhere would answer 404 for every one.
    public static let marker = "kiwi-media-store.json"

    /// What the marker says, for whoever looks in the bucket.
    public static func markerText(photos: Int, now: Date = Date()) -> Data {
        Data(#"{"kiwi":"this bucket keeps a Kiwi community's photos","photosMoved":\#(photos),"since":\#(Int(now.timeIntervalSince1970))}"#.utf8)
    }
}
