import Foundation
import KiwiWire
import PluginAPI
import Testing

@testable import Kiwi

/// What a landed write of one's own does to the reads kept for offline use: brought up to date
/// where its answer says how, dropped where it does not, left alone where it changed nothing.
@Suite struct KiwiKeptReadTests {

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

    @Test func aKeptReadIsKnownByTheLabelItsCallGaveIt() {
        let reads: [KiwiKeptRead] = [
            .posts(.everyone, newest: true, size: 10), .posts(.feed(of: "ada"), newest: false, size: 50),
            .posts(.author("bob"), newest: true, size: 20),
            .post("12"), .comments(post: "12"), .member("ada"), .people(of: "ada"), .book("9780141439600"),
            .posts(.book(isbn13: "9780141439600"), newest: true, size: 10),
        ]
        for read in reads {
            #expect(KiwiKeptRead(label: read.label) == read && !read.label.contains(" "), "\(read)")
        }
        #expect(KiwiKeptRead(label: "posts?page=0") == nil, "a label is no URL")
    }

    /// A kept answer is revised as the wire's types, not as loose JSON: a page whose posts came with
    /// a field renamed (`postId` for `id`) does not read as posts, so a like drops it rather than
    /// leaving it with the old count (editing loose JSON looked for `id`, found none, and kept it).
    @Test func aKeptAnswerWithARenamedFieldIsDroppedRatherThanKeptStale() throws {
        var renamed = Self.post(2, likes: 4)
        renamed["postId"] = renamed.removeValue(forKey: "id")
        let like = KiwiWrite.like(postID: "2", liked: true)
        let answer = KiwiWriteAnswer.likes(KiwiWire.Likes(likes: 5))
        #expect(
            Self.isDrop(like.revision(of: .posts(.everyone, newest: true, size: 10), body: try Self.body([renamed]), answer: answer, member: "ada"))
        )
        #expect(Self.isDrop(like.revision(of: .post("2"), body: try Self.body(renamed), answer: answer, member: "ada")))
        // The same page with its fields as the wire names them is brought up to date.
        let page = try Self.replaced(
            like.revision(of: .posts(.everyone, newest: true, size: 10), body: try Self.body([Self.post(2, likes: 4)]), answer: answer, member: "ada")
        )
        #expect((page as? [[String: Any]])?.first?["likes"] as? Int == 5)
        // A kept list of comments whose text came as `body` is dropped by an uncomment too.
        let comments = try Self.body([["id": "40", "author": ["username": "ada"], "body": "yes"]])
        #expect(
            Self.isDrop(
                KiwiWrite.uncomment(commentID: "40").revision(of: .comments(post: "2"), body: comments, answer: .done(id: nil), member: "ada")
            )
        )
    }

    @Test func aLikeSetsTheCountItWasAnsweredOnEveryKeptCopyOfThePost() throws {
        let like = KiwiWrite.like(postID: "2", liked: true)
        let answer = KiwiWriteAnswer.likes(KiwiWire.Likes(likes: 5))
        let page = try Self.body([Self.post(1, likes: 3), Self.post(2, likes: 4)])
        let revised = try #require(
            try Self.replaced(like.revision(of: .posts(.everyone, newest: true, size: 10), body: page, answer: answer, member: "ada"))
        )
        let posts = try #require(revised as? [[String: Any]])
        #expect(posts.map { $0["likes"] as? Int } == [3, 5] && posts.map { $0["likedByMe"] as? Bool } == [false, true])
        let single = try Self.replaced(
            like.revision(of: .post("2"), body: try Self.body(Self.post(2, likes: 4)), answer: answer, member: "ada")
        )
        #expect((single as? [String: Any])?["likes"] as? Int == 5)
        #expect(Self.isKeep(like.revision(of: .post("3"), body: try Self.body(Self.post(3)), answer: answer, member: "ada")))
        let unlike = KiwiWrite.like(postID: "2", liked: false)
        let undone = try Self.replaced(
            unlike.revision(of: .post("2"), body: single.map(Self.body)!, answer: .likes(.init(likes: 4)), member: "ada")
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
        for list in [KiwiPostList.everyone, .feed(of: "ada"), .author("ada")] {
            let page = try #require(
                try Self.replaced(write.revision(of: .posts(list, newest: true, size: 2), body: full, answer: .post(made), member: "ada"))
                    as? [[String: Any]],
                "\(list)"
            )
            #expect(page.map { $0["id"] as? String } == ["9", "2"], "first, and the page keeps its size: \(list)")
            #expect(page.first?["caption"] as? String == "new")
            // What the client reads back is the post the server answered.
            let decoded = try JSONDecoder().decode([KiwiWire.Post].self, from: try Self.body(page))
            #expect(decoded.first == made)
        }
        let short = try Self.replaced(write.revision(of: .posts(.everyone, newest: true, size: 10), body: full, answer: .post(made), member: "ada"))
        #expect((short as? [[String: Any]])?.count == 3, "a page that was not full grows")
        #expect(Self.isDrop(write.revision(of: .posts(.everyone, newest: false, size: 2), body: full, answer: .post(made), member: "ada")))
        #expect(Self.isKeep(write.revision(of: .posts(.author("bob"), newest: true, size: 10), body: full, answer: .post(made), member: "ada")))
        #expect(Self.isKeep(write.revision(of: .post("2"), body: try Self.body(Self.post(2)), answer: .post(made), member: "ada")))

        // A book's kept page takes only a post about that book; its kept counts go either way.
        var aboutTheTempest = made
        aboutTheTempest.book = KiwiWire.Book(title: "The Tempest", authors: ["William Shakespeare"], isbn13: "9780141439600")
        let tempest = KiwiPostList.book(isbn13: "9780141439600")
        let onItsPage = try Self.replaced(
            write.revision(of: .posts(tempest, newest: true, size: 2), body: full, answer: .post(aboutTheTempest), member: "ada")
        )
        #expect((onItsPage as? [[String: Any]])?.first?["id"] as? String == "9")
        #expect(Self.isKeep(write.revision(of: .posts(tempest, newest: true, size: 2), body: full, answer: .post(made), member: "ada")))
        let other = KiwiPostList.book(isbn13: "9780743482837")
        #expect(Self.isKeep(write.revision(of: .posts(other, newest: true, size: 2), body: full, answer: .post(aboutTheTempest), member: "ada")))
        #expect(Self.isDrop(write.revision(of: .book("9780141439600"), body: Data("{}".utf8), answer: .post(aboutTheTempest), member: "ada")))
    }

    @Test func aDeletedPostLeavesEveryKeptListAndItsOwnReadsGo() throws {
        let write = KiwiWrite.deletePost(postID: "2")
        let page = try Self.body([Self.post(3), Self.post(2), Self.post(1)])
        let left = try Self.replaced(
            write.revision(of: .posts(.author("ada"), newest: true, size: 10), body: page, answer: .done(id: nil), member: "ada")
        )
        #expect((left as? [[String: Any]])?.map { $0["id"] as? String } == ["3", "1"])
        #expect(Self.isDrop(write.revision(of: .post("2"), body: try Self.body(Self.post(2)), answer: .done(id: nil), member: "ada")))
        #expect(Self.isDrop(write.revision(of: .comments(post: "2"), body: try Self.body([]), answer: .done(id: nil), member: "ada")))
        #expect(Self.isKeep(write.revision(of: .post("3"), body: try Self.body(Self.post(3)), answer: .done(id: nil), member: "ada")))
        let elsewhere = try Self.body([Self.post(3), Self.post(1)])
        #expect(Self.isKeep(write.revision(of: .posts(.everyone, newest: true, size: 10), body: elsewhere, answer: .done(id: nil), member: "ada")))
    }

    @Test func aCommentIsCountedAndItsPostsKeptCommentsGo() throws {
        let write = KiwiWrite.comment(postID: "2", text: "yes")
        let page = try Self.body([Self.post(2, comments: 1)])
        let counted = try Self.replaced(
            write.revision(of: .posts(.feed(of: "ada"), newest: true, size: 10), body: page, answer: .done(id: "40"), member: "ada")
        )
        #expect((counted as? [[String: Any]])?.first?["commentCount"] as? Int == 2)
        #expect(Self.isDrop(write.revision(of: .comments(post: "2"), body: try Self.body([]), answer: .done(id: "40"), member: "ada")))
        #expect(Self.isKeep(write.revision(of: .comments(post: "3"), body: try Self.body([]), answer: .done(id: "40"), member: "ada")))

        let uncomment = KiwiWrite.uncomment(commentID: "40")
        let comments = try Self.body([
            ["id": "40", "author": ["username": "ada"], "text": "yes"], ["id": "41", "author": ["username": "bob"], "text": "no"],
        ])
        let kept = try Self.replaced(uncomment.revision(of: .comments(post: "2"), body: comments, answer: .done(id: nil), member: "ada"))
        #expect((kept as? [[String: Any]])?.map { $0["id"] as? String } == ["41"])
        let uncounted = try Self.replaced(
            uncomment.revision(
                of: .post("2"),
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
                    of: .post("2"),
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
        #expect(Self.isDrop(write.revision(of: .member("bob"), body: try Self.body(["username": "bob"]), answer: answer, member: "ada")))
        #expect(Self.isDrop(write.revision(of: .people(of: "bob"), body: empty, answer: answer, member: "ada")))
        #expect(Self.isDrop(write.revision(of: .people(of: "ada"), body: empty, answer: answer, member: "ada")))
        #expect(Self.isDrop(write.revision(of: .posts(.feed(of: "ada"), newest: true, size: 10), body: empty, answer: answer, member: "ada")))
        #expect(Self.isKeep(write.revision(of: .posts(.everyone, newest: true, size: 10), body: empty, answer: answer, member: "ada")))
        #expect(Self.isKeep(write.revision(of: .people(of: "cy"), body: empty, answer: answer, member: "ada")))
    }

    @Test func anUnreadableKeptPostListIsDroppedRatherThanShownWrong() throws {
        let like = KiwiWrite.like(postID: "2", liked: true)
        #expect(
            Self.isDrop(
                like.revision(
                    of: .posts(.everyone, newest: true, size: 10),
                    body: Data("<html>".utf8),
                    answer: .likes(.init(likes: 1)),
                    member: "ada"
                )
            )
        )
    }
}
