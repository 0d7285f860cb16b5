import Foundation
import PluginAPI

/// Uploaded images on disk, under generated names; nothing outside the folder is ever served.
struct UploadFolder: Sendable {
    let path: String

    init(path: String) throws {
        self.path = path
        try LocalFile.createDirectory(path)
    }

    /// Stores the bytes durably (flushed before the post that names them is acknowledged).
    func store(_ data: Data, kind: ImageSignature.Kind) throws -> String {
        let name = "\(UUID().uuidString.lowercased()).\(kind.fileExtension)"
        try LocalFile.writeAtomically(data, to: "\(path)/\(name)", mode: 0o644)
        return name
    }

    /// A stored file's bytes; nil for a name that is not a plain file name of this folder.
    func read(_ name: String) -> Data? {
        guard Self.isPlainName(name) else { return nil }
        return FileManager.default.contents(atPath: "\(path)/\(name)")
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
