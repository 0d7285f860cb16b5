import Foundation
import KiwiWire
import PluginAPI

// What the templates show: plain values, already worded, so the templates hold no logic
// beyond "if" and "for each" (Mustache has no more).

/// Every page: its title, who is reading (nil for a guest) and the page's own content.
struct Page<Content: Sendable>: Sendable {
    let title: String
    let viewer: PageViewer?
    let content: Content
    /// Whether the community takes new members: the pages offer to sign up only then.
    let signUps: Bool
    let stylesheet = PageAssets.stylesheetPath
    let favicon = "/uploads/\(Links.defaultAvatar)"
}

/// The logged-in reader, with the token every form of theirs carries and their unread count.
struct PageViewer: Sendable {
    /// As their posts show them (a name of its own: inside `{{#viewer}}`, `author` is still the page's).
    let me: PageAuthor
    let csrf: String
    let unread: Int
    /// Mustache's sections take no number as false: the count shows only when there is one.
    let hasUnread: Bool
    /// The script that keeps the unread count and the feed live (pages stay whole without it).
    let script = PageAssets.scriptPath
    var username: String { me.username }

    init(_ user: KiwiUser, csrf: String, unread: Int, links: Links) {
        me = PageAuthor(user, links: links, guest: false)
        self.csrf = csrf
        self.unread = unread
        hasUnread = unread > 0
    }
}

/// A post's or comment's author, linked to their profile.
struct PageAuthor: Sendable {
    let username, displayName, avatarURL, profileURL: String

    /// A guest's browser cannot load uploads (they need a session): guests see the built-in avatar.
    init(_ user: KiwiUser, links: Links, guest: Bool) {
        let wire = KiwiWire.User(user, links: links)
        username = user.username
        displayName = wire.displayName ?? user.username
        // Drawn at 40 px or less (96 on a profile): never more than the 96 px version.
        avatarURL =
            guest
            ? links.upload(Links.defaultAvatar) : user.avatar.flatMap { links.media($0, .w96) } ?? wire.avatarURL ?? links.upload(Links.defaultAvatar)
        profileURL = "/@\(user.username)"
    }
}

/// A post as the feed, a profile's grid and its own page show it.
struct PageCard: Sendable {
    let id: Int64
    let url: String
    /// nil for a guest, whose browser cannot load it: the page asks them to log in instead.
    let imageURL: String?
    /// The sized versions for `srcset`, as JPEG and as WebP; nil where the links sign none.
    let srcset, webpSrcset: String?
    let alt: String
    let caption, book: String?
    /// The warning shown in place of the photo and the caption, which open behind it; `warned`
    /// says whether there is one (a template's lookup of a value that is nil climbs every
    /// enclosing context by reflection: it cost a profile page half as much again).
    let warned: Bool
    let spoiler: String
    /// The book's page.
    let bookURL: String?
    let author: PageAuthor
    /// "3 hours ago", its ISO 8601 time, "2 likes", "1 comment".
    let ago, time, likes, comments: String
    let liked: Bool

    init(_ post: KiwiPost, links: Links, guest: Bool, now: Date = Date()) {
        let author = PageAuthor(post.owner, links: links, guest: guest)
        id = post.id
        url = "/p/\(post.id)"
        imageURL = guest ? nil : links.media(post.image, .w640) ?? links.upload(post.image)
        (srcset, webpSrcset) = guest ? (nil, nil) : (Self.srcset(post.image, .jpeg, links), Self.srcset(post.image, .webp, links))
        // The photo's own description, else its caption (what the author said of it), else whose it is.
        alt = post.imageAlt ?? post.caption ?? "photo by \(author.displayName)"
        caption = post.caption
        (warned, spoiler) = (post.spoiler != nil, post.spoiler ?? "")
        book = post.book.map { PageBook.byline($0.title, $0.authors) }
        bookURL = post.book.map { PageBook.url($0.isbn13) }
        self.author = author
        ago = RelativeTime.ago(now.timeIntervalSince(post.createdAt))
        time = isoTime(post.createdAt)
        likes = post.likes == 1 ? "1 like" : "\(post.likes) likes"
        comments = post.commentCount == 1 ? "1 comment" : "\(post.commentCount) comments"
        liked = post.likedByMe == true
    }

