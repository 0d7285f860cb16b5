import Foundation
import HTTPTypes
import Hummingbird
import KiwiServerCommands
import KiwiWire

/// Who is asking, by address, for the rate limits: the connection's peer, or behind a proxy named
/// by `--trusted-proxy` the nearest address in `X-Forwarded-For` that is not a trusted proxy's
/// (anything further left the client could have written itself).
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext
    let trustedProxies: [AddressRange]
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.clientAddress = address(peer: context.channel.remoteAddress?.ipAddress, forwarded: request.headers[values: Self.forwardedFor])
        return try await next(request, context)
    }

    func address(peer: String?, forwarded: [String]) -> String? {
        guard var address = peer else { return nil }
        let hops = forwarded.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            guard isTrusted(address), !hop.isEmpty else { break }
            address = hop
        }
        return address
    }

    private func isTrusted(_ address: String) -> Bool { trustedProxies.contains { $0.contains(address) } }
}
