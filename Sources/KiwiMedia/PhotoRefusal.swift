import Foundation
import PluginAPI

/// Why a photo is not taken, in a reader's words: a message and a machine code for the API, a
/// sentence with what to do about it for the pages.
public enum PhotoRefusal: Error, Equatable, Sendable {
    /// More bytes than the server takes (`--max-upload-bytes`).
    case tooManyBytes(limit: Int)
    /// Not a JPEG, PNG, GIF, WebP or HEIC by its first bytes.
    case notAPicture
    /// Its header declares more pixels than the server decodes.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The file ends before its picture does (an upload or a copy cut short).
    case cutShort(ImageSignature.Kind)
    /// The file is whole but its picture cannot be read.
    case damaged(ImageSignature.Kind)
    /// Reading it took longer than the server allows (a crafted or pathological file).
    case tooSlow(seconds: Int)

    /// The API's message: what happened to this photo, in the reader's words.
    public var message: String {
        switch self {
        case .tooManyBytes(let limit): "the photo is larger than this server's limit of \(Self.readable(bytes: limit))"
        case .notAPicture: "this file is not a picture: Kiwi takes JPEG, PNG, GIF, WebP and HEIC photos"
        case .tooManyPixels(let width, let height, let limit):
            "the picture is \(width) × \(height) pixels, larger than \(limit / 1_000_000) megapixels"
        case .cutShort(let kind): "this \(kind.name) is cut short: the end of the file is missing"
        case .damaged(let kind): "this \(kind.name) is damaged: its pixels cannot be read"
        case .tooSlow(let seconds): "this picture takes longer than \(seconds) s to read"
        }
    }

    /// The machine code beside the message, for clients to choose what to suggest.
    public var code: String {
        switch self {
        case .tooManyBytes: "photo_too_large"
        case .notAPicture: "not_a_picture"
        case .tooManyPixels: "too_many_pixels"
        case .cutShort: "truncated_image"
        case .damaged: "unreadable_image"
        case .tooSlow: "image_too_slow"
        }
    }

    /// As a page says it: what happened, then what to do about it.
    public var sentence: String {
        let advice =
            switch self {
            case .tooManyBytes: "Export it smaller and choose that."
            case .notAPicture: "Choose one of those."
            case .tooManyPixels: "Resize it first."
            case .cutShort: "Copy it again, or export it again from your photo app."
            case .damaged, .tooSlow: "Export it again as a JPEG from your photo app."
            }
        return "\(message.prefix(1).uppercased())\(message.dropFirst()). \(advice)"
    }

    /// A size as people read it: "10 MB".
    public static func readable(bytes: Int) -> String {
        bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MB" : String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
