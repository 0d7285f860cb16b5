import Foundation

extension MemoryKiwiDatabase: ArchiveStore {
    func archive(of username: String) -> ArchiveRecords? {
        guard let member = members[username]?.user else { return nil }
        let oldestFirst = { (a: (Date, Int64), b: (Date, Int64)) in a < b }
        let theirs = posts.values.filter { $0.post.owner.username == username }.map(\.post)
        return ArchiveRecords(
            member: member,
            posts: theirs.sorted { oldestFirst(($0.createdAt, $0.id), ($1.createdAt, $1.id)) },
            comments: comments.values.filter { $0.owner.username == username }.sorted { oldestFirst(($0.createdAt, $0.id), ($1.createdAt, $1.id)) },
            replies: comments.values.filter { $0.owner.username != username && posts[$0.postID]?.post.owner.username == username }
                .sorted { oldestFirst(($0.createdAt, $0.id), ($1.createdAt, $1.id)) },
            likes: posts.values.compactMap { stored in stored.likers[username].map { (post: stored.post.id, at: $0) } }
                .sorted { oldestFirst(($0.at, $0.post), ($1.at, $1.post)) },
            following: follows.filter { $0.follower == username }.map(\.followee),
            followers: follows.filter { $0.followee == username }.map(\.follower)
        )
    }
}
