import Foundation

/// Recognises an image by its first bytes, never by its name.
public enum ImageSignature {
    public enum Kind: String, Sendable, CaseIterable {
        case jpeg, png, gif, webp, heic

        public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
        public var mimeType: String { "image/\(rawValue)" }
        /// As people write it: "JPEG", "WebP".
        public var name: String { self == .webp ? "WebP" : rawValue.uppercased() }
    }

    public static func kind(of data: Data) -> Kind? {
        let bytes = [UInt8](data.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12,
            ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].contains(String(decoding: bytes[8..<12], as: UTF8.self))
        {
            return .heic
        }
        return nil
    }
}
