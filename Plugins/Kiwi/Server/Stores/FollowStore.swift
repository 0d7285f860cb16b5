/// Who follows whom. A follow notifies the member followed, in the same transaction; an unfollow withdraws it.
protocol FollowStore: Sendable {
    /// Following twice is once; throws `noSuchUser` for nobody by that name.
    func follow(_ followee: String, by follower: String) async throws
    func unfollow(_ followee: String, by follower: String) async throws
    /// Most recent first; throws `noSuchUser` for nobody by that name.
    func followers(of username: String) async throws -> [KiwiUser]
    func following(of username: String) async throws -> [KiwiUser]
    func followCounts(of username: String) async throws -> (followers: Int, following: Int)
    func isFollowing(_ followee: String, by follower: String) async throws -> Bool
}
