/// Who follows whom. A follow writes the notification it is told to in the same transaction; an
/// unfollow withdraws it.
protocol FollowStore: Sendable {
    /// Following twice is once (and tells nobody again); throws `noSuchUser` for nobody by that
    /// name. Answers whether anything changed.
    func follow(_ followee: String, by follower: String, notifying recipient: String?) async throws -> (changed: Bool, notices: Notices)
    func unfollow(_ followee: String, by follower: String) async throws -> (changed: Bool, notices: Notices)
    /// A member's people one way round, most recent first, keyed by the follow's number; throws
    /// `noSuchUser` for nobody by that name.
    func people(_ direction: FollowDirection, of username: String, window: ListWindow) async throws -> [FollowEntry]
    func followCounts(of username: String) async throws -> (followers: Int, following: Int)
    func isFollowing(_ followee: String, by follower: String) async throws -> Bool
}

/// Which way round a member's people are listed: who follows them, or whom they follow.
enum FollowDirection: Sendable {
    case followers, following

    /// The column of `following` that names the member, and the one that names each person listed.
    var columns: (member: String, person: String) {
        switch self {
        case .followers: ("followee", "follower")
        case .following: ("follower", "followee")
        }
    }
}

/// A member in a list of followers or following, and the follow's own number: the list's key.
struct FollowEntry: Sendable, Equatable {
    var member: KiwiUser
    var key: Int64
}
