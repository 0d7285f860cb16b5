import Foundation

/// What federation keeps: each actor's signing key (a member's, or the server's own), and the
/// counts NodeInfo tells other servers.
protocol FederationStore: Sendable {
    /// The actor's RSA private key (PEM); nil when none has been made yet.
    func actorKey(of owner: String) async throws -> String?
    /// Keeps `key` for the actor unless it has one (another server of the community made it
    /// first), and answers the one kept: every server signs with the same key.
    func keepActorKey(_ key: String, of owner: String) async throws -> String
    /// Members, posts and comments, and the members who posted or commented since each date.
    func usage(activeSince month: Date, _ halfYear: Date) async throws -> KiwiUsage
    func postCount(by author: String) async throws -> Int
}
