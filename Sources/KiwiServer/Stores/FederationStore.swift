import Foundation

/// What federation keeps: each actor's signing key (a member's, or the server's own), the readers
/// on other servers who follow members and whom members follow there, the activities still to deliver, and the counts NodeInfo
/// tells other servers.
protocol FederationStore: Sendable {
    /// The actor's RSA private key (PEM); nil when none has been made yet.
    func actorKey(of owner: String) async throws -> String?
    /// Keeps `key` for the actor unless it has one (another server of the community made it
    /// first), and answers the one kept: every server signs with the same key.
    func keepActorKey(_ key: String, of owner: String) async throws -> String
    /// Members, posts and comments, and the members who posted or commented since each date.
    func usage(activeSince month: Date, _ halfYear: Date) async throws -> KiwiUsage
    func postCount(by author: String) async throws -> Int

    /// Keeps (or renews) a remote reader's follow of `member`.
    func keepRemoteFollower(_ follower: RemoteFollower, of member: String) async throws
    /// Ends the follow by `actor` of `member`, or the one `followID` names; whether there was one.
    func dropRemoteFollower(_ actor: String, of member: String?, followID: String?) async throws -> Bool
    func remoteFollowerCount(of member: String) async throws -> Int
    /// Where `member`'s followers elsewhere take deliveries, each inbox once.
    func remoteFollowerInboxes(of member: String) async throws -> [String]
    /// `member`'s followers elsewhere, the most recent first.
    func remoteFollowers(of member: String) async throws -> [RemoteFollower]

    /// Keeps `member`'s follow of a reader elsewhere (a follow asked again is asked anew: pending,
    /// under its new id).
    func keepRemoteFollowing(_ following: RemoteFollowing, of member: String) async throws
    /// The answer of `actor`'s server to the follow `followID`: kept as accepted, or (rejected)
    /// ended; whether there was one.
    func settleRemoteFollowing(_ followID: String, by actor: String, accepted: Bool) async throws -> Bool
    /// Ends `member`'s follow of `handle`, answering it; nil when there was none.
    func dropRemoteFollowing(_ handle: String, of member: String) async throws -> RemoteFollowing?
    /// Whom `member` follows elsewhere, the most recent first.
    func remoteFollowing(of member: String) async throws -> [RemoteFollowing]
    /// Ends every follow and block with the reader `actor`, both ways (their account is gone).
    func forgetRemoteActor(_ actor: String) async throws

    /// Keeps a reader elsewhere as the author of what they send here (posts, comments, likes): a
    /// row beside the members' under their handle, which nobody logs in as and no list of members
    /// shows, its name as their actor now says; answers the handle it is kept under (the first).
    func keepRemoteAuthor(_ actor: RemoteActor) async throws -> String
    /// The handle the reader `actor` is kept under; nil when nothing of theirs is kept.
    func remoteAuthor(_ actor: String) async throws -> String?
    /// Every reader elsewhere kept as an author: their handle and actor.
    func remoteAuthors() async throws -> [(handle: String, actor: String)]
    /// The post or comment a note from elsewhere became, by the note's id.
    func keptNote(_ id: String) async throws -> KeptNote?
    /// The members who follow the reader elsewhere kept as the author `handle` (their server accepted).
    func followersHere(ofAuthor handle: String) async throws -> [String]
    /// Whether any member follows the reader `actor` (their server accepted it).
    func isFollowedHere(_ actor: String) async throws -> Bool
    /// Where the post came from, for a post from elsewhere; nil for a member's (or none).
    func origin(ofPost id: Int64) async throws -> NoteOrigin?

    /// Keeps a block between `member` and a reader elsewhere, and ends every follow between the
    /// two, in one transaction; false when that block stood already.
    func keepRemoteBlock(_ block: RemoteBlock, of member: String) async throws -> Bool
    /// Ends the block `actor` made of `member`, or `member` of `actor` (`byMember`), or the one
    /// `blockID` names: the one ended, nil when none.
    func dropRemoteBlock(_ actor: String, byMember: Bool, of member: String?, blockID: String?) async throws -> RemoteBlock?
    /// The blocks between `member` and readers elsewhere, both ways, the most recent first.
    func remoteBlocks(of member: String) async throws -> [RemoteBlock]

    /// Blocks a server (or changes why): in one transaction, every follow with its readers ends,
    /// nothing queued for it is sent, and the audit log says who did it and why.
    func blockServer(_ block: BlockedServer) async throws
    /// Ends a block, with its line in the audit log; false when the server was not blocked.
    func unblockServer(_ host: String, by admin: String, reason: String?) async throws -> Bool
    /// Every blocked server, the most recent first.
    func blockedServers() async throws -> [BlockedServer]
    /// Whether any of `hosts` is blocked.
    func isBlocked(anyOf hosts: [String]) async throws -> Bool

    /// Queues each delivery, unless its activity is already queued for that inbox; one to a host
    /// held (`holdHost`) is due when the hold ends.
    func queue(_ deliveries: [OutgoingDelivery]) async throws
    /// Up to `limit` deliveries due by `now`, each held until `heldUntil` so that no other server
    /// of the community sends it meanwhile.
    func claimDeliveries(dueBy now: Date, heldUntil: Date, limit: Int) async throws -> [Delivery]
    /// Replaces the delivery `id` with one of the same activity to each of `inboxes`, at once.
    func fanOut(_ id: Int64, to inboxes: [String]) async throws
    /// The delivery is done with: `delivered` (its host answered, so it is failing no more), or given
    /// up. A deleted member's key goes with the last delivery it signs (their account's `Delete`).
    func finishDelivery(_ id: Int64, delivered: Bool) async throws
    /// The delivery failed at `now`; it is tried again at `due`. Its host is kept as failing since
    /// its first failure with no delivery after it: answers since when.
    func postponeDelivery(_ id: Int64, attempts: Int, due: Date, failedAt now: Date) async throws -> Date
    /// Holds every delivery to `host` until `until`, and any queued for it before then.
    func holdHost(_ host: String, until: Date) async throws
}
