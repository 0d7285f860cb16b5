/// Who follows whom. A follow writes the notification it is told to in the same transaction; an
/// unfollow withdraws it.
protocol FollowStore: Sendable {
    /// Following twice is once (and tells nobody again); throws `noSuchUser` for nobody by that
    /// name. Answers whether anything changed.
    func follow(_ followee: String, by follower: String, notifying recipient: String?) async throws -> (changed: Bool, notices: Notices)
    func unfollow(_ followee: String, by follower: String) async throws -> (changed: Bool, notices: Notices)
    /// Most recent first; throws `noSuchUser` for nobody by that name.
    func followers(of username: String) async throws -> [KiwiUser]
    func following(of username: String) async throws -> [KiwiUser]
    func followCounts(of username: String) async throws -> (followers: Int, following: Int)
    func isFollowing(_ followee: String, by follower: String) async throws -> Bool
}
