import Foundation
import PluginAPI

/// Uploaded images on disk, under generated names; nothing outside the folder is ever served.
struct UploadFolder: Sendable {
    let path: String

    init(path: String) throws {
        self.path = path
        try LocalFile.createDirectory(path)
    }

    /// A fresh name for an upload: names never change, so what a browser keeps stays true.
    static func newName(_ kind: ImageSignature.Kind) -> String {
        "\(UUID().uuidString.lowercased()).\(kind.fileExtension)"
    }

    /// Stores the bytes durably (flushed before the post that names them is acknowledged).
    func store(_ image: StoredImage) throws {
        try LocalFile.writeAtomically(image.bytes, to: "\(path)/\(image.name)", mode: 0o644)
    }

    /// A stored file; nil for a name that is not a plain file name of this folder.
    func read(_ name: String) -> StoredImage? {
        guard Self.isPlainName(name), let bytes = FileManager.default.contents(atPath: "\(path)/\(name)") else { return nil }
        return StoredImage(
            name: name,
            contentType: ImageSignature.kind(of: bytes)?.mimeType ?? "application/octet-stream",
            digest: Digest.sha256(bytes),
            bytes: bytes
        )
    }

    func remove(_ name: String) {
        guard Self.isPlainName(name) else { return }
        try? FileManager.default.removeItem(atPath: "\(path)/\(name)")
    }

    /// Letters, digits, `-`, `_` and one inner dot: no separators, no `..`, no hidden files.
    static func isPlainName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 100, !name.hasPrefix("."), !name.contains("..") else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
        }
    }
}
