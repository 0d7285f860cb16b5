import Foundation
import PluginAPI

/// Uploaded images on disk, under generated names; nothing outside the folder is ever served.
public struct UploadFolder: Sendable {
    public let path: String

    public init(path: String) throws {
        self.path = path
        try LocalFile.createDirectory(path)
    }

    /// A fresh name for an upload: names never change, so what a browser keeps stays true.
    public static func newName(_ kind: ImageSignature.Kind) -> String {
        "\(UUID().uuidString.lowercased()).\(kind.fileExtension)"
    }

    /// Stores the bytes durably (flushed before the post that names them is acknowledged).
    public func store(_ image: StoredImage) throws {
        try LocalFile.writeAtomically(image.bytes, to: "\(path)/\(image.name)", mode: 0o644)
    }

    /// A stored file; nil for a name that is not a plain file name of this folder.
    public func read(_ name: String) -> StoredImage? {
        guard Self.isPlainName(name), let bytes = FileManager.default.contents(atPath: "\(path)/\(name)") else { return nil }
        return StoredImage(
            name: name,
            contentType: ImageSignature.kind(of: bytes)?.mimeType ?? "application/octet-stream",
            digest: Digest.sha256(bytes),
            bytes: bytes
        )
    }

    /// Whether the folder holds `name`: one `access` call, no reading.
    public func contains(_ name: String) -> Bool {
        Self.isPlainName(name) && access("\(path)/\(name)", F_OK) == 0
    }

    public func remove(_ name: String) {
        guard Self.isPlainName(name) else { return }
        try? FileManager.default.removeItem(atPath: "\(path)/\(name)")
    }

    /// Letters, digits, `-`, `_` and inner dots: no separators, no `..`, no hidden files. By its
    /// bytes: it is asked on every photo request.
    public static func isPlainName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= 100, bytes.first != UInt8(ascii: "."), bytes.last != UInt8(ascii: ".") else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"):
                break
            case UInt8(ascii: "."):
                if previous == byte { return false }
            default:
                return false
            }
            previous = byte
        }
        return true
    }
}

/// An uploaded image kept by the store beside the posts, so that every server sharing
/// the database can serve it: the bytes, what they are, and their digest (the ETag).
public struct StoredImage: Sendable, Equatable {
    public let name, contentType, digest: String
    public let bytes: Data

    public init(name: String, contentType: String, digest: String, bytes: Data) {
        self.name = name
        self.contentType = contentType
        self.digest = digest
        self.bytes = bytes
    }

    /// A new upload under a generated name that never changes.
    public init(_ bytes: Data, kind: ImageSignature.Kind) {
        self.init(name: UploadFolder.newName(kind), contentType: kind.mimeType, digest: Digest.sha256(bytes), bytes: bytes)
    }
}
