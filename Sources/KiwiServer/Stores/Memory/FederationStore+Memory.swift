import Foundation

extension MemoryKiwiDatabase: FederationStore {
    func actorKey(of owner: String) -> String? { actorKeys[owner] }

    func keepActorKey(_ key: String, of owner: String) -> String {
        if let kept = actorKeys[owner] { return kept }
        actorKeys[owner] = key
        return key
    }

    func usage(activeSince month: Date, _ halfYear: Date) -> KiwiUsage {
        let acts = posts.values.map { ($0.post.owner.username, $0.post.createdAt) } + comments.values.map { ($0.owner.username, $0.createdAt) }
        func active(since start: Date) -> Int { Set(acts.filter { $0.1 >= start }.map(\.0)).count }
        return KiwiUsage(
            members: members.values.filter { !$0.pending }.count,
            activeMonth: active(since: month),
            activeHalfYear: active(since: halfYear),
            posts: posts.count,
            comments: comments.count
        )
    }

    func postCount(by author: String) -> Int { posts.values.filter { $0.post.owner.username == author }.count }
}
