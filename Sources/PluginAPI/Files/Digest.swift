import Crypto
import Foundation

/// SHA-256 as lowercase hex: cache keys, cache-entry checks, stored session tokens.
public enum Digest {
    /// The text's UTF-8 bytes hashed (as an array: `Data(text.utf8)` costs a runtime type lookup).
    public static func sha256(_ text: String) -> String { sha256(Array(text.utf8)) }

    /// Bytes in hand (a server's answer being tagged), without a generic call's runtime lookups.
    public static func sha256(_ bytes: UnsafeRawBufferPointer) -> String { hex(SHA256.hash(data: bytes)) }

    public static func sha256<Bytes: DataProtocol>(_ bytes: Bytes) -> String { hex(SHA256.hash(data: bytes)) }

    /// Any digest or MAC as lowercase hex (an HMAC's, for a request signature).
    public static func hex(_ digest: some ContiguousBytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        // Through its bytes: iterating the digest itself costs a runtime type lookup.
        digest.withUnsafeBytes { digest in
            for byte in digest {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