    /// "…/320.jpg?… 320w, …/640.jpg?… 640w, …/1280.jpg?… 1280w": the browser takes the smallest
    /// that fills the picture at the screen's density.
    private static func srcset(_ image: String, _ format: KiwiPhotoFormat, _ links: Links) -> String? {
        let sizes: [KiwiPhotoSize] = [.w320, .w640, .w1280]
        let candidates = sizes.compactMap { size in links.media(image, size, format).map { "\($0) \(size.rawValue)w" } }
        return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
    }
}

struct PageComment: Sendable {
    let id: Int64
    let author: PageAuthor
    let text: String
    /// The warning shown in place of the text, which opens behind it (as a card's).
    let warned: Bool
    let spoiler: String
    let ago, time: String
    /// The reader's own comments can be deleted.
    let deleteURL: String?
}

struct FeedPage: Sendable {
    let posts: [PageCard]
    let following: Bool
    /// The first page for a logged-in reader: new posts by the people they follow are announced live.
    let live: Bool
    let pager: Pager
    /// Where a like sends the reader back to.
    let here: String
}

struct PostPage: Sendable {
    let post: PageCard
    let comments: [PageComment]
    let mine: Bool
    let message: String?
    /// A refused comment's text and warning, shown again (not `spoiler`, which a comment's or the
    /// post's own lookup would find here when they have none).
    let text, commentSpoiler: String
    /// Where a like sends the reader back to.
    let here: String
}

struct ProfilePage: Sendable {
    let author: PageAuthor
    let followers, following: Int
    let streak: String
    let mine: Bool
    /// nil for a guest and on one's own profile.
    let follows: Bool?
    /// Whether they follow the reader, who may remove them.
    let followsYou: Bool
    /// The journey's section, rendered (`KiwiPages.journey`).
    let journey: String
    let posts: [PageCard]
    let pager: Pager
    /// "Admin" or "Moderator", shown to everyone; empty for a member.
    let role: String
    let hasRole: Bool
    /// The roles an admin may give from here, the member's own marked; empty for anyone else.
    let roles: [PageRole]
    let givesRoles: Bool
    /// A block stands between the reader and this member (either way): the page shows no more
    /// than the name and which way.
    let apart, youBlocked, blockedYou: Bool
    /// The reader mutes this member.
    let muted: Bool
    /// Suspended: the profile says so and shows nothing else. `lifts` for a moderator, who may
    /// lift the suspension or a silence here; `moderates` on a moderator's own profile, which
    /// links to the queue.
    let suspended, silenced, lifts, moderates: Bool
}

/// A choice of an admin's role form.
struct PageRole: Sendable {
    let value, title: String
    let current: Bool
}

/// The log-in and sign-up forms, shown again with what was typed and what went wrong.
struct AccountForm: Sendable {
    var username = ""
    var fullname = ""
    var email = ""
    var next = "/"
    var message: String?
    /// A sign-up that waits for a moderator's approval: the page says so instead of the form.
    var waiting = false
}

struct NewPostForm: Sendable {
    var caption = ""
    var imageAlt = ""
    var spoiler = ""
    /// The ISBN-13 of the book the post is about ("Post about this book" fills it in).
    var book = ""
    /// The words of a book search, and the books they found.
    var query = ""
    var matches: [PageBookMatch] = []
    var message: String?
    /// This form's `Idempotency-Key`: the same post however often it is sent.
    let key = UUID().uuidString
    /// "10 MB"
    let limit: String
}

struct SettingsForm: Sendable {
    var fullname: String
    var email: String
    let avatarURL: String
    var message: String?
    var saved = false
}

/// "Delete your account": what goes with it, and a form that asks for the password and the
/// username again; then what became of it.
struct LeavePage: Sendable {
    let username: String
    /// "12 posts, with their photos", "3 readings on your shelves": what goes.
    var goes: [String] = []
    var message: String?
    var deleted = false
}

/// "Delete this post?", "Log out?": a form that asks before it acts.
struct ConfirmPage: Sendable {
    let question, action, button, cancelURL: String
}

struct ErrorPage: Sendable {
    let status: Int
    let message: String
}

/// `/notifications`: the reader's notifications, newest first; those new since the last visit stand out.
struct NotificationsPage: Sendable {
    struct Item: Sendable {
        let author: PageAuthor
        /// "liked your post", "commented on your post: …", "followed you".
        let what: String
        /// A moderator's warning, or what came of the reader's report: said by the moderators,
        /// none of them named.
        let fromModerators: Bool
        let url: String
        let imageURL: String?
        let ago, time: String
        let new: Bool
    }

