import Foundation
import KiwiMedia
import KiwiWire

extension MemoryKiwiDatabase: PostStore {
    func createPost(_ new: NewPost, keeping: AnswerToKeep<KiwiPost>?) throws -> KiwiPost {
        guard let user = members[new.owner]?.user else { throw KiwiProblem.noSuchUser }
        let post = KiwiPost(
            id: nextID(),
            owner: user,
            image: new.image.name,
            caption: new.caption,
            createdAt: new.createdAt ?? Date(),
            likes: 0,
            commentCount: 0,
            likedByMe: false,
            book: new.book,
            imageAlt: new.imageAlt,
            spoiler: new.spoiler
        )
        try keep(keeping, post)
        if case .stored(let stored) = new.image { images[stored.name] = stored }
        posts[post.id] = StoredPost(post: post, remoteID: new.remoteID)
        return post
    }

    func post(_ id: Int64, viewer: String?) -> KiwiPost? { posts[id].map { seen($0, by: viewer) } }

    func posts(_ selection: KiwiPostList, window: ListWindow) -> [KiwiPost] {
        let chosen = posts.values.filter { stored in
            let author = stored.post.owner.username
            switch selection {
            case .everyone: return stored.remoteID == nil
            case .author(let member): return author == member
            case .feed(let member):
                return author == member || follows.contains { $0.follower == member && $0.followee == author }
                    || members[author]?.actor.map { actor in remoteFollowing[member]?.contains { $0.actor == actor && $0.accepted } ?? false }
                        ?? false
            case .book(let isbn13): return stored.post.book?.isbn13 == isbn13
            }
        }
        return window.cut(chosen, key: \.post.id, time: \.post.createdAt.timeIntervalSince1970, newestFirst: true).map { seen($0, by: nil) }
    }

    func book(_ isbn13: String, recentReaders: Int) -> KiwiBookStanding? {
        let about = newestFirst(posts.values.filter { $0.post.book?.isbn13 == isbn13 })
        guard let book = about.first?.post.book else { return nil }
        var readers: [String] = []
        for stored in about where !readers.contains(stored.post.owner.username) { readers.append(stored.post.owner.username) }
        return KiwiBookStanding(
            book: book,
            reflections: about.count,
            readers: readers.count,
            recentReaders: readers.prefix(recentReaders).compactMap { members[$0]?.user }
        )
    }

    func popularBooks(since: Date, limit: Int, followedBy follower: String?) -> KiwiPopularBooks {
        let counted = newestFirst(
            posts.values.filter { stored in
                let author = stored.post.owner.username
                let standing = members[author]
                return stored.post.book != nil && stored.post.createdAt >= since && standing?.silenced == nil && standing?.suspended == nil
                    && (follower.map { reader in follows.contains { $0.follower == reader && $0.followee == author } } ?? true)
            }
        )
        let byBook = Dictionary(grouping: counted) { $0.post.book?.isbn13 ?? "" }
        let standings = byBook.compactMap { _, about -> (standing: KiwiBookStanding, latest: Date)? in
            guard let newest = about.first, let book = newest.post.book else { return nil }
            let readers = Set(about.map(\.post.owner.username)).count
            return (KiwiBookStanding(book: book, reflections: about.count, readers: readers), newest.post.createdAt)
        }
        let ranked = standings.sorted { left, right in
            let (a, b) = (left.standing, right.standing)
            if a.reflections != b.reflections { return a.reflections > b.reflections }
            if a.readers != b.readers { return a.readers > b.readers }
            if left.latest != right.latest { return left.latest > right.latest }
            return a.book.isbn13 < b.book.isbn13
        }
        return KiwiPopularBooks(standings: ranked.prefix(limit).map(\.standing), oldestCounted: counted.last?.post.createdAt)
    }

