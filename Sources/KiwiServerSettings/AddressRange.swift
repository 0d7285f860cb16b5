import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IP address or a CIDR range (`10.0.0.0/8`, `::1`): what `--trusted-proxy` names. An IPv4
/// address also matches its IPv4-mapped IPv6 form (`::ffff:10.0.0.1`), as a dual-stack socket reports it.
public struct AddressRange: Sendable, Hashable {
    private let bytes: [UInt8]
    private let prefix: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        guard let bytes = Self.bytes(parts[0]) else { return nil }
        let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
        guard let prefix, (0...bytes.count * 8).contains(prefix) else { return nil }
        (self.bytes, self.prefix) = (bytes, prefix)
    }

    /// Whether `address` (as a socket reports it) is in the range.
    public func contains(_ address: String) -> Bool {
        guard var other = Self.bytes(address) else { return false }
        if bytes.count == 4, other.count == 16, other.prefix(12).elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]) {
            other = Array(other.suffix(4))
        }
        guard other.count == bytes.count else { return false }
        let whole = prefix / 8
        guard bytes.prefix(whole).elementsEqual(other.prefix(whole)) else { return false }
        let rest = prefix % 8
        guard rest > 0 else { return true }
        let mask = UInt8(0xff) << (8 - rest)
        return bytes[whole] & mask == other[whole] & mask
    }

    /// The address's bytes: 4 for IPv4, 16 for IPv6; nil for anything else.
    private static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
