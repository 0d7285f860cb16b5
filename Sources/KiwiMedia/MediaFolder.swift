import Foundation
import KiwiWire
import NIOCore
import PluginAPI

/// Each photo's versions on disk: `<folder>/<name>/<size>.<jpg|webp>`, and `versions.json`,
/// written last (`MediaManifest`). Servers of a community may share the folder (a photo is then
/// processed once) or keep one each (a deleted photo's notice drops each one's copies).
public struct MediaFolder: MediaStore {
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

    /// The originals live in the uploads folder or the database, beside it.
    public var keepsOriginals: Bool { false }

    public func put(_ name: String, files: [String: Data], manifest: MediaManifest) throws {
        guard UploadFolder.isPlainName(name), files.keys.allSatisfy(UploadFolder.isPlainName) else { throw MediaProblem.noSuchPhoto }
        let folder = "\(path)/\(name)"
        try LocalFile.createDirectory(folder)
        for (file, bytes) in files { try LocalFile.writeAtomically(bytes, to: "\(folder)/\(file)", durable: false) }
        try LocalFile.writeAtomically(try JSONEncoder().encode(manifest), to: "\(folder)/\(MediaManifest.fileName)", durable: false)
    }

    public func link(_ name: String, file: String, for seconds: Int) -> String? { nil }

    /// The versions of `name`, when they have been made.
    public func manifest(_ name: String) -> MediaManifest? {
        guard kept(name) else { return nil }
        if let manifest = recent.manifest(name) { return manifest }
        guard let data = FileManager.default.contents(atPath: "\(path)/\(name)/versions.json"),
            let manifest = try? JSONDecoder().decode(MediaManifest.self, from: data)
        else { return nil }
        recent.keep(manifest, of: name)
        return manifest
    }

    public func read(_ name: String, file: String) -> ByteBuffer? {
        guard UploadFolder.isPlainName(name) else { return nil }
        if let bytes = recent.file(file, of: name) { return bytes }
        var bytes = ByteBuffer()
        guard Self.read("\(path)/\(name)/\(file)", into: &bytes) else { return nil }
        recent.keep(bytes, file: file, of: name)
        return bytes
    }

    /// Into memory the caller reuses rather than fresh pages the kernel must fault in and clear
    /// for each photo.
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

    /// This server's copies are its own to drop (a folder of its own), or already gone (a shared one).
    public func forget(_ name: String) { remove(name) }

    public func remove(_ name: String) {
        recent.forget(name)
        guard UploadFolder.isPlainName(name) else { return }
        // The manifest first: from then on no server serves the photo, whatever is left behind.
        try? FileManager.default.removeItem(atPath: "\(path)/\(name)/versions.json")
        try? FileManager.default.removeItem(atPath: "\(path)/\(name)")
    }
}
