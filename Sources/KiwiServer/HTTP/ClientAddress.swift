import HTTPTypes
import KiwiServerSettings
import NIOCore

/// Who is asking, by address, for the rate limits: the connection's peer, or behind a proxy named
/// by `--trusted-proxy` the nearest address in `X-Forwarded-For` that is not a trusted proxy's
/// (anything further left the client could have written itself). Worked out only when a write
/// asks: a read that is never limited pays nothing for it.
struct ClientAddress: Sendable {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    let headers: HTTPFields
    let trustedProxies: [AddressRange]

    /// The address, given the connection's peer (asked of the channel only now: it takes a lock).
    func resolved(peer: SocketAddress?) -> String? {
        Self.address(peer: peer?.ipAddress, forwarded: headers[values: Self.forwardedFor], trusting: trustedProxies)
    }

    static func address(peer: String?, forwarded: [String], trusting proxies: [AddressRange]) -> String? {
        guard var address = peer else { return nil }
        let hops = forwarded.flatMap { $0.split(separator: ",") }.map { $0.trimmed }
        for hop in hops.reversed() {
            guard proxies.contains(where: { $0.contains(address) }), !hop.isEmpty else { break }
            address = String(hop)
        }
        return address
    }
}
