import Foundation
import KiwiWire
import Mustache
import Testing

@testable import KiwiServer

/// The page views that answer a template's lookups by name (`PageViews+Lookup.swift`) answer every
/// field they have, as reflection would: a field added to a view and not to its list fails here.
@Suite struct KiwiPageLookupTests {
    static let ada = KiwiUser(username: "ada", fullName: "Ada Lovelace", email: nil, avatar: "a.png", createdAt: Date())

    /// Each stored field, by its name, is what the view's lookup answers (nil for a nil field).
    func answersEveryField(_ view: some MustacheParent) {
        let fields = Mirror(reflecting: view).children
        #expect(!fields.isEmpty)
        for field in fields {
            let name = field.label ?? ""
            let optional = Mirror(reflecting: field.value)
            let value: Any? = optional.displayStyle == .optional ? optional.children.first?.value : field.value
            let answered = view.child(named: name)
            #expect(answered.map { String(describing: $0) } == value.map { String(describing: $0) }, "\(type(of: view)).\(name)")
        }
        #expect(view.child(named: "noSuchField") == nil, "an unknown name is left to the enclosing context")
    }

    @Test func cardsAuthorsAndCommentsAnswerEveryField() {
        let links = Links(base: "http://kiwi.test")
        let book = KiwiBook(title: "Jane Eyre", authors: ["Charlotte Brontë"], isbn13: "9780141441146")
        var post = KiwiPost(id: 7, owner: Self.ada, image: "p.jpg", caption: "Reader", createdAt: Date(), likes: 2, commentCount: 1, likedByMe: true)
        post.book = book
        post.spoiler = "the ending"
        answersEveryField(PageCard(post, links: links, guest: false))
        // Nil fields too: a guest's card has no image, this one no caption, book or warning.
        answersEveryField(
            PageCard(
                KiwiPost(id: 8, owner: Self.ada, image: "q.jpg", caption: nil, createdAt: Date(), likes: 0, commentCount: 0),
                links: links,
                guest: true
            )
        )
        answersEveryField(PageAuthor(Self.ada, links: links, guest: false))
        let author = PageAuthor(Self.ada, links: links, guest: true)
        answersEveryField(PageComment(id: 3, author: author, text: "Yes", warned: true, spoiler: "the attic", ago: "now", time: "t", deleteURL: "/d"))
        answersEveryField(PageComment(id: 4, author: author, text: "No", warned: false, spoiler: "", ago: "now", time: "t", deleteURL: nil))

        let card = PageCard(post, links: links, guest: false)
        let viewer = PageViewer(Self.ada, csrf: "c", unread: 2, links: links)
        answersEveryField(viewer)
        let pager = Pager("/", ListWindow(limit: 11), [card], key: \.id, of: "posts")
        let feed = FeedPage(posts: [card], following: false, live: true, pager: pager, here: "/")
        answersEveryField(feed)
        answersEveryField(Page(title: "Kiwi", viewer: viewer, content: feed, signUps: true))
        answersEveryField(Page(title: "Kiwi", viewer: nil, content: feed, signUps: false))
        for elsewhere in [nil, "https://bookwyrm.example/user/alice"] {
            answersEveryField(
                RemoteProfilePage(
                    handle: "alice@bookwyrm.example",
                    displayName: "Alice",
                    host: "bookwyrm.example",
                    avatarURL: "/a.png",
                    profileURL: "/@alice@bookwyrm.example",
                    elsewhereURL: elsewhere,
                    follows: true,
                    pending: false,
                    followsYou: true,
                    youBlocked: false,
                    blockedYou: true,
                    apart: true
                )
            )
        }
        let role = PageRole(value: "admin", title: "Admin", current: true)
        answersEveryField(
            ProfilePage(
                author: author,
                followers: 1,
                following: 2,
                streak: "3 days",
                mine: false,
                follows: true,
                followsYou: true,
                journey: "<section></section>",
                posts: [card],
                pager: pager,
                role: "Admin",
                hasRole: true,
                roles: [role],
                givesRoles: true,
                apart: false,
                youBlocked: false,
                blockedYou: false,
                muted: true,
                suspended: false,
                silenced: true,
                lifts: true,
                moderates: false
            )
        )
        let standing = KiwiBookStanding(book: book, reflections: 1, readers: 1, recentReaders: [Self.ada])
        let reading = KiwiReading(
            reader: "ada",
            book: book,
            shelf: .read,
            finished: "2024-03-15",
            rating: 5,
            review: "Yes",
            spoiler: "the end",
            updatedAt: Date()
        )
        for shelf in [PageShelfForm(isbn13: book.isbn13, current: reading), nil] {
            answersEveryField(
                BookPage(
                    book: PageBook(standing, cover: nil, links: links, guest: false),
                    shelves: KiwiWire.ShelfCounts(want: 0, reading: 0, read: 1),
                    shelf: shelf,
                    reviews: [PageReview(reading)],
                    posts: [card],
                    pager: pager,
                    here: "/books/\(book.isbn13)"
                )
            )
        }
    }

    @Test func anArchivesPostsAndRepliesAnswerEveryField() {
        let reply = KiwiWire.Archive.Reply(
            author: "bob",
            profile: "http://a/@bob",
            text: "Yes",
            spoiler: "the end",
            createdAt: "2026-01-02T10:00:00Z"
        )
        let posts = [
            KiwiWire.Archive.Post(
                url: "http://a/p/1",
                photo: "photos/1.jpg",
                caption: "Storm",
                description: "Sea",
                book: nil,
                spoiler: "the end",
                likes: 1,
                comments: 1,
                createdAt: "2026-01-02T10:00:00Z",
                replies: [reply]
            ),
            KiwiWire.Archive.Post(
                url: "http://a/p/2",
                photo: nil,
                caption: nil,
                description: nil,
                book: nil,
                spoiler: nil,
                likes: 0,
                comments: 0,
                createdAt: "2026-01-03T10:00:00Z"
            ),
        ]
        let archive = KiwiWire.Archive(
            server: "http://a",
            exportedAt: "2026-11-29T10:00:00Z",
            profile: .init(username: "ada", fullName: nil, email: nil, url: "http://a/@ada", createdAt: "2026-01-01T00:00:00Z", avatar: nil),
            posts: posts,
            comments: [],
            likes: [],
            following: [],
            followers: [],
            readings: []
        )
        let page = ArchivePage(archive)
        for post in page.posts { answersEveryField(post) }
        for reply in page.posts.flatMap(\.replies) { answersEveryField(reply) }
    }
}
