import Foundation

extension MemoryKiwiDatabase: BlockStore {
    func block(_ blocked: String, by blocker: String) throws -> Blocking? {
        guard members[blocked] != nil else { throw KiwiProblem.noSuchUser }
        guard !blocks.contains(where: { $0.by == blocker && $0.of == blocked }) else { return nil }
        blocks.append(KeptAway(by: blocker, of: blocked, since: Date()))
        let between = { (follow: Follow) in
            (follow.follower == blocker && follow.followee == blocked) || (follow.follower == blocked && follow.followee == blocker)
        }
        var blocking = Blocking(unfollowed: follows.filter(between).map { (follower: $0.follower, followee: $0.followee) })
        follows.removeAll(where: between)
        blocking.blockerNotices.withdrawn = withdraw { $0.recipient == blocker && $0.actor.username == blocked }
        blocking.blockedNotices.withdrawn = withdraw { $0.recipient == blocked && $0.actor.username == blocker }
        return blocking
    }

    func unblock(_ blocked: String, by blocker: String) -> Bool {
        let before = blocks.count
        blocks.removeAll { $0.by == blocker && $0.of == blocked }
        return blocks.count != before
    }

    func mute(_ muted: String, by muter: String, until: Date?) throws {
        guard members[muted] != nil else { throw KiwiProblem.noSuchUser }
        if let index = mutes.firstIndex(where: { $0.by == muter && $0.of == muted }) {
            mutes[index].until = until
        } else {
            mutes.append(KeptAway(by: muter, of: muted, since: Date(), until: until))
        }
    }

    func unmute(_ muted: String, by muter: String) -> Bool {
        let before = mutes.count
        mutes.removeAll { $0.by == muter && $0.of == muted }
        return mutes.count != before
    }

    func blocks(by member: String) -> [KeptAwayMember] { listed(blocks.filter { $0.by == member }) }

    func mutes(by member: String, at now: Date) -> [KeptAwayMember] {
        listed(mutes.filter { $0.by == member && ($0.until.map { $0 > now } ?? true) })
    }

    func keptAway(for member: String) -> KiwiKeptAway {
        KiwiKeptAway(
            blocking: Set(blocks.filter { $0.by == member }.map(\.of)),
            blockedBy: Set(blocks.filter { $0.of == member }.map(\.by)),
            muting: Dictionary(mutes.filter { $0.by == member }.map { ($0.of, $0.until) }, uniquingKeysWith: { first, _ in first })
        )
    }

    /// Most recent first, as the stores answer.
    private func listed(_ kept: [KeptAway]) -> [KeptAwayMember] {
        kept.sorted { ($0.since, $1.of) > ($1.since, $0.of) }.compactMap { entry in
            members[entry.of].map { KeptAwayMember(member: $0.user, since: entry.since, until: entry.until) }
        }
    }
}
