/// Who follows whom: nobody follows themselves, and a follow tells the member followed.
struct Follows: Sendable {
    let store: any FollowStore
    let writes: Writes
    let blocks: Blocks

    func follow(_ username: String, by caller: KiwiUser, from address: String?) async throws {
        guard username != caller.username else { throw KiwiProblem.invalid("you cannot follow yourself") }
        try await writes.limits.spend(.follows, account: caller.username, address: address)
        try await blocks.refuseAcross(caller.username, username)
        let (changed, notices) = try await store.follow(username, by: caller.username, notifying: username)
        tell(caller.username, username, following: true, changed: changed, notices)
    }

    func unfollow(_ username: String, by caller: KiwiUser, from address: String?) async throws {
        try await writes.limits.spend(.follows, account: caller.username, address: address)
        let (changed, notices) = try await store.unfollow(username, by: caller.username)
        tell(caller.username, username, following: false, changed: changed, notices)
    }

    /// Ends `username`'s follow of the caller, and theirs alone (no block): nobody is told, as an
    /// unfollow tells nobody. Nobody by that name, or nobody who follows, is refused.
    func removeFollower(_ username: String, by caller: KiwiUser, from address: String?) async throws {
        try await writes.limits.spend(.follows, account: caller.username, address: address)
        let (changed, notices) = try await store.unfollow(caller.username, by: username)
        guard changed else {
            // Nobody by that name is said as such (their counts are asked only to find out).
            _ = try await store.followCounts(of: username)
            throw KiwiProblem.notAFollower
        }
        tell(username, caller.username, following: false, changed: changed, notices)
    }

    /// Tells the community of a follow or an unfollow that changed something.
    private func tell(_ follower: String, _ followee: String, following: Bool, changed: Bool, _ notices: Notices) {
        guard changed else { return }
        writes.changes.published(.follow(follower: follower, followee: followee, following: following))
        writes.changes.published(notices, to: followee)
    }

    /// Most recent first.
    func people(_ direction: FollowDirection, of username: String, _ window: ListWindow) async throws -> [FollowEntry] {
        try await store.people(direction, of: username, window: window)
    }

    func counts(of username: String) async throws -> (followers: Int, following: Int) {
        try await store.followCounts(of: username)
    }

    /// Whether `reader` follows `username`; nil when there is nobody to ask about (a guest, or themselves).
    func follows(_ username: String, reader: String?) async throws -> Bool? {
        guard let reader, reader != username else { return nil }
        return try await store.isFollowing(username, by: reader)
    }
}
