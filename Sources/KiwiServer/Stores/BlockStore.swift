import Foundation

/// Blocks and mutes. A block ends both follows between the two and withdraws their
/// notifications of each other, in its own transaction; a mute only records itself.
protocol BlockStore: Sendable {
    /// What the block ended; nil when it stood already. Throws `noSuchUser` for nobody by that name.
    func block(_ blocked: String, by blocker: String) async throws -> Blocking?
    /// Whether there was a block to lift.
    func unblock(_ blocked: String, by blocker: String) async throws -> Bool
    /// Mutes until `until` (nil: until unmuted); muting again sets the end anew. Throws `noSuchUser`.
    func mute(_ muted: String, by muter: String, until: Date?) async throws
    func unmute(_ muted: String, by muter: String) async throws -> Bool
    /// Whom the member blocked, most recent first.
    func blocks(by member: String) async throws -> [KeptAwayMember]
    /// Whom the member mutes now (ended mutes left out), most recent first.
    func mutes(by member: String, at now: Date) async throws -> [KeptAwayMember]
    func keptAway(for member: String) async throws -> KiwiKeptAway
}
