import Foundation

extension MemoryKiwiDatabase: FederationStore {
    func actorKey(of owner: String) -> String? { actorKeys[owner] }

    func keepActorKey(_ key: String, of owner: String) -> String {
        if let kept = actorKeys[owner] { return kept }
        actorKeys[owner] = key
        return key
    }

    /// Whether deliveries that `owner`'s key signs are still queued (a fan-out to their followers
    /// signs nothing itself).
    func signsDeliveries(_ owner: String) -> Bool {
        deliveries.values.contains { $0.delivery.outgoing.signer == owner && $0.delivery.outgoing.inbox != Deliveries.followers }
    }

    func usage(activeSince month: Date, _ halfYear: Date) -> KiwiUsage {
        // What readers elsewhere sent is theirs, not the community's.
        let localPosts = posts.values.filter { $0.remoteID == nil }.map(\.post)
        let localComments = comments.values.filter { commentNotes[$0.id] == nil }
        let acts = localPosts.map { ($0.owner.username, $0.createdAt) } + localComments.map { ($0.owner.username, $0.createdAt) }
        func active(since start: Date) -> Int { Set(acts.filter { $0.1 >= start }.map(\.0)).count }
        return KiwiUsage(
            members: members.values.filter { !$0.pending && $0.actor == nil }.count,
            activeMonth: active(since: month),
            activeHalfYear: active(since: halfYear),
            posts: localPosts.count,
            comments: localComments.count
        )
    }

    func postCount(by author: String) -> Int { posts.values.filter { $0.post.owner.username == author }.count }

    func keepRemoteFollower(_ follower: RemoteFollower, of member: String) {
        remoteFollowers[member, default: []].keep(follower, as: \.actor)
    }

    func dropRemoteFollower(_ actor: String, of member: String?, followID: String?) -> Bool {
        var dropped = false
        for (name, followers) in remoteFollowers {
            let kept = followers.filter { $0.actor != actor || (name != member && $0.followID != followID) }
            dropped = dropped || kept.count < followers.count
            remoteFollowers[name] = kept
        }
        return dropped
    }

    func remoteFollowerCount(of member: String) -> Int { remoteFollowers[member]?.count ?? 0 }

    func remoteFollowerInboxes(of member: String) -> [String] {
        Set((remoteFollowers[member] ?? []).map(\.inbox)).sorted()
    }

    func remoteFollowers(of member: String) -> [RemoteFollower] { remoteFollowers[member] ?? [] }

    func keepRemoteFollowing(_ following: RemoteFollowing, of member: String) {
        remoteFollowing[member, default: []].keep(following, as: \.actor)
    }

    func settleRemoteFollowing(_ followID: String, by actor: String, accepted: Bool) -> Bool {
        for (member, followings) in remoteFollowing {
            guard let index = followings.firstIndex(where: { $0.actor == actor && $0.followID == followID }) else { continue }
            if accepted { remoteFollowing[member]?[index].accepted = true } else { remoteFollowing[member]?.remove(at: index) }
            return true
        }
        return false
    }

    func dropRemoteFollowing(_ handle: String, of member: String) -> RemoteFollowing? {
        guard let index = remoteFollowing[member]?.firstIndex(where: { $0.handle == handle }) else { return nil }
        return remoteFollowing[member]?.remove(at: index)
    }

    func remoteFollowing(of member: String) -> [RemoteFollowing] { remoteFollowing[member] ?? [] }

    func forgetRemoteActor(_ actor: String) {
        for member in remoteFollowers.keys { remoteFollowers[member]?.removeAll { $0.actor == actor } }
        for member in remoteFollowing.keys { remoteFollowing[member]?.removeAll { $0.actor == actor } }
        for member in remoteBlocks.keys { remoteBlocks[member]?.removeAll { $0.actor == actor } }
    }

    func keepRemoteAuthor(_ actor: RemoteActor) -> String {
        if let kept = remoteAuthor(actor.id) {
            members[kept]?.user.fullName = actor.name
            return kept
        }
        let user = KiwiUser(username: actor.handle, fullName: actor.name, email: nil, avatar: nil, createdAt: Date())
        members[actor.handle] = Member(user: user, passwordHash: "", actor: actor.id)
        return actor.handle
    }

    func remoteAuthor(_ actor: String) -> String? { members.first { $0.value.actor == actor }?.key }

    func remoteAuthors() -> [(handle: String, actor: String)] {
        members.compactMap { handle, member in member.actor.map { (handle, $0) } }
    }

    func keptNote(_ id: String) -> KeptNote? {
        if let post = posts.values.first(where: { $0.remoteID == id }) {
            return KeptNote(post: post.post.id, comment: nil, owner: post.post.owner.username)
        }
        guard let comment = commentNotes.first(where: { $0.value == id }).flatMap({ comments[$0.key] }) else { return nil }
        return KeptNote(post: comment.postID, comment: comment.id, owner: comment.owner.username)
    }

    func followersHere(ofAuthor handle: String) -> [String] {
        guard let actor = members[handle]?.actor else { return [] }
        return remoteFollowing.compactMap { member, follows in follows.contains { $0.actor == actor && $0.accepted } ? member : nil }
    }

    func isFollowedHere(_ actor: String) -> Bool { remoteFollowing.values.contains { $0.contains { $0.actor == actor && $0.accepted } } }

    func origin(ofPost id: Int64) -> NoteOrigin? {
        guard let post = posts[id], let note = post.remoteID, let author = members[post.post.owner.username]?.actor else { return nil }
        return NoteOrigin(note: note, author: author)
    }

