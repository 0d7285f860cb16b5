import Foundation
import KiwiWire
import PluginAPI
import Testing

@testable import Kiwi

/// What a landed write of one's own does to the reads kept for offline use: brought up to date
/// where its answer says how, dropped where it does not, left alone where it changed nothing.
@Suite struct KiwiKeptReadTests {
    static let server = "http://127.0.0.1:8080/kiwi"

    static func post(_ id: Int, by author: String = "bob", likes: Int = 0, comments: Int = 0) -> [String: Any] {
        [
            "id": "\(id)", "author": ["id": author, "username": author], "likes": likes, "commentCount": comments, "likedByMe": false,
            "caption": "post \(id)",
        ]
    }

    static func body(_ json: Any) throws -> Data { try JSONSerialization.data(withJSONObject: json) }

    /// The revision's new body as JSON; nil when it is not a replacement.
    static func replaced(_ revision: ResponseCache.Revision) throws -> Any? {
        guard case .replace(let body) = revision else { return nil }
        return try JSONSerialization.jsonObject(with: body)
    }

    static func isDrop(_ revision: ResponseCache.Revision) -> Bool {
        if case .drop = revision { return true }
        return false
    }

    static func isKeep(_ revision: ResponseCache.Revision) -> Bool {
        if case .keep = revision { return true }
        return false
    }

    @Test func aKeptReadIsKnownByItsURLUnderAnyPath() {
        let base = Self.server
        #expect(KiwiKeptRead(url: "\(base)/posts?page=0&pageSize=10") == .posts(author: nil, following: false, newest: true))
        #expect(KiwiKeptRead(url: "\(base)/posts?page=2&pageSize=10") == .posts(author: nil, following: false, newest: false))
        #expect(KiwiKeptRead(url: "\(base)/posts?limit=50&max_id=7") == .posts(author: nil, following: false, newest: false))
        #expect(KiwiKeptRead(url: "\(base)/feed?page=0&pageSize=10") == .posts(author: nil, following: true, newest: true))
        #expect(KiwiKeptRead(url: "\(base)/users/ada/posts?page=0") == .posts(author: "ada", following: false, newest: true))
        #expect(KiwiKeptRead(url: "\(base)/posts/12") == .post("12"))
        #expect(KiwiKeptRead(url: "\(base)/posts/12/comments?page=0&pageSize=1000") == .comments(post: "12"))
        #expect(KiwiKeptRead(url: "\(base)/users/ada") == .member("ada"))
        #expect(KiwiKeptRead(url: "\(base)/users/ada/followers") == .people(of: "ada"))
        #expect(KiwiKeptRead(url: "\(base)/users/ada/following") == .people(of: "ada"))
        #expect(KiwiKeptRead(url: "\(base)/notifications?page=0") == .other)
        #expect(KiwiKeptRead(url: "\(base)/uploads/a1b2.jpg") == .other)
        #expect(KiwiKeptRead(url: "\(base)/media/a1b2.jpg/640.webp?expires=1&key=k&signature=s") == .other)
    }

