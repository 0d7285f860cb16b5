import Foundation
import KiwiWire
import NIOCore
import PluginAPI

/// Where photos' versions are kept: a folder on the server's disk (`MediaFolder`) or a bucket of
/// an object store (`BucketMedia`). A photo is `name/<size>.<jpg|webp>` and its manifest
/// (`MediaManifest`), written last and removed first: a photo is served while its manifest is there.
public protocol MediaStore: Sendable {
    /// Whether the whole image lives here too, as the `full.jpg` version: then no uploads folder
    /// and no database keeps its bytes (a bucket).
    var keepsOriginals: Bool { get }
    /// Keeps `files` (by name: `640.jpg`) under `name`, then `manifest`, which describes them:
    /// a new photo's versions, or a kept photo's moved between stores.
    func put(_ name: String, files: [String: Data], manifest: MediaManifest) async throws
    /// The versions of `name`, when they have been made.
    func manifest(_ name: String) async throws -> MediaManifest?
    /// A kept file's bytes, asked for after its photo's manifest; nil when it is gone (its photo
    /// deleted meanwhile).
    func read(_ name: String, file: String) async throws -> ByteBuffer?
    /// A kept file read into `buffer`, in place of what it held, and not kept among the files
    /// served lately (an archive reads every photo once); false when it is gone.
    func read(_ name: String, file: String, into buffer: inout ByteBuffer) async throws -> Bool
    /// Removes the photo, its manifest first: from then on no server serves it.
    func remove(_ name: String) async throws
    /// Lets go of what this server holds of a photo another server removed.
    func forget(_ name: String) async
    /// Where the file can be read for `seconds` without this server (a bucket's presigned URL);
    /// nil where there is no such place (a folder).
    func link(_ name: String, file: String, for seconds: Int) -> String?
}

extension MediaStore {
    /// A new photo's versions, and their manifest last; answers the manifest.
    @discardableResult
    public func write(_ photo: ProcessedPhoto, for name: String) async throws -> MediaManifest {
        let manifest = MediaManifest(photo)
        try await put(
            name,
            files: Dictionary(photo.versions.map { (MediaManifest.fileName($0), $0.bytes) }, uniquingKeysWith: { $1 }),
            manifest: manifest
        )
        return manifest
    }
}

/// What a photo's manifest (`versions.json`) holds: the kept files by name (`640.jpg`), each with
/// its digest (the `ETag`), length and pixels, and when they were made.
public struct MediaManifest: Codable, Sendable {
    public struct Entry: Codable, Sendable, Equatable {
        public var digest: String
        public var length: Int
        public var width: Int
        public var height: Int
        /// The file's CRC-32, which a zip of it needs (a member's archive); nil in a manifest
        /// written before it was kept.
        public var crc32: UInt32?

        public init(digest: String, length: Int, width: Int, height: Int, crc32: UInt32? = nil) {
            (self.digest, self.length, self.width, self.height, self.crc32) = (digest, length, width, height, crc32)
        }
    }

    public static let fileName = "versions.json"

    public var made: Date
    public var files: [String: Entry]

    public init(made: Date, files: [String: Entry]) {
        self.made = made
        self.files = files
    }

    /// `640.webp`.
    public static func fileName(_ version: ProcessedPhoto.Version) -> String { "\(version.size.rawValue).\(version.format.rawValue)" }

    /// The file a request names: a WebP asked for where none was smaller is the JPEG.
    public func file(_ size: KiwiPhotoSize, _ format: KiwiPhotoFormat) -> (name: String, format: KiwiPhotoFormat, entry: Entry)? {
        for format in format == .webp ? [KiwiPhotoFormat.webp, .jpeg] : [.jpeg] {
            let name = "\(size.rawValue).\(format.rawValue)"
            if let entry = files[name] { return (name, format, entry) }
        }
        return nil
    }
}

extension MediaManifest {
    /// The manifest of `photo`'s versions, made now.
    public init(_ photo: ProcessedPhoto) {
        made = Date()
        files = [:]
        for version in photo.versions {
            files[Self.fileName(version)] = Entry(
                digest: Digest.sha256(version.bytes),
                length: version.bytes.count,
                width: version.width,
                height: version.height,
                crc32: version.bytes.withUnsafeBytes { CRC32.checksum($0) }
            )
        }
    }
}