    func keepRemoteBlock(_ block: RemoteBlock, of member: String) -> Bool {
        guard !(remoteBlocks[member] ?? []).contains(where: { $0.actor == block.actor && $0.byMember == block.byMember }) else { return false }
        remoteBlocks[member, default: []].insert(block, at: 0)
        remoteFollowers[member]?.removeAll { $0.actor == block.actor }
        remoteFollowing[member]?.removeAll { $0.actor == block.actor }
        return true
    }

    func dropRemoteBlock(_ actor: String, byMember: Bool, of member: String?, blockID: String?) -> RemoteBlock? {
        for (name, blocks) in remoteBlocks {
            guard
                let index = blocks.firstIndex(where: {
                    $0.actor == actor && $0.byMember == byMember && (name == member || $0.blockID == blockID)
                })
            else { continue }
            return remoteBlocks[name]?.remove(at: index)
        }
        return nil
    }

    func remoteBlocks(of member: String) -> [RemoteBlock] { remoteBlocks[member] ?? [] }

    func fanOut(_ id: Int64, to inboxes: [String]) {
        guard let entry = deliveries.removeValue(forKey: id) else { return }
        let outgoing = entry.delivery.outgoing
        queue(inboxes.map { OutgoingDelivery(inbox: $0, activityID: outgoing.activityID, signer: outgoing.signer, body: outgoing.body) })
    }

    func queue(_ outgoing: [OutgoingDelivery]) {
        let now = Date()
        var queued = Set(deliveries.values.map { [$0.delivery.outgoing.inbox, $0.delivery.outgoing.activityID] })
        for delivery in outgoing where queued.insert([delivery.inbox, delivery.activityID]).inserted {
            let id = nextID()
            deliveries[id] = (
                Delivery(id: id, outgoing: delivery, attempts: 0, queuedAt: now), max(now, failingHosts[delivery.host]?.heldUntil ?? now)
            )
        }
    }

    func claimDeliveries(dueBy now: Date, heldUntil: Date, limit: Int) -> [Delivery] {
        let due = deliveries.values.filter { $0.due <= now }.sorted { ($0.due, $0.delivery.id) < ($1.due, $1.delivery.id) }.prefix(limit)
        for entry in due { deliveries[entry.delivery.id]?.due = heldUntil }
        return due.map(\.delivery)
    }

    func finishDelivery(_ id: Int64, delivered: Bool) {
        guard let outgoing = deliveries.removeValue(forKey: id)?.delivery.outgoing else { return }
        if delivered { failingHosts[outgoing.host] = nil }
        if members[outgoing.signer] == nil, outgoing.signer != Federation.server, !signsDeliveries(outgoing.signer) {
            actorKeys[outgoing.signer] = nil
        }
    }

    func postponeDelivery(_ id: Int64, attempts: Int, due: Date, failedAt now: Date) -> Date {
        guard let entry = deliveries[id] else { return now }
        let delivery = entry.delivery
        deliveries[id] = (Delivery(id: id, outgoing: delivery.outgoing, attempts: attempts, queuedAt: delivery.queuedAt), due)
        let host = delivery.outgoing.host
        if failingHosts[host] == nil { failingHosts[host] = (since: now, heldUntil: nil) }
        return failingHosts[host]?.since ?? now
    }

    func holdHost(_ host: String, until: Date) {
        failingHosts[host]?.heldUntil = until
        for (id, entry) in deliveries where entry.delivery.outgoing.host == host { deliveries[id]?.due = max(entry.due, until) }
    }

    func blockServer(_ block: BlockedServer) {
        let kept = serverBlocks[block.host]
        serverBlocks[block.host] =
            kept.map { BlockedServer(host: $0.host, reason: block.reason, blockedBy: $0.blockedBy, createdAt: $0.createdAt) } ?? block
        let covered = { (host: String) in host == block.host || host.hasSuffix(".\(block.host)") }
        for member in remoteFollowers.keys { remoteFollowers[member]?.removeAll { covered($0.host) } }
        for member in remoteFollowing.keys { remoteFollowing[member]?.removeAll { covered($0.host) } }
        deliveries = deliveries.filter { !covered($0.value.delivery.outgoing.host) }
        log(.blockServer, of: block.host, by: block.blockedBy, reason: block.reason, at: block.createdAt)
    }

    func unblockServer(_ host: String, by admin: String, reason: String?) -> Bool {
        guard serverBlocks.removeValue(forKey: host) != nil else { return false }
        log(.unblockServer, of: host, by: admin, reason: reason, at: Date())
        return true
    }

    private func log(_ action: KiwiModerationAction, of host: String, by admin: String, reason: String?, at date: Date) {
        moderationLog.append(
            KiwiAuditEntry(id: nextID(), moderator: admin, action: action, account: host, report: nil, reason: reason, createdAt: date)
        )
    }

    func blockedServers() -> [BlockedServer] {
        serverBlocks.values.sorted { ($1.createdAt, $0.host) < ($0.createdAt, $1.host) }
    }

    func isBlocked(anyOf hosts: [String]) -> Bool { hosts.contains { serverBlocks[$0] != nil } }
}

extension Array {
    /// Keeps `element` in place of the one with its `key`, or first when there is none (the most recent first).
    fileprivate mutating func keep<Key: Equatable>(_ element: Element, as key: KeyPath<Element, Key>) {
        if let index = firstIndex(where: { $0[keyPath: key] == element[keyPath: key] }) {
            self[index] = element
        } else {
            insert(element, at: 0)
        }
    }
}
