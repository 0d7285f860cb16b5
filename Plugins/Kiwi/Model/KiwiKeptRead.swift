import Foundation
import KiwiWire
import PluginAPI

/// A read kept for offline use, as its URL names it: what a landed write of one's own may change.
enum KiwiKeptRead: Equatable {
    /// A page of posts: everyone's (`author` nil), the following feed, or one member's; `newest`
    /// for the first page (by number 0, or by no key).
    case posts(author: String?, following: Bool, newest: Bool)
    case post(String)
    case comments(post: String)
    /// A member's profile.
    case member(String)
    /// Their followers or the people they follow.
    case people(of: String)
    case other

    init(url: String) {
        let parts = URLComponents(string: url)
        let path = (parts?.path ?? "").split(separator: "/").map(String.init)
        let query = parts?.queryItems ?? []
        let newest =
            !query.contains { ["max_id", "min_id", "since_id"].contains($0.name) } && (query.first { $0.name == "page" }?.value ?? "0") == "0"
        // Matched from the end: a server may live under a path of its own.
        let last = path.last ?? ""
        let before = { (distance: Int) in path.count > distance ? path[path.count - 1 - distance] : "" }
        switch (before(2), before(1), last) {
        case (_, _, "feed"): self = .posts(author: nil, following: true, newest: newest)
        case ("users", let name, "posts"): self = .posts(author: name, following: false, newest: newest)
        case (_, _, "posts"): self = .posts(author: nil, following: false, newest: newest)
        case ("posts", let post, "comments"): self = .comments(post: post)
        case ("users", let name, "followers"), ("users", let name, "following"): self = .people(of: name)
        case (_, "posts", let post): self = .post(post)
        case (_, "users", let name): self = .member(name)
        default: self = .other
        }
    }
}

extension KiwiWrite {
    /// What this write, landed with `answer`, does to `member`'s kept read at `url`: no stale count
    /// after one's own like. Brought up to date where the answer says enough (a like's count, a new
    /// post on the newest pages, a deleted post gone, a comment counted), dropped where it does
    /// not (a post's comments, the people and the feed a follow changes, pages a new post shifts).
    /// `uncommented` is the post whose kept comments held a deleted comment, if any did.
    func revision(of url: String, body: Data, answer: KiwiWriteAnswer, member: String, uncommented: String? = nil) -> ResponseCache.Revision {
        let read = KiwiKeptRead(url: url)
        switch (self, read) {
        case (.like(let id, let liked), .posts), (.like(let id, let liked), .post):
            guard case .likes(let count) = answer else { return .drop }
            return Self.editing(body) { post in
                guard Self.id(post["id"]) == id else { return false }
                (post["likes"], post["likedByMe"]) = (count.likes, liked)
                return true
            }
        case (.comment(let id, _), .posts), (.comment(let id, _), .post):
            return Self.counting(body, post: id, by: 1)
        case (.comment(let id, _), .comments(let post)):
            return post == id ? .drop : .keep
        case (.uncomment(let comment), .comments):
            return Self.editingList(body) { list in list.removeAll { Self.id($0["id"]) == comment } }
        case (.uncomment, .posts), (.uncomment, .post):
            // Which post it was on is known from a kept list of its comments; else nothing kept says.
            return uncommented.map { Self.counting(body, post: $0, by: -1) } ?? .drop
        case (.deletePost(let id), .posts):
            return Self.editingList(body) { list in list.removeAll { Self.id($0["id"]) == id } }
        case (.deletePost(let id), .post(let post)), (.deletePost(let id), .comments(let post)):
            return post == id ? .drop : .keep
        case (.post, .posts(let author, _, let newest)) where author == nil || author == member:
            guard newest, case .post(let made) = answer, let data = try? JSONEncoder().encode(made),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return .drop }
            return Self.editingList(body) { list in
                guard !list.contains(where: { Self.id($0["id"]) == made.id }) else { return }
                // The page keeps its size: its oldest post moves to the next page.
                let size = list.count
                list.insert(object, at: 0)
                if let pageSize = Self.pageSize(url), size >= pageSize { list.removeLast() }
            }
        case (.follow(let name, _), .member(let who)), (.follow(let name, _), .people(let who)):
            return who == name || who == member ? .drop : .keep
        case (.follow, .posts(_, let following, _)):
            return following ? .drop : .keep
        default:
            return .keep
        }
    }

    /// An id as JSON gives it: a string, or a number on a server that sends numbers.
    private static func id(_ value: Any?) -> String? {
        (value as? String) ?? (value as? NSNumber)?.stringValue
    }

    private static func pageSize(_ url: String) -> Int? {
        URLComponents(string: url)?.queryItems?.first { ["pageSize", "limit"].contains($0.name) }?.value.flatMap { Int($0) }
    }

    /// The post's comment count moved by `change`, where it is counted.
    private static func counting(_ body: Data, post id: String, by change: Int) -> ResponseCache.Revision {
        editing(body) { post in
            guard Self.id(post["id"]) == id, let count = post["commentCount"] as? Int else { return false }
            post["commentCount"] = max(0, count + change)
            return true
        }
    }

    /// The body's posts (a list of them, or one) as `edit` changes them; kept when it changes
    /// none, dropped when the body is not what it should be.
    private static func editing(_ body: Data, _ edit: (inout [String: Any]) -> Bool) -> ResponseCache.Revision {
        switch try? JSONSerialization.jsonObject(with: body) {
        case var post as [String: Any]:
            return edit(&post) ? replaced(post) : .keep
        case let list as [[String: Any]]:
            var changed = false
            let edited = list.map { post in
                var post = post
                if edit(&post) { changed = true }
                return post
            }
            return changed ? replaced(edited) : .keep
        default:
            return .drop
        }
    }

    /// The body's list as `edit` changes it; kept when unchanged, dropped when it is not a list.
    private static func editingList(_ body: Data, _ edit: (inout [[String: Any]]) -> Void) -> ResponseCache.Revision {
        guard let list = try? JSONSerialization.jsonObject(with: body) as? [[String: Any]] else { return .drop }
        var edited = list
        edit(&edited)
        return edited.count == list.count && edited.map { id($0["id"]) } == list.map { id($0["id"]) } ? .keep : replaced(edited)
    }

    private static func replaced(_ json: Any) -> ResponseCache.Revision {
        (try? JSONSerialization.data(withJSONObject: json)).map { .replace($0) } ?? .drop
    }
}
