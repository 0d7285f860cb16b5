import Foundation

extension MemoryKiwiDatabase: FollowStore {
    func follow(_ followee: String, by follower: String, notifying recipient: String?) throws -> (changed: Bool, notices: Notices) {
        guard members[followee] != nil else { throw KiwiProblem.noSuchUser }
        guard !follows.contains(where: { $0.follower == follower && $0.followee == followee }) else { return (false, Notices()) }
        follows.append(Follow(follower: follower, followee: followee, createdAt: Date(), number: nextID()))
        return (true, Notices(told: recipient.map { notify($0, .follow, by: follower) }))
    }

    func unfollow(_ followee: String, by follower: String) throws -> (changed: Bool, notices: Notices) {
        guard members[followee] != nil else { throw KiwiProblem.noSuchUser }
        guard follows.contains(where: { $0.follower == follower && $0.followee == followee }) else { return (false, Notices()) }
        follows.removeAll { $0.follower == follower && $0.followee == followee }
        return (true, Notices(withdrawn: withdraw { $0.kind == .follow && $0.recipient == followee && $0.actor.username == follower }))
    }

    func people(_ direction: FollowDirection, of username: String, window: ListWindow) throws -> [FollowEntry] {
        guard members[username] != nil else { throw KiwiProblem.noSuchUser }
        let whose: KeyPath<Follow, String> = direction == .followers ? \.followee : \.follower
        let who: KeyPath<Follow, String> = direction == .followers ? \.follower : \.followee
        let chosen = follows.filter { $0[keyPath: whose] == username }
        return window.cut(chosen, key: \.number, time: \.createdAt.timeIntervalSince1970, newestFirst: true).compactMap { follow in
            members[follow[keyPath: who]].map { FollowEntry(member: $0.user, key: follow.number) }
        }
    }

    func followCounts(of username: String) throws -> (followers: Int, following: Int) {
        guard members[username] != nil else { throw KiwiProblem.noSuchUser }
        return (follows.count { $0.followee == username }, follows.count { $0.follower == username })
    }

    func isFollowing(_ followee: String, by follower: String) -> Bool {
        follows.contains { $0.follower == follower && $0.followee == followee }
    }
}
