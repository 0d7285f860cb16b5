import Foundation
import PluginAPI

/// Whether a file ends before its picture does, by what its format says comes last: a JPEG's
/// end-of-image marker, a PNG's `IEND` chunk, a GIF's trailer, the length a WebP's RIFF header
/// declares, the boxes at a HEIC's top level. Asked only of a photo libvips could not read, to
/// tell an upload or a copy cut short from a damaged file. Bounds-checked: the bytes are a stranger's.
enum PhotoEnding {
    static func isCutShort(_ data: Data, _ kind: ImageSignature.Kind) -> Bool {
        let bytes = [UInt8](data)
        // Some writers pad a file after its last marker: its end is looked for near the end.
        let tail = bytes.suffix(64)
        switch kind {
        case .jpeg: return !contains(tail, [0xFF, 0xD9])
        case .png: return !contains(tail, Array("IEND".utf8))
        case .gif: return !tail.contains(0x3B)
        case .webp:
            guard bytes.count >= 8 else { return true }
            let declared = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            return declared + 8 > bytes.count
        case .heic: return boxesRunPastTheEnd(bytes)
        }
    }

    private static func contains(_ tail: ArraySlice<UInt8>, _ sequence: [UInt8]) -> Bool {
        let tail = Array(tail)
        guard tail.count >= sequence.count else { return false }
        return (0...tail.count - sequence.count).contains { Array(tail[$0..<$0 + sequence.count]) == sequence }
    }

    /// ISO BMFF: each box starts with its 32-bit size (1: a 64-bit size follows the type; 0: to the end).
    private static func boxesRunPastTheEnd(_ bytes: [UInt8]) -> Bool {
        func value(_ offset: Int, _ length: Int) -> Int? {
            guard offset >= 0, offset + length <= bytes.count else { return nil }
            return bytes[offset..<offset + length].reduce(0) { $0 << 8 | Int($1) }
        }
        var offset = 0
        while offset < bytes.count {
            guard var size = value(offset, 4) else { return true }
            if size == 1 {
                guard let large = value(offset + 8, 8) else { return true }
                size = large
            } else if size == 0 {
                return false
            }
            // A size too small to be a box is damage, not a missing end.
            guard size >= 8 else { return false }
            if size > bytes.count - offset { return true }
            offset += size
        }
        return false
    }
}
