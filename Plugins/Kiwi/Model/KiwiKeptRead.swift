import Foundation
import KiwiWire
import PluginAPI

/// A read kept for offline use, as the call that made it names it (kept beside the answer as its
/// label): what a landed write of one's own may change.
enum KiwiKeptRead: Codable, Equatable {
    /// A page of a list of posts: `newest` for its first page (by number 0, or with no key), of
    /// `size` posts at the most.
    case posts(KiwiPostList, newest: Bool, size: Int)
    case post(String)
    case comments(post: String)
    /// A member's profile.
    case member(String)
    /// Their followers or the people they follow.
    case people(of: String)
    /// A book's counts and readers, by its ISBN-13.
    case book(String)
    /// A member's shelves.
    case shelves(of: String)

    /// How the cache keeps it beside the answer: its JSON in base64 (a label holds no space).
    var label: String {
        (try? JSONEncoder().encode(self)).map { $0.base64EncodedString() } ?? ""
    }

    init?(label: String) {
        guard let data = Data(base64Encoded: label), let read = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
        self = read
    }
}

extension KiwiWrite {
    /// What this write, landed with `answer`, does to `member`'s kept `read`: no stale count after
    /// one's own like. The kept answer is read as the wire's types and written again: brought up to
    /// date where the answer says enough (a like's count, a new post on the newest pages its list
    /// may show it on, a deleted post gone, a comment counted), dropped where it does not (a post's
    /// comments, the people and the feed a follow changes) or where it does not read as what its
    /// label says. `uncommented` is the post whose kept comments held a deleted comment, if any did.
    func revision(
        of read: KiwiKeptRead,
        body: Data,
        answer: KiwiWriteAnswer,
        member: String,
        uncommented: String? = nil
    )
        -> ResponseCache.Revision
    {
        switch (self, read) {
        case (.like(let id, let liked), .posts), (.like(let id, let liked), .post):
            guard case .likes(let count) = answer else { return .drop }
            return Self.revisingPosts(body, read) { post in
                guard post.id == id else { return false }
                (post.likes, post.likedByMe) = (count.likes, liked)
                return true
            }
        case (.comment(let id, _, _), .posts), (.comment(let id, _, _), .post):
            return Self.counting(body, read, post: id, by: 1)
        case (.comment(let id, _, _), .comments(let post)):
            return post == id ? .drop : .keep
        case (.uncomment(let comment), .comments):
            return Self.revising(body, as: [KiwiWire.Comment].self) { comments in
                let before = comments.count
                comments.removeAll { $0.id == comment }
                return comments.count != before
            }
        case (.uncomment, .posts), (.uncomment, .post):
            // Which post it was on is known from a kept list of its comments; else nothing kept says.
            return uncommented.map { Self.counting(body, read, post: $0, by: -1) } ?? .drop
        case (.deletePost(let id), .posts):
            return Self.revising(body, as: [KiwiWire.Post].self) { posts in
                let before = posts.count
                posts.removeAll { $0.id == id }
                return posts.count != before
            }
        case (.deletePost(let id), .post(let post)), (.deletePost(let id), .comments(let post)):
            return post == id ? .drop : .keep
        case (.post, .posts(let list, let newest, let size)) where list.mayShow(postBy: member):
            guard newest, case .post(let made) = answer else { return .drop }
            return Self.revising(body, as: [KiwiWire.Post].self) { posts in
                // A book's list shows only the posts about it.
                if case .book(let isbn13) = list, made.book?.isbn13 != isbn13 { return false }
                guard !posts.contains(where: { $0.id == made.id }) else { return false }
                // The page keeps its size: its oldest post moves to the next page.
                posts.insert(made, at: 0)
                if posts.count > size { posts.removeLast() }
                return true
            }
        case (.post, .book), (.deletePost, .book):
            // Its counts and readers, which the answer does not say.
            return .drop
        case (.shelve(let isbn13, _, _), .book(let book)), (.unshelve(let isbn13), .book(let book)):
            return isbn13 == book ? .drop : .keep
        case (.shelve, .shelves(let who)), (.unshelve, .shelves(let who)), (.post(_, _?, _, _), .shelves(let who)):
            // A shelf moved (a post about a book may start it): the answer says the reading, not the shelves.
            return who == member ? .drop : .keep
        case (.follow(let name, _), .member(let who)), (.follow(let name, _), .people(let who)),
            (.removeFollower(let name), .member(let who)), (.removeFollower(let name), .people(let who)):
            return who == name || who == member ? .drop : .keep
        case (.block(let name, _), .member(let who)), (.block(let name, _), .people(let who)):
            // A block ends both follows.
            return who == name || who == member ? .drop : .keep
        case (.block, .posts), (.block, .post), (.block, .comments), (.mute, .posts), (.mute, .comments):
            // What the server leaves out for the reader, which no answer says.
            return .drop
        case (.follow, .posts(let list, _, _)):
            // The follower's feed gains or loses the other's posts, which no answer says.
            return list.isShared ? .keep : .drop
        default:
            return .keep
        }
    }

    /// The post's comment count moved by `change`, where it is counted.
    private static func counting(_ body: Data, _ read: KiwiKeptRead, post id: String, by change: Int) -> ResponseCache.Revision {
        revisingPosts(body, read) { post in
            guard post.id == id, let count = post.commentCount else { return false }
            post.commentCount = max(0, count + change)
            return true
        }
    }

    /// A kept page of posts, or one post, as `edit` changes each (answering whether it did).
    private static func revisingPosts(
        _ body: Data,
        _ read: KiwiKeptRead,
        _ edit: (inout KiwiWire.Post) -> Bool
    ) -> ResponseCache.Revision {
        guard case .posts = read else { return revising(body, as: KiwiWire.Post.self, edit) }
        return revising(body, as: [KiwiWire.Post].self) { posts in
            posts.indices.reduce(false) { changed, index in edit(&posts[index]) || changed }
        }
    }

    /// The kept body read as `Value`, changed by `edit` (which answers whether it changed it) and
    /// written again: kept as it was when nothing changed, dropped when it is not a `Value`.
    private static func revising<Value: Codable>(_ body: Data, as type: Value.Type, _ edit: (inout Value) -> Bool) -> ResponseCache.Revision {
        guard var value = try? JSONDecoder().decode(Value.self, from: body) else { return .drop }
        guard edit(&value) else { return .keep }
        return (try? JSONEncoder().encode(value)).map { .replace($0) } ?? .drop
    }
}
