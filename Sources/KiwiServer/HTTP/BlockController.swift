import Foundation
import Hummingbird
import KiwiWire

/// Blocks and mutes (our extension): `POST|DELETE /users/<u>/block`, `POST|DELETE /users/<u>/mute`,
/// `GET /users/me/blocks`, `GET /users/me/mutes`; with federation on, `<u>` may be a reader elsewhere
/// (`alice@host`) to block, and `GET /users/me/blocks/remote` lists them.
struct BlockController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.group("users/:username").post("block", use: block).delete("block", use: unblock).post("mute", use: mute).delete("mute", use: unmute)
        router.get("users/me/blocks", use: blocks).get("users/me/mutes", use: mutes).get("users/me/blocks/remote", use: remoteBlocks)
    }

    @Sendable func block(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await setBlocking(true, context)
    }

    @Sendable func unblock(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await setBlocking(false, context)
    }

    /// A member here, or (federation on) a reader elsewhere named `user@host`.
    private func setBlocking(_ blocking: Bool, _ context: KiwiRequestContext) async throws -> Response {
        try await community.setBlocking(blocking, try context.username(), by: try context.requireCaller(), from: context.clientAddress)
        return KiwiJSON.response(KiwiWire.Status())
    }

    /// The readers elsewhere the caller blocked, most recent first (with federation off, nobody is
    /// known elsewhere: 404).
    @Sendable func remoteBlocks(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        guard let federation = community.federation else { throw KiwiProblem.noSuchUser }
        return KiwiJSON.response(try await federation.remoteBlocks.blocked(by: caller.username))
    }

    /// A JSON body `{"duration": seconds}` mutes for that long; none (or no body) until unmuted.
    @Sendable func mute(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let asked = try await request.decodeJSON(KiwiWire.MuteRequest.self, ifEmpty: KiwiWire.MuteRequest())
        try await community.blocks.mute(try context.username(), for: asked.duration.map(TimeInterval.init), by: caller, from: context.clientAddress)
        return KiwiJSON.response(KiwiWire.Status())
    }

    @Sendable func unmute(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await community.blocks.unmute(try context.username(), by: try context.requireCaller(), from: context.clientAddress)
        return KiwiJSON.response(KiwiWire.Status())
    }

    /// Most recent first.
    @Sendable func blocks(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let links = links(request, context)
        return KiwiJSON.response(try await community.blocks.blocks(by: try context.requireCaller()).map { KiwiWire.KeptAway($0, links: links) })
    }

    /// Those whose mute has not ended, most recent first.
    @Sendable func mutes(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let links = links(request, context)
        return KiwiJSON.response(try await community.blocks.mutes(by: try context.requireCaller()).map { KiwiWire.KeptAway($0, links: links) })
    }
}
