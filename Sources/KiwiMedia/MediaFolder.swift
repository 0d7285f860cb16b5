import Foundation
import KiwiWire
import NIOCore
import PluginAPI
import Synchronization

/// Each photo's versions on disk: `<folder>/<name>/<size>.<jpg|webp>`, and `versions.json`,
/// written last, naming what is kept with its digest (the `ETag`), length and pixels. Servers of a
/// community may share the folder (a photo is then processed once) or keep one each (a deleted
/// photo's notice drops each one's copies).
public struct MediaFolder: Sendable {
    public struct Entry: Codable, Sendable {
        public var digest: String
        public var length: Int
        public var width: Int
        public var height: Int
        /// The file's CRC-32, which a zip of it needs (a member's archive); nil in a manifest
        /// written before it was kept.
        public var crc32: UInt32?
    }

    /// What `versions.json` holds: the kept files by name (`640.jpg`), and when they were made.
    public struct Manifest: Codable, Sendable {
        public var made: Date
        public var files: [String: Entry]

        /// The file a request names: a WebP asked for where none was smaller is the JPEG.
        public func file(_ size: KiwiPhotoSize, _ format: KiwiPhotoFormat) -> (name: String, format: KiwiPhotoFormat, entry: Entry)? {
            for format in format == .webp ? [KiwiPhotoFormat.webp, .jpeg] : [.jpeg] {
                let name = "\(size.rawValue).\(format.rawValue)"
                if let entry = files[name] { return (name, format, entry) }
            }
            return nil
        }
    }

    public let path: String
    /// The files served lately, and their manifests, in memory.
    private let recent = RecentMedia(budget: 64 * 1024 * 1024)

    public init(path: String) throws {
        self.path = path
        try LocalFile.createDirectory(path)
    }

    /// A folder of its own under the temporary files, for a community in memory.
    public static func scratch() -> MediaFolder {
        MediaFolder(unmade: (NSTemporaryDirectory() as NSString).appendingPathComponent("kiwi-media-\(UUID().uuidString.lowercased())"))
    }

    /// A folder made when its first photo is written (`write` makes what it writes into).
    private init(unmade path: String) { self.path = path }

    /// Whether the photo's versions are there: its manifest is removed first when it is deleted,
    /// by whichever server of the community deletes it. One `access` call, no reading.
    private func kept(_ name: String) -> Bool {
        guard UploadFolder.isPlainName(name), access("\(path)/\(name)/versions.json", F_OK) == 0 else {
            recent.forget(name)
            return false
        }
        return true
    }

    public func write(_ photo: ProcessedPhoto, for name: String) throws {
        guard UploadFolder.isPlainName(name) else { throw MediaProblem.noSuchPhoto }
        let folder = "\(path)/\(name)"
        try LocalFile.createDirectory(folder)
        var files: [String: Entry] = [:]
        for version in photo.versions {
            let file = "\(version.size.rawValue).\(version.format.rawValue)"
            try LocalFile.writeAtomically(version.bytes, to: "\(folder)/\(file)", durable: false)
            files[file] = Entry(
                digest: Digest.sha256(version.bytes),
                length: version.bytes.count,
                width: version.width,
                height: version.height,
                crc32: version.bytes.withUnsafeBytes { CRC32.checksum($0) }
            )
        }
        let manifest = try JSONEncoder().encode(Manifest(made: Date(), files: files))
        try LocalFile.writeAtomically(manifest, to: "\(folder)/versions.json", durable: false)
    }

