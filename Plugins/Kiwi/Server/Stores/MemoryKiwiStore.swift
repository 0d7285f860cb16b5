import Foundation

/// A store in memory: for controller tests that need no file or server, and
/// `kiwi serve --database memory` for a throwaway community.
actor MemoryKiwiStore: KiwiStore {
    nonisolated let hasOtherWriters = false

    /// Memory always answers.
    nonisolated func check() async throws {}
    private struct Member {
        var user: KiwiUser
        var passwordHash: String
    }

    private struct StoredPost {
        var post: KiwiPost
        var likers: Set<String> = []
    }

    private var members: [String: Member] = [:]
    private var sessions: [String: String] = [:]
    private var posts: [Int64: StoredPost] = [:]
    private var comments: [Int64: KiwiComment] = [:]
    private var images: [String: StoredImage] = [:]
    private var loginFailures: [String: [Date]] = [:]
    /// (follower, followee) in the order they were made.
    private var follows: [(follower: String, followee: String)] = []
    private var lastID: Int64 = 0

    init() {}

    private func nextID() -> Int64 {
        lastID += 1
        return lastID
    }

    func createUser(_ user: KiwiUser, passwordHash: String) throws {
        guard !members.keys.contains(where: { $0.lowercased() == user.username.lowercased() }) else { throw KiwiStoreError.usernameTaken }
        members[user.username] = Member(user: user, passwordHash: passwordHash)
    }

    func user(_ username: String) -> KiwiUser? { members[username]?.user }

    func passwordHash(of username: String) -> String? { members[username]?.passwordHash }

    func updateUser(_ username: String, fullName: String?, email: String?) throws -> KiwiUser {
        guard var member = members[username] else { throw KiwiStoreError.noSuchUser }
        if let fullName { member.user.fullName = fullName }
        if let email { member.user.email = email }
        members[username] = member
        return member.user
    }

    func setAvatar(_ username: String, image: PostImage) throws -> (user: KiwiUser, replaced: String?) {
        guard var member = members[username] else { throw KiwiStoreError.noSuchUser }
        let replaced = member.user.avatar
        if let replaced { images[replaced] = nil }
        if case .stored(let stored) = image { images[stored.name] = stored }
        member.user.avatar = image.name
        members[username] = member
        return (member.user, replaced)
    }

    func recordLoginFailure(_ username: String, at time: Date, forgetting before: Date) {
        loginFailures = loginFailures.compactMapValues { times in times.filter { $0 >= before }.nilIfEmpty }
        loginFailures[username, default: []].append(time)
    }

    func loginFailures(_ username: String, since time: Date) -> [Date] { (loginFailures[username] ?? []).filter { $0 >= time } }

    func clearLoginFailures(_ username: String) { loginFailures[username] = nil }

    func createSession(tokenHash: String, username: String) { sessions[tokenHash] = username }

    func sessionUser(tokenHash: String) -> KiwiUser? { sessions[tokenHash].flatMap { members[$0]?.user } }

    func deleteSession(tokenHash: String) { sessions[tokenHash] = nil }

    func createPost(owner: String, image: PostImage, caption: String?, book: KiwiBook?) throws -> KiwiPost {
        guard let user = members[owner]?.user else { throw KiwiStoreError.noSuchUser }
        if case .stored(let stored) = image { images[stored.name] = stored }
        let post = KiwiPost(
            id: nextID(),
            owner: user,
            image: image.name,
            caption: caption,
            createdAt: Date(),
            likes: 0,
            commentCount: 0,
            likedByMe: false,
            book: book
        )
        posts[post.id] = StoredPost(post: post)
        return post
    }

    func post(_ id: Int64, viewer: String?) -> KiwiPost? { posts[id].map { seen($0, by: viewer) } }

    func posts(_ selection: PostSelection, page: Int, pageSize: Int, viewer: String?) -> [KiwiPost] {
        let chosen = posts.values.filter { stored in
            switch selection {
            case .everyone: true
            case .author(let member): stored.post.owner.username == member
            case .feed(let member):
                stored.post.owner.username == member || follows.contains { $0.follower == member && $0.followee == stored.post.owner.username }
            }
        }
        let newest = chosen.sorted { ($0.post.createdAt, $0.post.id) > ($1.post.createdAt, $1.post.id) }
        return newest.dropFirst(page * pageSize).prefix(pageSize).map { seen($0, by: viewer) }
    }

    /// The post with the owner's current profile and whether the viewer likes it.
    private func seen(_ stored: StoredPost, by viewer: String?) -> KiwiPost {
        var post = stored.post
        post.owner = members[post.owner.username]?.user ?? post.owner
        post.likedByMe = viewer.map { stored.likers.contains($0) }
        return post
    }

    func deletePost(_ id: Int64, by username: String) throws -> String {
        guard let stored = posts[id] else { throw KiwiStoreError.noSuchPost }
        guard stored.post.owner.username == username else { throw KiwiStoreError.notOwner }
        posts[id] = nil
        comments = comments.filter { $0.value.postID != id }
        images[stored.post.image] = nil
        return stored.post.image
    }

    func image(_ name: String) -> StoredImage? { images[name] }

    func like(_ id: Int64, by username: String) throws -> Int {
        guard var stored = posts[id] else { throw KiwiStoreError.noSuchPost }
        if stored.likers.insert(username).inserted { stored.post.likes += 1 }
        posts[id] = stored
        return stored.post.likes
    }

    func unlike(_ id: Int64, by username: String) throws -> Int {
        guard var stored = posts[id] else { throw KiwiStoreError.noSuchPost }
        if stored.likers.remove(username) != nil { stored.post.likes -= 1 }
        posts[id] = stored
        return stored.post.likes
    }

    func comments(on id: Int64) throws -> [KiwiComment] {
        guard posts[id] != nil else { throw KiwiStoreError.noSuchPost }
        return comments.values.filter { $0.postID == id }.sorted { $0.id < $1.id }.map { comment in
            var comment = comment
            comment.owner = members[comment.owner.username]?.user ?? comment.owner
            return comment
        }
    }

    func addComment(on id: Int64, by username: String, text: String) throws -> KiwiComment {
        guard posts[id] != nil else { throw KiwiStoreError.noSuchPost }
        guard let user = members[username]?.user else { throw KiwiStoreError.noSuchUser }
        let comment = KiwiComment(id: nextID(), owner: user, postID: id, text: text, createdAt: Date())
        comments[comment.id] = comment
        posts[id]?.post.commentCount += 1
        return comment
    }

    func deleteComment(_ id: Int64, by username: String) throws {
        guard let comment = comments[id] else { throw KiwiStoreError.noSuchComment }
        guard comment.owner.username == username else { throw KiwiStoreError.notOwner }
        comments[id] = nil
        posts[comment.postID]?.post.commentCount -= 1
    }

    func follow(_ followee: String, by follower: String) throws {
        guard members[followee] != nil else { throw KiwiStoreError.noSuchUser }
        if !follows.contains(where: { $0 == (follower, followee) }) { follows.append((follower, followee)) }
    }

    func unfollow(_ followee: String, by follower: String) throws {
        guard members[followee] != nil else { throw KiwiStoreError.noSuchUser }
        follows.removeAll { $0 == (follower, followee) }
    }

    func followers(of username: String) throws -> [KiwiUser] {
        guard members[username] != nil else { throw KiwiStoreError.noSuchUser }
        return follows.reversed().filter { $0.followee == username }.compactMap { members[$0.follower]?.user }
    }

    func following(of username: String) throws -> [KiwiUser] {
        guard members[username] != nil else { throw KiwiStoreError.noSuchUser }
        return follows.reversed().filter { $0.follower == username }.compactMap { members[$0.followee]?.user }
    }
}

extension Array {
    fileprivate var nilIfEmpty: Self? { isEmpty ? nil : self }
}
