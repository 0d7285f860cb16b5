import Foundation
import KiwiWire
import PluginAPI

/// Each photo's versions on disk: `<folder>/<name>/<size>.<jpg|webp>`, and `versions.json`,
/// written last, naming what is kept with its digest (the `ETag`), length and pixels. Every server
/// of a community shares the folder (as it shares the uploads folder), so a photo is processed once
/// and a deleted one is gone from all of them at once.
struct MediaFolder: Sendable {
    struct Entry: Codable, Sendable {
        var digest: String
        var length: Int
        var width: Int
        var height: Int
    }

    /// What `versions.json` holds: the kept files by name (`640.jpg`), and when they were made.
    struct Manifest: Codable, Sendable {
        var made: Date
        var files: [String: Entry]

        /// The file a request names: a WebP asked for where none was smaller is the JPEG.
        func file(_ size: KiwiPhotoSize, _ format: KiwiPhotoFormat) -> (name: String, format: KiwiPhotoFormat, entry: Entry)? {
            for format in format == .webp ? [KiwiPhotoFormat.webp, .jpeg] : [.jpeg] {
                let name = "\(size.rawValue).\(format.rawValue)"
                if let entry = files[name] { return (name, format, entry) }
            }
            return nil
        }
    }

    let path: String

    init(path: String) throws {
        self.path = path
        try LocalFile.createDirectory(path)
    }

    /// A folder of its own under the temporary files, for a community in memory.
    static func scratch() -> MediaFolder {
        MediaFolder(unmade: (NSTemporaryDirectory() as NSString).appendingPathComponent("kiwi-media-\(UUID().uuidString.lowercased())"))
    }

    /// A folder made when its first photo is written (`write` makes what it writes into).
    private init(unmade path: String) { self.path = path }

    func write(_ photo: ProcessedPhoto, for name: String) throws {
        guard UploadFolder.isPlainName(name) else { throw KiwiProblem.noSuchUpload }
        let folder = "\(path)/\(name)"
        try LocalFile.createDirectory(folder)
        var files: [String: Entry] = [:]
        for version in photo.versions {
            let file = "\(version.size.rawValue).\(version.format.rawValue)"
            try LocalFile.writeAtomically(version.bytes, to: "\(folder)/\(file)", durable: false)
            files[file] = Entry(digest: Digest.sha256(version.bytes), length: version.bytes.count, width: version.width, height: version.height)
        }
        let manifest = try JSONEncoder().encode(Manifest(made: Date(), files: files))
        try LocalFile.writeAtomically(manifest, to: "\(folder)/versions.json", durable: false)
    }

    /// The versions of `name`, when they have been made.
    func manifest(_ name: String) -> Manifest? {
        guard UploadFolder.isPlainName(name), let data = FileManager.default.contents(atPath: "\(path)/\(name)/versions.json") else { return nil }
        return try? JSONDecoder().decode(Manifest.self, from: data)
    }

    /// A kept file's bytes; nil when it is gone (its photo deleted meanwhile).
    func read(_ name: String, file: String) -> Data? {
        guard UploadFolder.isPlainName(name) else { return nil }
        return FileManager.default.contents(atPath: "\(path)/\(name)/\(file)")
    }

    func remove(_ name: String) {
        guard UploadFolder.isPlainName(name) else { return }
        // The manifest first: from then on no server serves the photo, whatever is left behind.
        try? FileManager.default.removeItem(atPath: "\(path)/\(name)/versions.json")
        try? FileManager.default.removeItem(atPath: "\(path)/\(name)")
    }
}
