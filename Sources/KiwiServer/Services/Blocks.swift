import Foundation

/// Blocks and mutes with the community's rules. Nobody blocks or mutes themselves. A block ends
/// both follows between the two and stands between them both ways: neither sees what the other
/// writes or does, and neither may follow, like or comment on the other (`refuseAcross`). A mute
/// hides the muted member from the muter's lists and notifications alone, and may end by itself;
/// the muted member is not told. What each member keeps away is kept in memory while true, and
/// every server drops it when either member's block or mute changes (`KiwiChange.keptAway`).
final class Blocks: Sendable {
    typealias Store = BlockStore & AccountStore
    let store: any Store
    let writes: Writes
    let kept: KiwiCache<String, KiwiKeptAway>

    init(store: any Store, writes: Writes, kept: KiwiCache<String, KiwiKeptAway>) {
        self.store = store
        self.writes = writes
        self.kept = kept
    }

    @Sendable static func staleKeptAway(_ change: KiwiChange) -> KiwiCache<String, KiwiKeptAway>.Stale? {
        guard case .keptAway(let actor, let subject) = change else { return nil }
        return .matching { member, _ in member == actor || member == subject }
    }

    /// What `viewer`'s reads leave out; nothing for a guest.
    func keptAway(for viewer: String?) async throws -> KiwiKeptAway {
        guard let viewer else { return .nobody }
        return try await kept.value(for: viewer) { try await store.keptAway(for: viewer) }
    }

    /// Whose notifications `member`'s unread count leaves out: those they mute now, and the
    /// `suspended` (whose doings nobody hears of while they are).
    func unheard(by member: String, suspended: Set<String>) async throws -> [String] {
        let kept = try await keptAway(for: member)
        let now = Date()
        return Set(kept.muting.keys.filter { kept.mutes($0, at: now) }).union(suspended).sorted()
    }

    /// Refuses what `caller` would do to `other` (follow them, like or comment on their post) when
    /// a block stands between them, saying which way.
    func refuseAcross(_ caller: String, _ other: String) async throws {
        guard caller != other else { return }
        let kept = try await keptAway(for: caller)
        if kept.blocking.contains(other) { throw KiwiProblem.youBlocked(other) }
        if kept.blockedBy.contains(other) { throw KiwiProblem.blockedYou(other) }
    }

    /// A book's standing as `viewer` sees it: its latest readers without those a block stands
    /// between them and, nor those silenced or suspended (`standings`).
    func seen(_ standing: KiwiBookStanding, by viewer: String?, standings: KiwiStandings) async throws -> KiwiBookStanding {
        let kept = try await keptAway(for: viewer)
        guard !kept.blocking.isEmpty || !kept.blockedBy.isEmpty || !standings.isEmpty else { return standing }
        var seen = standing
        seen.recentReaders.removeAll { kept.blocks($0.username) || standings.keepsOffPublicLists($0.username) }
        return seen
    }

    /// The reviews `viewer` may read: none by a member a block stands between, one they mute, or
    /// one kept off public lists (silenced or suspended).
    func seen(_ reviews: [KiwiReading], by viewer: String?, standings: KiwiStandings) async throws -> [KiwiReading] {
        let kept = try await keptAway(for: viewer)
        guard !kept.isEmpty || !standings.isEmpty else { return reviews }
        let now = Date()
        return reviews.filter { !kept.hides($0.reader, at: now) && !standings.keepsOffPublicLists($0.reader) }
    }

    func block(_ name: String, by caller: KiwiUser, from address: String?) async throws {
        guard name != caller.username else { throw KiwiProblem.invalid("you cannot block yourself") }
        try await writes.limits.spend(.follows, account: caller.username, address: address)
        guard let blocking = try await store.block(name, by: caller.username) else { return }
        writes.changes.published(.keptAway(actor: caller.username, subject: name))
        for follow in blocking.unfollowed {
            writes.changes.published(.follow(follower: follow.follower, followee: follow.followee, following: false))
        }
        writes.changes.published(blocking.blockerNotices, to: caller.username)
        writes.changes.published(blocking.blockedNotices, to: name)
    }

    func unblock(_ name: String, by caller: KiwiUser, from address: String?) async throws {
        try await writes.limits.spend(.follows, account: caller.username, address: address)
        guard try await store.unblock(name, by: caller.username) else { throw try await notKeptAway(name, "you have not blocked \(name)") }
        writes.changes.published(.keptAway(actor: caller.username, subject: name))
    }

    /// For `duration` seconds, or until unmuted (nil).
    func mute(_ name: String, for duration: TimeInterval?, by caller: KiwiUser, from address: String?) async throws {
        guard name != caller.username else { throw KiwiProblem.invalid("you cannot mute yourself") }
        if let duration, !(duration > 0 && duration <= KiwiLimits.longestMute) {
            throw KiwiProblem.invalid("duration must be 1 to \(Int(KiwiLimits.longestMute)) seconds, or left out to mute until unmuted")
        }
        try await writes.limits.spend(.follows, account: caller.username, address: address)
        try await store.mute(name, by: caller.username, until: duration.map { Date().addingTimeInterval($0) })
        writes.changes.published(.keptAway(actor: caller.username, subject: name))
    }

    func unmute(_ name: String, by caller: KiwiUser, from address: String?) async throws {
        try await writes.limits.spend(.follows, account: caller.username, address: address)
        guard try await store.unmute(name, by: caller.username) else { throw try await notKeptAway(name, "you do not mute \(name)") }
        writes.changes.published(.keptAway(actor: caller.username, subject: name))
    }

    func blocks(by caller: KiwiUser) async throws -> [KeptAwayMember] { try await store.blocks(by: caller.username) }

    func mutes(by caller: KiwiUser) async throws -> [KeptAwayMember] { try await store.mutes(by: caller.username, at: Date()) }

    /// Nothing to lift: said as such, or as nobody by that name.
    private func notKeptAway(_ name: String, _ why: String) async throws -> KiwiProblem {
        try await store.user(name) == nil ? KiwiProblem.noSuchUser : KiwiProblem.notKeptAway(why)
    }
}