    let items: [Item]
    let pager: Pager
}

/// The links to a list's newer and older pages ("Newer posts", "Older notifications").
struct Pager: Sendable {
    let newerURL, olderURL: String?
    /// What the list holds: "posts", "notifications".
    let what: String

    /// The pages around a page of the list at `path` (keeping `query`), read by `window` (one
    /// longer than shown, `KiwiPages.listWindow`); `items` the page as fetched, newest first.
    init<Item>(_ path: String, query: String? = nil, _ window: ListWindow, _ items: [Item], key: (Item) -> Int64, of what: String) {
        let shown = window.shown(items)
        var asked = window
        asked.limit -= 1
        let keys = shown.map(key)
        // The extra item says whether the list goes on the way it was read; the other way it does
        // whenever this page was reached from there.
        let readingNewer = window.oldestFirst
        let fromStart = !window.byKey && window.offset == 0
        let newer = readingNewer ? items.count > shown.count : !fromStart
        let older = readingNewer || items.count > shown.count
        newerURL = newer ? asked.previous(before: keys, newestFirst: true).map { KiwiPages.listURL(path, query, $0) } : nil
        olderURL = older ? asked.next(after: keys, newestFirst: true).map { KiwiPages.listURL(path, query, $0) } : nil
        self.what = what
    }
}

/// A book as the pages show it: its page, its counts, and who reads it.
struct PageBook: Sendable {
    let isbn13, title, url, newPostURL: String
    let authors: String?
    /// "3 reflections", "2 readers"; and the numbers alone, under their names.
    let reflections, readers: String
    let reflectionCount, readerCount: Int
    let recentReaders: [PageAuthor]
    let cover: PageCover

    /// `cover`: the kept cover's image, if any.
    init(_ standing: KiwiBookStanding, cover: String?, links: Links, guest: Bool) {
        isbn13 = standing.book.isbn13
        self.cover = PageCover(isbn13: standing.book.isbn13, image: cover, links: links)
        title = standing.book.title
        url = Self.url(isbn13)
        newPostURL = "/new?book=\(isbn13)"
        authors = standing.book.authors.isEmpty ? nil : standing.book.authors.joined(separator: ", ")
        reflections = standing.reflections == 1 ? "1 reflection" : "\(standing.reflections) reflections"
        readers = standing.readers == 1 ? "1 reader" : "\(standing.readers) readers"
        (reflectionCount, readerCount) = (standing.reflections, standing.readers)
        recentReaders = standing.recentReaders.map { PageAuthor($0, links: links, guest: guest) }
    }

    static func url(_ isbn13: String) -> String { "/books/\(isbn13)" }

    /// "The Tempest by William Shakespeare".
    static func byline(_ title: String, _ authors: [String]) -> String {
        authors.isEmpty ? title : "\(title) by \(authors.joined(separator: ", "))"
    }
}

/// A book's cover on a page: the kept one at its sizes (WebP where smaller), else the generated one.
struct PageCover: Sendable {
    let src: String
    let srcset, webpSrcset: String?

    init(isbn13: String, image: String?, links: Links) {
        guard let image else {
            (src, srcset, webpSrcset) = ("\(PageBook.url(isbn13))/cover.svg", nil, nil)
            return
        }
        let sizes: [KiwiPhotoSize] = [.w96, .w320, .w640]
        func candidates(_ format: KiwiPhotoFormat) -> String {
            sizes.map { "\(links.cover(image, $0, format)) \($0.rawValue)w" }.joined(separator: ", ")
        }
        src = links.cover(image, .w320)
        (srcset, webpSrcset) = (candidates(.jpeg), candidates(.webp))
    }
}

/// A book the new-post form's search found: a link that fills it in.
struct PageBookMatch: Sendable {
    let byline, isbn13: String
}

struct BookPage: Sendable {
    let book: PageBook
    /// How many members want to read it, are reading it, have read it.
    let shelves: KiwiWire.ShelfCounts
    /// The viewer's own shelf for it, for the form that moves it; nil for a guest.
    let shelf: PageShelfForm?
    /// Its readers' latest reviews that the viewer may read.
    let reviews: [PageReview]
    let posts: [PageCard]
    let pager: Pager
    let here: String
}

struct PopularPage: Sendable {
    let books: [PageBook]
    let days: Int
}
