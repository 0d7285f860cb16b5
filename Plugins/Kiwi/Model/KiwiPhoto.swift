import Foundation
import MultipartKit
import NIOCore
import NIOHTTP1
import PluginAPI

/// A photo checked before anything is sent, so nothing half-posts.
struct KiwiPhoto: Sendable {
    static let limit = 10 * 1024 * 1024

    let data: Data
    let kind: ImageSignature.Kind

    /// Reads and checks the file: it exists, is an image by its content, and is within the limits
    /// of bytes and of the pixels it declares.
    init(path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ToolboxError.io("no such file: \(path)", hint: "check the path of the image")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ToolboxError.io("cannot read \(path)", hint: "check that you may read it")
        }
        guard let kind = ImageSignature.kind(of: data) else {
            throw ToolboxError.usage("\(path) is not an image (JPEG, PNG, GIF, WebP or HEIC), whatever its name says", hint: "choose a photo file")
        }
        guard data.count <= Self.limit else {
            throw ToolboxError.usage("\(path) is \(data.count / 1_048_576) MiB; the limit is 10 MiB", hint: "resize the photo first")
        }
        if let problem = ImageSize.problem(data) { throw ToolboxError.usage("\(path): \(problem)", hint: "resize the photo first") }
        // Where it was taken never leaves this machine, whatever server it is sent to (ours
        // strips it again as it re-encodes; the original backend keeps what it is sent).
        self.data = ImageMetadata.stripped(data)
        self.kind = kind
    }

    /// The `multipart/form-data` body of `POST /posts`: `file`, then `caption` and `book` when there are.
    func multipart(caption: String?, book: String?) throws -> (body: Data, contentType: String) {
        let boundary = "toolbox-\(UUID().uuidString)"
        var file = MultipartPart(headers: ["Content-Type": kind.mimeType], body: data)
        file.headers.replaceOrAdd(name: "Content-Disposition", value: "form-data; name=\"file\"; filename=\"image.\(kind.fileExtension)\"")
        var parts = [file]
        for (name, value) in [("caption", caption), ("book", book)] {
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
