/// Who follows whom. A follow writes the notification it is told to in the same transaction; an
/// unfollow withdraws it.
protocol FollowStore: Sendable {
    /// Following twice is once (and tells nobody again); throws `noSuchUser` for nobody by that
    /// name. Answers whether anything changed.
    func follow(_ followee: String, by follower: String, notifying recipient: String?) async throws -> (changed: Bool, notices: Notices)
    func unfollow(_ followee: String, by follower: String) async throws -> (changed: Bool, notices: Notices)
    /// Most recent first, keyed by the follow's number; throws `noSuchUser` for nobody by that name.
    func followers(of username: String, window: ListWindow) async throws -> [FollowEntry]
    func following(of username: String, window: ListWindow) async throws -> [FollowEntry]
    func followCounts(of username: String) async throws -> (followers: Int, following: Int)
    func isFollowing(_ followee: String, by follower: String) async throws -> Bool
}

/// A member in a list of followers or following, and the follow's own number: the list's key.
struct FollowEntry: Sendable, Equatable {
    var member: KiwiUser
    var key: Int64
}
