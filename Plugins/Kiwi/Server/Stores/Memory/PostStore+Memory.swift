import Foundation

extension MemoryKiwiDatabase: PostStore {
    func createPost(owner: String, image: PostImage, caption: String?, book: KiwiBook?, keeping: AnswerToKeep<KiwiPost>?) throws -> KiwiPost {
        guard let user = members[owner]?.user else { throw KiwiProblem.noSuchUser }
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
        try keep(keeping, post)
        if case .stored(let stored) = image { images[stored.name] = stored }
        posts[post.id] = StoredPost(post: post)
        changes.published(.post(id: post.id, author: owner, made: true))
        return post
    }

    func post(_ id: Int64, viewer: String?) -> KiwiPost? { posts[id].map { seen($0, by: viewer) } }

    func posts(_ selection: PostSelection, page: Int, pageSize: Int) -> [KiwiPost] {
        let chosen = posts.values.filter { stored in
            let author = stored.post.owner.username
            switch selection {
            case .everyone: return true
            case .author(let member): return author == member
            case .feed(let member): return author == member || follows.contains { $0.follower == member && $0.followee == author }
            }
        }
        let newest = chosen.sorted { ($0.post.createdAt, $0.post.id) > ($1.post.createdAt, $1.post.id) }
        return newest.dropFirst(page * pageSize).prefix(pageSize).map { seen($0, by: nil) }
    }

    func liked(by reader: String, among ids: [Int64]) -> Set<Int64> {
        Set(ids.filter { posts[$0]?.likers[reader] != nil })
    }

    /// The post with its author's current profile and whether the viewer likes it.
    private func seen(_ stored: StoredPost, by viewer: String?) -> KiwiPost {
        var post = stored.post
        post.owner = current(post.owner)
        post.likedByMe = viewer.map { stored.likers[$0] != nil }
        return post
    }

    func deletePost(_ id: Int64, by username: String) throws -> String {
        guard let stored = posts[id] else { throw KiwiProblem.noSuchPost }
        guard stored.post.owner.username == username else { throw KiwiProblem.notOwner }
        posts[id] = nil
        comments = comments.filter { $0.value.postID != id }
        images[stored.post.image] = nil
        withdraw { $0.post?.id == id }
        changes.published(.post(id: id, author: username, made: false))
        return stored.post.image
    }

    func image(_ name: String) -> StoredImage? { images[name] }

    func like(_ id: Int64, by username: String) throws -> Int {
        guard var stored = posts[id] else { throw KiwiProblem.noSuchPost }
        guard stored.likers[username] == nil else { return stored.post.likes }
        stored.likers[username] = Date()
        stored.post.likes += 1
        posts[id] = stored
        notify(stored.post.owner.username, .like, by: username, post: id)
        changes.published(.post(id: id, author: stored.post.owner.username, made: false))
        return stored.post.likes
    }

    func unlike(_ id: Int64, by username: String) throws -> Int {
        guard var stored = posts[id] else { throw KiwiProblem.noSuchPost }
        guard stored.likers.removeValue(forKey: username) != nil else { return stored.post.likes }
        stored.post.likes -= 1
        posts[id] = stored
        withdraw { $0.kind == .like && $0.post?.id == id && $0.actor.username == username }
        changes.published(.post(id: id, author: stored.post.owner.username, made: false))
        return stored.post.likes
    }

    func comments(on id: Int64) throws -> [KiwiComment] {
        guard posts[id] != nil else { throw KiwiProblem.noSuchPost }
        return comments.values.filter { $0.postID == id }.sorted { $0.id < $1.id }.map { comment in
            var comment = comment
            comment.owner = current(comment.owner)
            return comment
        }
    }

    func addComment(on id: Int64, by username: String, text: String, keeping: AnswerToKeep<KiwiComment>?) throws -> KiwiComment {
        guard let author = posts[id]?.post.owner.username else { throw KiwiProblem.noSuchPost }
        guard let user = members[username]?.user else { throw KiwiProblem.noSuchUser }
        let comment = KiwiComment(id: nextID(), owner: user, postID: id, text: text, createdAt: Date())
        try keep(keeping, comment)
        comments[comment.id] = comment
        posts[id]?.post.commentCount += 1
        notify(author, .comment, by: username, post: id, comment: comment)
        changes.published(.post(id: id, author: author, made: false))
        return comment
    }

    func deleteComment(_ id: Int64, by username: String) throws {
        guard let comment = comments[id] else { throw KiwiProblem.noSuchComment }
        guard comment.owner.username == username else { throw KiwiProblem.notOwner }
        comments[id] = nil
        posts[comment.postID]?.post.commentCount -= 1
        withdraw { $0.commentID == id }
        if let author = posts[comment.postID]?.post.owner.username { changes.published(.post(id: comment.postID, author: author, made: false)) }
    }
}