    /// The versions of `name`, when they have been made.
    public func manifest(_ name: String) -> Manifest? {
        guard kept(name) else { return nil }
        if let manifest = recent.manifest(name) { return manifest }
        guard let data = FileManager.default.contents(atPath: "\(path)/\(name)/versions.json"),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return nil }
        recent.keep(manifest, of: name)
        return manifest
    }

    /// A kept file's bytes, asked for after its photo's `manifest` (which checked that the photo
    /// is kept); nil when it is gone (its photo deleted meanwhile).
    public func read(_ name: String, file: String) -> ByteBuffer? {
        guard UploadFolder.isPlainName(name) else { return nil }
        if let bytes = recent.file(file, of: name) { return bytes }
        var bytes = ByteBuffer()
        guard Self.read("\(path)/\(name)/\(file)", into: &bytes) else { return nil }
        recent.keep(bytes, file: file, of: name)
        return bytes
    }

    /// A kept file read into `buffer`, in place of what it held; false when it is gone. For a read
    /// of every photo once (an archive): not kept among the files served lately, where it would
    /// push out those the pages ask for again and again, and into memory the caller reuses rather
    /// than fresh pages the kernel must fault in and clear for each photo.
    public func read(_ name: String, file: String, into buffer: inout ByteBuffer) -> Bool {
        UploadFolder.isPlainName(name) && Self.read("\(path)/\(name)/\(file)", into: &buffer)
    }

    /// The file read straight into `buffer`, with no copy between.
    private static func read(_ path: String, into buffer: inout ByteBuffer) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size <= Int(UInt32.max) else { return false }
        let size = Int(status.st_size)
        buffer.clear(minimumCapacity: size)
        while buffer.readableBytes < size {
            let wanted = size - buffer.readableBytes
            var count = 0
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 0) { room in
                count = Glibc.read(descriptor, room.baseAddress, min(room.count, wanted))
                return max(count, 0)
            }
            if count < 0, errno == EINTR { continue }
            // Shorter than it was a moment ago, or unreadable: not the file its manifest describes.
            if count <= 0 { return false }
        }
        return true
    }

    public func remove(_ name: String) {
        recent.forget(name)
        guard UploadFolder.isPlainName(name) else { return }
        // The manifest first: from then on no server serves the photo, whatever is left behind.
        try? FileManager.default.removeItem(atPath: "\(path)/\(name)/versions.json")
        try? FileManager.default.removeItem(atPath: "\(path)/\(name)")
    }
}

/// The media files served lately, in memory up to `budget` bytes (the oldest kept go first), with
/// their photos' manifests: a version many readers ask for is read from disk once. Each is served
/// only while its photo's manifest is on disk (`MediaFolder.kept`), so a deletion by any server
/// sharing the folder ends it at once.
final class RecentMedia: Sendable {
    private struct Kept {
        var manifests: [String: MediaFolder.Manifest] = [:]
        var files: [String: [String: ByteBuffer]] = [:]
        /// Photo and file, oldest first.
        var order: [(name: String, file: String, size: Int)] = []
        var bytes = 0
    }

    private let kept = Mutex(Kept())
    let budget: Int

    init(budget: Int) {
        self.budget = budget
    }

    func manifest(_ name: String) -> MediaFolder.Manifest? { kept.withLock { $0.manifests[name] } }

    func file(_ file: String, of name: String) -> ByteBuffer? { kept.withLock { $0.files[name]?[file] } }

    func keep(_ manifest: MediaFolder.Manifest, of name: String) { kept.withLock { $0.manifests[name] = manifest } }

    func keep(_ bytes: ByteBuffer, file: String, of name: String) {
        guard bytes.readableBytes <= budget / 8 else { return }
        kept.withLock { kept in
            guard kept.files[name]?[file] == nil else { return }
            kept.files[name, default: [:]][file] = bytes
            kept.order.append((name, file, bytes.readableBytes))
            kept.bytes += bytes.readableBytes
            while kept.bytes > budget, !kept.order.isEmpty {
                let oldest = kept.order.removeFirst()
                if kept.files[oldest.name]?.removeValue(forKey: oldest.file) != nil { kept.bytes -= oldest.size }
                if kept.files[oldest.name]?.isEmpty == true {
                    kept.files[oldest.name] = nil
                    kept.manifests[oldest.name] = nil
                }
            }
        }
    }

    func forget(_ name: String) {
        kept.withLock { kept in
            kept.manifests[name] = nil
            guard let files = kept.files.removeValue(forKey: name) else { return }
            kept.bytes -= files.values.reduce(0) { $0 + $1.readableBytes }
            kept.order.removeAll { $0.name == name }
        }
    }
}
