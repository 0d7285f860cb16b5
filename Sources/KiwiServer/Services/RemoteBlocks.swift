import Foundation
import KiwiWire

/// Blocks between members and readers on other servers, as Mastodon keeps them. A member's block
/// (`POST /users/alice@bookwyrm.example/block`) ends every follow between the two and is sent to
/// the reader as a `Block`, on which their server ends its side; unblocking sends its `Undo`. A
/// reader elsewhere who blocks a member is kept the same way. While either stands, the member's
/// follow of them is refused; while the member's stands, theirs is answered with a `Reject`.
struct RemoteBlocks: Sendable {
    let follows: RemoteFollows

    private var store: any FederationStore { follows.store }

    func block(_ handle: RemoteHandle, by caller: KiwiUser, from address: String?) async throws {
        try await follows.limits.spend(.follows, account: caller.username, address: address)
        let reader = try await follows.reader(handle)
        let member = Federation.actorID(caller.username, base: follows.base)
        let block = KiwiWire.ActorActivity(
            "Block",
            id: "\(member)#blocks/\(UUID().uuidString.lowercased())",
            actor: member,
            object: reader.id,
            sentOnItsOwn: true
        )
        let kept = RemoteBlock(actor: reader.id, handle: handle.description, inbox: reader.inbox, blockID: block.id, byMember: true)
        // Blocking twice is fine, and sends nothing again.
        guard try await store.keepRemoteBlock(kept, of: caller.username) else { return }
        try await follows.deliveries.queue([
            OutgoingDelivery(inbox: reader.inbox, activityID: block.id, signer: caller.username, body: Data(buffer: KiwiJSON.body(block)))
        ])
    }

    /// Asks nothing of their server: what the block is undone for was kept with it.
    func unblock(_ handle: RemoteHandle, by caller: KiwiUser, from address: String?) async throws {
        try await follows.limits.spend(.follows, account: caller.username, address: address)
        guard let kept = try await store.remoteBlocks(of: caller.username).first(where: { $0.byMember && $0.handle == handle.description }),
            let ended = try await store.dropRemoteBlock(kept.actor, byMember: true, of: caller.username, blockID: nil)
        else { throw KiwiProblem.notKeptAway("you have not blocked \(handle)") }
        let member = Federation.actorID(caller.username, base: follows.base)
        let undo = KiwiWire.AboutActivity(
            "Undo",
            id: "\(ended.blockID)/undo",
            actor: member,
            object: KiwiWire.ActorActivity("Block", id: ended.blockID, actor: member, object: ended.actor)
        )
        try await follows.deliveries.queue([
            OutgoingDelivery(inbox: ended.inbox, activityID: undo.id, signer: caller.username, body: Data(buffer: KiwiJSON.body(undo)))
        ])
    }

    /// Readers elsewhere whom `username` blocked, the most recent first.
    func blocked(by username: String) async throws -> [KiwiWire.RemoteReader] {
        try await store.remoteBlocks(of: username).filter(\.byMember).map { KiwiWire.RemoteReader(handle: $0.handle, actor: $0.actor) }
    }

    /// Whether `member` blocks the reader `actor`.
    func blocks(_ member: String, _ actor: String) async throws -> Bool {
        try await store.remoteBlocks(of: member).contains { $0.byMember && $0.actor == actor }
    }

    /// Which way a block stands between `member` and the reader `actor` (`youBlocked`, `blockedYou`), if one does.
    func between(_ member: String, _ actor: String, handle: String) async throws -> KiwiProblem? {
        let blocks = try await store.remoteBlocks(of: member).filter { $0.actor == actor }
        if blocks.contains(where: \.byMember) { return .youBlocked(handle) }
        return blocks.isEmpty ? nil : .blockedYou(handle)
    }

    /// The reader `blocker` blocks `member` (their `Block`, `blockID`): kept, and every follow between them ends.
    func blocked(_ member: String, by blocker: RemoteActor, blockID: String) async throws {
        let block = RemoteBlock(actor: blocker.id, handle: blocker.handle, inbox: "", blockID: blockID, byMember: false)
        _ = try await store.keepRemoteBlock(block, of: member)
    }

    /// Their `Undo` of a `Block`, naming the member blocked or only the block's id.
    func unblocked(_ member: String?, by actor: String, blockID: String?) async throws {
        _ = try await store.dropRemoteBlock(actor, byMember: false, of: member, blockID: blockID)
    }
}
