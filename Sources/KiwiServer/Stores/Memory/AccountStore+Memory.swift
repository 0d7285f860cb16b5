import Foundation
import KiwiServerSettings

extension MemoryKiwiDatabase: AccountStore {
    func createUser(_ user: KiwiUser, passwordHash: String, pending: Bool, keeping: AnswerToKeep<KiwiUser>?) throws {
        let name = user.username.lowercased()
        guard !members.keys.contains(where: { $0.lowercased() == name }), heldNames[name].map({ $0 <= Date() }) ?? true else {
            throw KiwiProblem.usernameTaken
        }
        try keep(keeping, user)
        members[user.username] = Member(user: user, passwordHash: passwordHash, pending: pending)
    }

    func pendingMembers() -> [KiwiUser] {
        members.values.filter(\.pending).map(\.user).sorted { ($0.createdAt, $0.username) < ($1.createdAt, $1.username) }
    }

    func decide(_ username: String, approved: Bool) -> Bool {
        guard members[username]?.pending == true else { return false }
        members[username]?.pending = false
        if !approved { members[username] = nil }
        return true
    }

    func user(_ username: String) -> KiwiUser? { members[username]?.user }

    func admittedUser(_ username: String) -> KiwiUser? { members[username].flatMap { $0.pending || $0.actor != nil ? nil : $0.user } }

    func role(of username: String) -> KiwiRole? { members[username]?.role }

    func setRole(_ role: KiwiRole, of username: String) -> Bool {
        guard members[username] != nil else { return false }
        members[username]?.role = role
        return true
    }

    func count(holding role: KiwiRole) -> Int { members.values.count { $0.role == role } }

    func credentials(of username: String) -> (user: KiwiUser, passwordHash: String, pending: Bool)? {
        members[username].flatMap { $0.actor == nil ? ($0.user, $0.passwordHash, $0.pending) : nil }
    }

    func updateUser(_ username: String, fullName: String?, email: String?) throws -> KiwiUser {
        guard var member = members[username] else { throw KiwiProblem.noSuchUser }
        if let fullName { member.user.fullName = fullName }
        if let email { member.user.email = email }
        members[username] = member
        return member.user
    }

    func setAvatar(_ username: String, image: PostImage) throws -> (user: KiwiUser, replaced: String?) {
        guard var member = members[username] else { throw KiwiProblem.noSuchUser }
        let replaced = member.user.avatar
        if let replaced { images[replaced] = nil }
        if case .stored(let stored) = image { images[stored.name] = stored }
        member.user.avatar = image.name
        members[username] = member
        return (member.user, replaced)
    }

    func deleteAccount(_ username: String, holdingNameUntil heldUntil: Date, keepingKey: Bool) -> [String]? {
        guard let member = members.removeValue(forKey: username) else { return nil }
        let theirs = posts.values.filter { $0.post.owner.username == username }.map(\.post)
        let photos = theirs.map(\.image) + [member.user.avatar].compactMap { $0 }
        for post in theirs { posts[post.id] = nil }
        for name in photos { images[name] = nil }
        for id in Array(posts.keys) where posts[id]?.likers.removeValue(forKey: username) != nil { posts[id]?.post.likes -= 1 }
        for comment in comments.values where comment.owner.username == username || posts[comment.postID] == nil {
            comments[comment.id] = nil
            posts[comment.postID]?.post.commentCount -= 1
        }
        _ = withdraw { $0.recipient == username || $0.actor.username == username || ($0.post.map { posts[$0.id] == nil } ?? false) }
        follows.removeAll { $0.follower == username || $0.followee == username }
        blocks.removeAll { $0.by == username || $0.of == username }
        mutes.removeAll { $0.by == username || $0.of == username }
        readings = readings.filter { $0.value.reader != username }
        sessions = sessions.filter { $0.value != username }
        if !keepingKey { actorKeys[username] = nil }
        remoteFollowers[username] = nil
        remoteFollowing[username] = nil
        remoteBlocks[username] = nil
        answers = answers.filter { !$0.key.hasPrefix(Self.answerKey(username, "")) }
        for index in reports.indices where reports[index].account == username {
            reports[index].content = KiwiReportedContent()
            reportPhotos = reportPhotos.filter { $0.key.report != reports[index].id }
        }
        heldNames[username.lowercased()] = heldUntil
        return photos
    }

    func createSession(tokenHash: String, username: String) { sessions[tokenHash] = username }

    func sessionUser(tokenHash: String) -> KiwiUser? { sessions[tokenHash].flatMap { members[$0]?.user } }

    func deleteSession(tokenHash: String) {
        sessions[tokenHash] = nil
    }

}
