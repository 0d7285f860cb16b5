import Foundation
import KiwiWire

/// Members following readers on other servers (`POST /users/alice@bookwyrm.example/follow`): the
/// reader found through WebFinger, a `Follow` sent from the member, kept pending until the
/// reader's server answers with an `Accept` (or a `Reject`, which ends it); an unfollow sends an
/// `Undo` of it.
struct RemoteFollows: Sendable {
    let base: String
    let remoteActors: RemoteActors
    let store: any FederationStore
    let deliveries: Deliveries
    let serverBlocks: ServerBlocks
    let limits: RateLimits

    func follow(_ handle: RemoteHandle, by caller: KiwiUser, from address: String?) async throws {
        try await limits.spend(.follows, account: caller.username, address: address)
        let reader = try await reader(handle)
        if let apart = try await RemoteBlocks(follows: self).between(caller.username, reader.id, handle: handle.description) { throw apart }
        // Following twice is fine: an accepted follow stands (a pending one is asked again, in
        // case their server missed it).
        if try await store.remoteFollowing(of: caller.username).contains(where: { $0.actor == reader.id && $0.accepted }) { return }
        let member = Federation.actorID(caller.username, base: base)
        let follow = KiwiWire.ActorActivity(
            id: "\(member)#follows/\(UUID().uuidString.lowercased())",
            actor: member,
            object: reader.id,
            sentOnItsOwn: true
        )
        let following = RemoteFollowing(actor: reader.id, handle: handle.description, inbox: reader.inbox, followID: follow.id)
        try await store.keepRemoteFollowing(following, of: caller.username)
        try await deliveries.queue([
            OutgoingDelivery(inbox: reader.inbox, activityID: follow.id, signer: caller.username, body: Data(buffer: KiwiJSON.body(follow)))
        ])
    }

    /// Unfollowing someone not followed is fine, as it is here.
    func unfollow(_ handle: RemoteHandle, by caller: KiwiUser, from address: String?) async throws {
        try await limits.spend(.follows, account: caller.username, address: address)
        guard let ended = try await store.dropRemoteFollowing(handle.description, of: caller.username) else { return }
        let member = Federation.actorID(caller.username, base: base)
        let undo = KiwiWire.AboutActivity(
            "Undo",
            id: "\(ended.followID)/undo",
            actor: member,
            object: KiwiWire.ActorActivity(id: ended.followID, actor: member, object: ended.actor)
        )
        try await deliveries.queue([
            OutgoingDelivery(inbox: ended.inbox, activityID: undo.id, signer: caller.username, body: Data(buffer: KiwiJSON.body(undo)))
        ])
    }

    /// Whom `username` follows elsewhere, and who follows them from elsewhere; the most recent first.
    func following(of username: String) async throws -> [KiwiWire.RemoteReader] {
        try await store.remoteFollowing(of: username).map { KiwiWire.RemoteReader(handle: $0.handle, actor: $0.actor, pending: !$0.accepted) }
    }

    func followers(of username: String) async throws -> [KiwiWire.RemoteReader] {
        try await store.remoteFollowers(of: username).map {
            KiwiWire.RemoteReader(handle: $0.handle ?? RemoteHandle.named(by: $0.actor), actor: $0.actor)
        }
    }

    /// The reader a handle names (their profile page shows them); a blocked server is refused
    /// before it is asked anything.
    func reader(_ handle: RemoteHandle) async throws -> RemoteActor {
        try await refuseBlocked("https://\(handle.host)/")
        let reader = try await found(handle)
        // WebFinger on a domain may name an actor on another host, which a block may cover.
        try await refuseBlocked(reader.id)
        return reader
    }

    private func refuseBlocked(_ url: String) async throws {
        if try await serverBlocks.blocks(url) { throw KiwiProblem.serverBlocked(BlockedServer.host(of: url)) }
    }

    /// The reader's actor; nobody there is `noSuchUser`, a server that cannot answer says why.
    private func found(_ handle: RemoteHandle) async throws -> RemoteActor {
        do {
            return try await remoteActors.actor(named: handle)
        } catch FederationClient.Failure.status(let status, _) where status == 404 || status == 410 {
            throw KiwiProblem.noSuchUser
        } catch let failure as FederationClient.Failure {
            throw KiwiProblem.remoteServerFailed(failure.description)
        } catch {
            throw KiwiProblem.remoteServerFailed("\(handle.host) cannot be reached")
        }
    }
}