    /// Newest first, ties broken by id, as the lists are.
    private func newestFirst(_ stored: [StoredPost]) -> [StoredPost] {
        stored.sorted { ($0.post.createdAt, $0.post.id) > ($1.post.createdAt, $1.post.id) }
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

    func postTimes(by author: String, since: Date) -> [Date] {
        posts.values.map(\.post).filter { $0.owner.username == author && $0.createdAt >= since }.map(\.createdAt).sorted(by: >)
    }

    func author(of id: Int64) -> String? { posts[id]?.post.owner.username }

    func deletePost(_ id: Int64, ifOwnedBy owner: String) -> Removal? {
        guard let stored = posts[id] else { return nil }
        let author = stored.post.owner.username
        var removal = Removal(owner: author, post: id, postAuthor: author, removed: author == owner)
        guard removal.removed else { return removal }
        posts[id] = nil
        comments = comments.filter { $0.value.postID != id }
        images[stored.post.image] = nil
        removal.image = stored.post.image
        removal.notices.withdrawn = withdraw { $0.post?.id == id }
        return removal
    }

    func image(_ name: String) -> StoredImage? { images[name] }

    func keepsImage(_ name: String) -> Bool { images[name] != nil }

    func like(_ id: Int64, by username: String, notifying recipient: String?) throws -> Liking {
        guard var stored = posts[id] else { throw KiwiProblem.noSuchPost }
        var liking = Liking(likes: stored.post.likes, author: stored.post.owner.username)
        guard stored.likers[username] == nil else { return liking }
        stored.likers[username] = Date()
        stored.post.likes += 1
        posts[id] = stored
        liking.likes = stored.post.likes
        liking.notices.told = recipient.map { notify($0, .like, by: username, post: id) }
        return liking
    }

    func unlike(_ id: Int64, by username: String) throws -> Liking {
        guard var stored = posts[id] else { throw KiwiProblem.noSuchPost }
        var liking = Liking(likes: stored.post.likes, author: stored.post.owner.username)
        guard stored.likers.removeValue(forKey: username) != nil else { return liking }
        stored.post.likes -= 1
        posts[id] = stored
        liking.likes = stored.post.likes
        liking.notices.withdrawn = withdraw { $0.kind == .like && $0.post?.id == id && $0.actor.username == username }
        return liking
    }

    func comments(on id: Int64, window: ListWindow) throws -> [KiwiComment] {
        guard posts[id] != nil else { throw KiwiProblem.noSuchPost }
        let theirs = comments.values.filter { $0.postID == id }
        return window.cut(theirs, key: \.id, time: { _ in 0 }, newestFirst: false).map { comment in
            var comment = comment
            comment.owner = current(comment.owner)
            return comment
        }
    }

    func addComment(_ new: NewComment, keeping: AnswerToKeep<Commented>?) throws -> Commented {
        guard let author = posts[new.post]?.post.owner.username else { throw KiwiProblem.noSuchPost }
        guard let user = members[new.author]?.user else { throw KiwiProblem.noSuchUser }
        let comment = KiwiComment(
            id: nextID(),
            owner: user,
            postID: new.post,
            text: new.text,
            createdAt: new.createdAt ?? Date(),
            spoiler: new.spoiler
        )
        var commented = Commented(comment: comment, author: author)
        try keep(keeping, commented)
        comments[comment.id] = comment
        commentNotes[comment.id] = new.remoteID
        posts[new.post]?.post.commentCount += 1
        commented.notices.told = new.notifying.map { notify($0, .comment, by: new.author, post: new.post, comment: comment) }
        return commented
    }

    func deleteComment(_ id: Int64, ifOwnedBy owner: String) -> Removal? {
        guard let comment = comments[id] else { return nil }
        let post = comment.postID
        // A comment outlives no post (they go together), so its post's author is always found.
        var removal = Removal(owner: comment.owner.username, post: post, postAuthor: author(of: post) ?? "", removed: comment.owner.username == owner)
        guard removal.removed else { return removal }
        comments[id] = nil
        posts[post]?.post.commentCount -= 1
        removal.notices.withdrawn = withdraw { $0.commentID == id }
        return removal
    }

    func editPost(_ id: Int64, caption: String?, spoiler: String?, ifOwnedBy owner: String) -> Bool {
        guard posts[id]?.post.owner.username == owner else { return false }
        posts[id]?.post.caption = caption
        posts[id]?.post.spoiler = spoiler
        return true
    }

    func editComment(_ id: Int64, text: String, spoiler: String?, ifOwnedBy owner: String) -> Bool {
        guard comments[id]?.owner.username == owner else { return false }
        comments[id]?.text = text
        comments[id]?.spoiler = spoiler
        return true
    }
}
