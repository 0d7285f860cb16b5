/// Who follows whom.
struct Follows: Sendable {
    let store: any FollowStore

    func follow(_ username: String, by caller: KiwiUser) async throws {
        guard username != caller.username else { throw KiwiProblem.invalid("you cannot follow yourself") }
        try await store.follow(username, by: caller.username)
    }

    func unfollow(_ username: String, by caller: KiwiUser) async throws {
        try await store.unfollow(username, by: caller.username)
    }

    /// Most recent first.
    func followers(of username: String) async throws -> [KiwiUser] {
        try await store.followers(of: username)
    }

    func following(of username: String) async throws -> [KiwiUser] {
        try await store.following(of: username)
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