    @Test func aLikeSetsTheCountItWasAnsweredOnEveryKeptCopyOfThePost() throws {
        let like = KiwiWrite.like(postID: "2", liked: true)
        let answer = KiwiWriteAnswer.likes(KiwiWire.Likes(likes: 5))
        let page = try Self.body([Self.post(1, likes: 3), Self.post(2, likes: 4)])
        let revised = try #require(
            try Self.replaced(like.revision(of: "\(Self.server)/posts?page=0&pageSize=10", body: page, answer: answer, member: "ada"))
        )
        let posts = try #require(revised as? [[String: Any]])
        #expect(posts.map { $0["likes"] as? Int } == [3, 5] && posts.map { $0["likedByMe"] as? Bool } == [false, true])
        let single = try Self.replaced(
            like.revision(of: "\(Self.server)/posts/2", body: try Self.body(Self.post(2, likes: 4)), answer: answer, member: "ada")
        )
        #expect((single as? [String: Any])?["likes"] as? Int == 5)
        #expect(Self.isKeep(like.revision(of: "\(Self.server)/posts/3", body: try Self.body(Self.post(3)), answer: answer, member: "ada")))
        let unlike = KiwiWrite.like(postID: "2", liked: false)
        let undone = try Self.replaced(
            unlike.revision(of: "\(Self.server)/posts/2", body: single.map(Self.body)!, answer: .likes(.init(likes: 4)), member: "ada")
        )
        #expect((undone as? [String: Any])?["likes"] as? Int == 4 && (undone as? [String: Any])?["likedByMe"] as? Bool == false)
    }

    @Test func aNewPostTopsTheNewestPagesItBelongsOnAndDropsThoseItShifts() throws {
        let made = KiwiWire.Post(
            id: "9",
            author: KiwiWire.User(id: "ada", username: "ada", displayName: nil, avatarURL: nil),
            imageURL: "/uploads/p.jpg",
            caption: "new",
            likes: 0,
            createdAt: "2026-11-26T07:00:00Z",
            commentCount: 0,
            likedByMe: false
        )
        let write = KiwiWrite.post(caption: "new", book: nil)
        let full = try Self.body([Self.post(2), Self.post(1)])
        for url in [
            "\(Self.server)/posts?page=0&pageSize=2", "\(Self.server)/feed?page=0&pageSize=2", "\(Self.server)/users/ada/posts?page=0&pageSize=2",
        ] {
            let page = try #require(
                try Self.replaced(write.revision(of: url, body: full, answer: .post(made), member: "ada")) as? [[String: Any]],
                "\(url)"
            )
            #expect(page.map { $0["id"] as? String } == ["9", "2"], "first, and the page keeps its size: \(url)")
            #expect(page.first?["caption"] as? String == "new")
            // What the client reads back is the post the server answered.
            let decoded = try JSONDecoder().decode([KiwiWire.Post].self, from: try Self.body(page))
            #expect(decoded.first == made)
        }
        let short = try Self.replaced(write.revision(of: "\(Self.server)/posts?page=0&pageSize=10", body: full, answer: .post(made), member: "ada"))
        #expect((short as? [[String: Any]])?.count == 3, "a page that was not full grows")
        #expect(Self.isDrop(write.revision(of: "\(Self.server)/posts?page=1&pageSize=2", body: full, answer: .post(made), member: "ada")))
        #expect(Self.isKeep(write.revision(of: "\(Self.server)/users/bob/posts?page=0", body: full, answer: .post(made), member: "ada")))
        #expect(Self.isKeep(write.revision(of: "\(Self.server)/posts/2", body: try Self.body(Self.post(2)), answer: .post(made), member: "ada")))
    }

    @Test func aDeletedPostLeavesEveryKeptListAndItsOwnReadsGo() throws {
        let write = KiwiWrite.deletePost(postID: "2")
        let page = try Self.body([Self.post(3), Self.post(2), Self.post(1)])
        let left = try Self.replaced(write.revision(of: "\(Self.server)/users/ada/posts", body: page, answer: .done(id: nil), member: "ada"))
        #expect((left as? [[String: Any]])?.map { $0["id"] as? String } == ["3", "1"])
        #expect(Self.isDrop(write.revision(of: "\(Self.server)/posts/2", body: try Self.body(Self.post(2)), answer: .done(id: nil), member: "ada")))
        #expect(Self.isDrop(write.revision(of: "\(Self.server)/posts/2/comments", body: try Self.body([]), answer: .done(id: nil), member: "ada")))
        #expect(Self.isKeep(write.revision(of: "\(Self.server)/posts/3", body: try Self.body(Self.post(3)), answer: .done(id: nil), member: "ada")))
        let elsewhere = try Self.body([Self.post(3), Self.post(1)])
        #expect(Self.isKeep(write.revision(of: "\(Self.server)/posts?page=0", body: elsewhere, answer: .done(id: nil), member: "ada")))
    }

    @Test func aCommentIsCountedAndItsPostsKeptCommentsGo() throws {
        let write = KiwiWrite.comment(postID: "2", text: "yes")
        let page = try Self.body([Self.post(2, comments: 1)])
        let counted = try Self.replaced(write.revision(of: "\(Self.server)/feed?page=0", body: page, answer: .done(id: "40"), member: "ada"))
        #expect((counted as? [[String: Any]])?.first?["commentCount"] as? Int == 2)
        #expect(Self.isDrop(write.revision(of: "\(Self.server)/posts/2/comments", body: try Self.body([]), answer: .done(id: "40"), member: "ada")))
        #expect(Self.isKeep(write.revision(of: "\(Self.server)/posts/3/comments", body: try Self.body([]), answer: .done(id: "40"), member: "ada")))

        let uncomment = KiwiWrite.uncomment(commentID: "40")
        let comments = try Self.body([
            ["id": "40", "author": ["username": "ada"], "text": "yes"], ["id": "41", "author": ["username": "bob"], "text": "no"],
        ])
        let kept = try Self.replaced(uncomment.revision(of: "\(Self.server)/posts/2/comments", body: comments, answer: .done(id: nil), member: "ada"))
        #expect((kept as? [[String: Any]])?.map { $0["id"] as? String } == ["41"])
        let uncounted = try Self.replaced(
            uncomment.revision(
                of: "\(Self.server)/posts/2",
                body: try Self.body(Self.post(2, comments: 2)),
                answer: .done(id: nil),
                member: "ada",
                uncommented: "2"
            )
        )
        #expect((uncounted as? [String: Any])?["commentCount"] as? Int == 1)
        #expect(
            Self.isDrop(
                uncomment.revision(
                    of: "\(Self.server)/posts/2",
                    body: try Self.body(Self.post(2, comments: 2)),
                    answer: .done(id: nil),
                    member: "ada"
                )
            ),
            "with no kept list naming its post, a count could be stale: dropped"
        )
    }

    @Test func aFollowDropsThePeopleAndTheFeedItChanges() throws {
        let write = KiwiWrite.follow(username: "bob", following: true)
        let answer = KiwiWriteAnswer.done(id: nil)
        let empty = try Self.body([])
        #expect(Self.isDrop(write.revision(of: "\(Self.server)/users/bob", body: try Self.body(["username": "bob"]), answer: answer, member: "ada")))
        #expect(Self.isDrop(write.revision(of: "\(Self.server)/users/bob/followers", body: empty, answer: answer, member: "ada")))
        #expect(Self.isDrop(write.revision(of: "\(Self.server)/users/ada/following", body: empty, answer: answer, member: "ada")))
        #expect(Self.isDrop(write.revision(of: "\(Self.server)/feed?page=0", body: empty, answer: answer, member: "ada")))
        #expect(Self.isKeep(write.revision(of: "\(Self.server)/posts?page=0", body: empty, answer: answer, member: "ada")))
        #expect(Self.isKeep(write.revision(of: "\(Self.server)/users/cy/followers", body: empty, answer: answer, member: "ada")))
    }

    @Test func anUnreadableKeptPostListIsDroppedRatherThanShownWrong() throws {
        let like = KiwiWrite.like(postID: "2", liked: true)
        #expect(
            Self.isDrop(like.revision(of: "\(Self.server)/posts?page=0", body: Data("<html>".utf8), answer: .likes(.init(likes: 1)), member: "ada"))
        )
    }
}
