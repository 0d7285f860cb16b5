import Foundation
import KiwiWire
import MultipartKit
import NIOCore
import NIOHTTP1
import PluginAPI

/// A photo checked before anything is sent, so nothing half-posts.
struct KiwiPhoto: Sendable {
    /// What a server that states no limits is held to: the contract's upload limit.
    static let contractBytes = 10 * 1024 * 1024

    let path: String
    let data: Data
    let kind: ImageSignature.Kind

    /// Reads the file: it exists, can be read, and is a picture by its content.
    init(path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ToolboxError.io("no such file: \(path)", hint: "check the path of the image")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ToolboxError.io("cannot read \(path)", hint: "check that you may read it")
        }
        guard let kind = ImageSignature.kind(of: data) else {
            throw ToolboxError.badData("\(path) is not a picture (JPEG, PNG, GIF, WebP or HEIC), whatever its name says", hint: "choose a photo file")
        }
        // Where it was taken never leaves this machine, whatever server it is sent to (ours
        // strips it again as it re-encodes; the original backend keeps what it is sent).
        self.path = path
        self.data = ImageMetadata.stripped(data)
        self.kind = kind
    }

    /// Refuses the photo before it is sent when it passes a limit the server states (`GET
    /// /instance`), naming the limit; a server that states none is held to the contract's bytes.
    func check(against limits: KiwiWire.MediaLimits?) throws {
        if let limits, !limits.supportedMimeTypes.contains(kind.mimeType) {
            throw ToolboxError.badData("the Kiwi server does not take \(kind.name) pictures", hint: "export the photo as a JPEG and post that")
        }
        let bytes = limits?.imageSizeLimit ?? Self.contractBytes
        if data.count > bytes {
            throw ToolboxError.badData(
                "\(path) is \(Self.megabytes(data.count)), larger than the server's limit of \(Self.megabytes(bytes))",
                hint: "export it smaller from your photo app, or resize it"
            )
        }
        if let limits, let size = ImageSize.declared(in: data), size.width * size.height > limits.imageMatrixLimit {
            let megapixels = limits.imageMatrixLimit / 1_000_000
            throw ToolboxError.badData(
                "\(path) is \(size.width) × \(size.height) pixels, larger than the server's limit of \(megapixels) megapixels",
                hint: "resize it to at most \(megapixels) megapixels and post it again"
            )
        }
    }

    /// "10 MB", "14.2 MB".
    static func megabytes(_ bytes: Int) -> String {
        bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MB" : String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }

    /// What a post says beside its photo: each sent as its form field when there is one (servers
    /// of the base contract know only the caption).
    struct Words: Sendable {
        var caption: String? = nil
        var imageAlt: String? = nil
        /// The book's ISBN-13.
        var book: String? = nil
        var spoiler: String? = nil
    }

    /// The `multipart/form-data` body of `POST /posts` (and of an avatar): `file`, then the words.
    func multipart(_ words: Words = Words()) throws -> (body: Data, contentType: String) {
        let boundary = "toolbox-\(UUID().uuidString)"
        var file = MultipartPart(headers: ["Content-Type": kind.mimeType], body: data)
        file.headers.replaceOrAdd(name: "Content-Disposition", value: "form-data; name=\"file\"; filename=\"image.\(kind.fileExtension)\"")
        var parts = [file]
        let fields = [("caption", words.caption), ("imageAlt", words.imageAlt), ("book", words.book), ("spoiler", words.spoiler)]
        for (name, value) in fields {
            guard let value else { continue }
            var part = MultipartPart(body: value)
            part.name = name
            parts.append(part)
        }
        var buffer = ByteBuffer()
        try MultipartSerializer().serialize(parts: parts, boundary: boundary, into: &buffer)
        return (Data(buffer.readableBytesView), "multipart/form-data; boundary=\(boundary)")
    }
}
