import Foundation
import KiwiMedia
import KiwiWire
import PluginAPI
import Synchronization

/// Posts, likes and comments with the community's rules: what a post is, who may delete it, who
/// hears of a like or a comment, how a feed pages. Pages that are the same for every reader are
/// kept in memory while true. An object: every request that reads a page holds it, and a copy of
/// its many parts (the books, the shelves, their caches) would retain each of them.
final class Posts: Sendable {
    let store: any PostStore
    let writes: Writes
    let books: Books
    /// Who keeps whom away: what a reader's lists leave out, and whose posts they may not touch.
    let blocks: Blocks
    /// A silenced member's posts stay off the public lists; a suspended one's off every list.
    let standings: Standings
    /// A post about a book on none of its author's shelves starts it.
    let shelves: Shelves
    /// The pages the same for every reader, kept while true.
    let shared: KiwiCache<PageKey, SharedPage>
    /// Books' pages, kept apart: a cache past its capacity starts again empty, and a reader going
    /// through many books must not empty the feed's.
    let bookPages: KiwiCache<PageKey, SharedPage>
    /// Who wrote each post: a post's author never changes, so nothing makes one stale (see `author(of:)`).
    let authors: KiwiCache<Int64, String>
    /// Posts and their deletions, for authors' followers on other servers (`--federation on`).
    let outbox: Outbox?

    init(
        store: any PostStore,
        writes: Writes,
        books: Books,
        blocks: Blocks,
        standings: Standings,
        shelves: Shelves,
        shared: KiwiCache<PageKey, SharedPage>,
        bookPages: KiwiCache<PageKey, SharedPage>,
        authors: KiwiCache<Int64, String>,
        outbox: Outbox? = nil
    ) {
        self.store = store
        self.writes = writes
        self.books = books
        self.blocks = blocks
        self.standings = standings
        self.shelves = shelves
        self.shared = shared
        self.bookPages = bookPages
        self.authors = authors
        self.outbox = outbox
    }

    struct PageKey: Hashable, Sendable {
        var selection: KiwiPostList
        var window: ListWindow
    }

    /// A post stands on the lists that may show it (`KiwiPostList.mayShow`, the rule the client
    /// keeps its reads by too); a member's name and avatar on every page they have a post on.
    @Sendable static func stalePages(_ change: KiwiChange) -> KiwiCache<PageKey, SharedPage>.Stale? {
        switch change {
        case .post(_, let author, _): .matching { key, _ in key.selection.mayShow(postBy: author) }
        case .member: .all
        default: nil
        }
    }

    /// A page as every reader sees it (`likedByMe` nil), kept while true when its selection is
    /// shared; without the posts of members not in good standing that the list leaves out (a
    /// change of standing is a change of the member, which drops every kept page).
    func sharedPage(_ selection: KiwiPostList, _ window: ListWindow) async throws -> SharedPage {
        let make = {
            let posts = try await self.store.posts(selection, window: window)
            let standings = try await self.standings.current()
            guard !standings.isEmpty else { return SharedPage(posts: posts) }
            return SharedPage(posts: posts.filter { !Self.leavesOut(selection, $0.owner.username, standings) })
        }
        guard selection.isShared else { return try await make() }
        let cache = if case .book = selection { bookPages } else { shared }
        return try await cache.value(for: PageKey(selection: selection, window: window), make: make)
    }

    /// A page as `reader` sees it: the shared page with their own likes, without what they keep away.
    func page(_ selection: KiwiPostList, _ window: ListWindow, for reader: String) async throws -> [KiwiPost] {
        let shared = try await sharedPage(selection, window)
        let liked = try await likes(of: reader, on: shared)
        let away = try await leftOut(of: shared.posts, selection, for: reader)
        return shared.posts.filter { !away.contains($0.id) }.map { post in
            var post = post
            post.likedByMe = liked.contains(post.id)
            return post
        }
    }

    /// Which posts of a page `reader` likes: what makes a shared page theirs. Kept with the page:
    /// a like or an unlike of any post on it drops the page (`stalePages`), so what the page keeps
    /// is true while the page is.
    func likes(of reader: String, on page: SharedPage) async throws -> Set<Int64> {
        guard !page.posts.isEmpty else { return [] }
        if let kept = page.likes(of: reader) { return kept }
        let liked = try await store.liked(by: reader, among: page.posts.map(\.id))
        page.keep(liked, of: reader)
        return liked
    }

    /// Which of `posts` a list for `reader` leaves out: those by a member a block stands between
    /// them and, and (but on the member's own list, which a mute leaves open) those they mute.
    func leftOut(of posts: [KiwiPost], _ selection: KiwiPostList, for reader: String?) async throws -> Set<Int64> {
        let kept = try await blocks.keptAway(for: reader)
        guard !kept.isEmpty else { return [] }
        let now = Date()
        let ownList = if case .author = selection { true } else { false }
        return Set(posts.filter { ownList ? kept.blocks($0.owner.username) : kept.hides($0.owner.username, at: now) }.map(\.id))
    }

    /// Whether `selection` leaves out what `author` posts: a silenced member's posts reach their
    /// followers' feeds and their own profile only; a suspended member's, no list at all.
    static func leavesOut(_ selection: KiwiPostList, _ author: String, _ standings: KiwiStandings) -> Bool {
        switch selection {
        case .everyone, .book: standings.keepsOffPublicLists(author)
        case .feed, .author: standings.suspended.contains(author)
        }
    }

    /// A post: nobody's a block stands between the viewer and, nor a suspended member's (as if
    /// it did not exist).
    func post(_ id: Int64, viewer: String?) async throws -> KiwiPost {
        guard let post = try await store.post(id, viewer: viewer), try await !blocks.keptAway(for: viewer).blocks(post.owner.username),
            try await !standings.current().suspended.contains(post.owner.username)
        else {
            throw KiwiProblem.noSuchPost
        }
        return post
    }

    /// A post of the draft's photo, answered as `answer` says; with a `key`, exactly once
    /// (`Idempotency`). `form` names the form it came from (the API's or a page's), whose answers
    /// differ. Nothing is stored when any of it is refused.
    func create(
        _ draft: PostDraft,
        by caller: KiwiUser,
        key: String?,
        form: String,
        from address: String?,
        answer: @escaping @Sendable (KiwiPost) throws -> (status: Int, body: Data)
    ) async throws -> (status: Int, body: Data) {
        let file = try writes.photos.precheck(draft.file)
        let caption = draft.caption.flatMap { $0.isEmpty ? nil : $0 }
        let imageAlt = draft.imageAlt.flatMap { $0.trimmed.isEmpty ? nil : $0 }
        let spoiler = try KiwiLimits.spoilerWarning(draft.spoiler)
        for (field, text, limit) in [("caption", caption, KiwiLimits.caption), ("imageAlt", imageAlt, KiwiLimits.imageAlt)] {
            if let problem = text.flatMap({ KiwiLimits.textProblem($0, field: field, limit: limit) }) { throw KiwiProblem.invalid(problem) }
        }
        let isbn13 = draft.isbn13
        let request = Idempotency.digest(form, Digest.sha256(file), caption, isbn13, imageAlt, spoiler)
        return try await writes.idempotency.once(key: key, account: caller.username, request: request, answer: answer) { keep in
            try await writes.limits.spend(.posts, account: caller.username, address: address)
            try await writes.limits.spend(.uploadBytes, account: caller.username, address: address, amount: file.count)
            // The book is found before anything is stored, so a wrong ISBN leaves nothing behind.
            var book: KiwiBook?
            if let isbn13, !isbn13.isEmpty {
                guard let named = try await books.named(isbn13) else { throw KiwiProblem.invalid("no book has the ISBN-13 \(isbn13)") }
                book = named
            }
            // Decoded last: a refused or rate-limited post costs no decoding.
            let photo = try await writes.photos.processed(file)
            let post = try await writes.photos.keep(photo) {
                try await store.createPost(
                    NewPost(owner: caller.username, image: $0, caption: caption, imageAlt: imageAlt, book: book, spoiler: spoiler),
                    keeping: keep
                )
            }
            tell(post: post.id, author: caller.username, made: true, Notices())
            // Queued with the post (never sent while it is answered); a database that fails now
            // costs the post's federation, not its answer.
            try? await outbox?.posted(post)
            if let book {
                // The post is stored: a database that fails now costs the shelf, not the post's answer.
                try? await shelves.startIfUnshelved(book, by: caller.username)
                // Its book's cover is fetched now if it is due, while the post is answered.
                books.covers.start(book.isbn13)
            }
            return post
        }
    }

    /// A post that was made elsewhere: brought from an archive (`Arrivals`), or a reader's on
    /// another server (`RemoteNotes`; `note`, the id it came as). Its photo goes through the same
    /// pipeline as any post's, its words, book and day stay as they were. Checked as a new post
    /// is; an import is limited as a whole, not post by post.
    func arrive(
        _ file: Data,
        caption: String?,
        imageAlt: String?,
        book: KiwiBook?,
        spoiler: String?,
        createdAt: Date,
        by owner: String,
        note: String? = nil
    ) async throws -> KiwiPost {
        let file = try writes.photos.precheck(file)
        let spoiler = try KiwiLimits.spoilerWarning(spoiler)
        for (field, text, limit) in [("caption", caption, KiwiLimits.caption), ("imageAlt", imageAlt, KiwiLimits.imageAlt)] {
            if let problem = text.flatMap({ KiwiLimits.textProblem($0, field: field, limit: limit) }) { throw KiwiProblem.invalid(problem) }
        }
        let photo = try await writes.photos.arrived(file)
        let post = try await writes.photos.keep(photo) {
            try await store.createPost(
                NewPost(
                    owner: owner,
                    image: $0,
                    caption: caption,
                    imageAlt: imageAlt,
                    book: book,
                    spoiler: spoiler,
                    createdAt: createdAt,
                    remoteID: note
                ),
                keeping: nil
            )
        }
        tell(post: post.id, author: owner, made: true, Notices())
        if let book { books.covers.start(book.isbn13) }
        return post
    }

    /// A comment that was made elsewhere, on its day: a member's own on their post, brought from
    /// an archive (it tells nobody), or a reader's reply on another server (`note`, its id), which
    /// tells the post's author as a member's comment does.
    func arrive(comment text: String, spoiler: String?, on id: Int64, createdAt: Date, by owner: String, note: String? = nil) async throws {
        guard !text.trimmed.isEmpty else { throw KiwiProblem.invalid("the comment is empty") }
        if let problem = KiwiLimits.textProblem(text, field: "comment", limit: KiwiLimits.comment) { throw KiwiProblem.invalid(problem) }
        let spoiler = try KiwiLimits.spoilerWarning(spoiler)
        let author = try await author(of: id)
        let commented = try await store.addComment(
            NewComment(
                post: id,
                author: owner,
                text: text,
                notifying: note == nil ? nil : Self.told(author, of: owner),
                spoiler: spoiler,
                createdAt: createdAt,
                remoteID: note
            ),
            keeping: nil
        )
        tell(post: id, author: commented.author, made: false, commented.notices)
    }

    /// A post or a comment its author edited where they wrote it (a reader elsewhere's `Update`):
    /// its words and spoiler warning anew, checked as a new one's are; false when `author` wrote
    /// no such post or comment.
    func edit(_ id: Int64, comment: Int64?, text: String?, spoiler: String?, of author: String) async throws -> Bool {
        let spoiler = try KiwiLimits.spoilerWarning(spoiler)
        let (field, limit) = comment == nil ? ("caption", KiwiLimits.caption) : ("comment", KiwiLimits.comment)
        if let problem = text.flatMap({ KiwiLimits.textProblem($0, field: field, limit: limit) }) { throw KiwiProblem.invalid(problem) }
        let edited: Bool
        if let comment {
            guard let text, !text.trimmed.isEmpty else { throw KiwiProblem.invalid("the comment is empty") }
            edited = try await store.editComment(comment, text: text, spoiler: spoiler, ifOwnedBy: author)
        } else {
            edited = try await store.editPost(id, caption: text, spoiler: spoiler, ifOwnedBy: author)
        }
        if edited { tell(post: id, author: try await self.author(of: id), made: false, Notices()) }
        return edited
    }

    /// Its author's only; the photo, likes, comments and notifications go with it.
    func delete(_ id: Int64, by caller: KiwiUser) async throws {
        await removed(try await owned(store.deletePost(id, ifOwnedBy: caller.username), else: .noSuchPost))
    }

    /// A moderator's removal: the post of `author` goes as if they deleted it (its photo's
    /// versions from every server); false when it was gone already.
    func remove(_ id: Int64, of author: String) async throws -> Bool {
        guard let removal = try await store.deletePost(id, ifOwnedBy: author), removal.removed else { return false }
        await removed(removal)
        return true
    }

    /// The same for a comment.
    func remove(comment id: Int64, of author: String) async throws -> Bool {
        guard let removal = try await store.deleteComment(id, ifOwnedBy: author), removal.removed else { return false }
        await removed(removal, comment: id)
        return true
    }

    /// Tells the community a post or a `comment` is gone (a post's photo with it, from every
    /// server), and its author's followers elsewhere.
    private func removed(_ removal: Removal, comment: Int64? = nil) async {
        if let image = removal.image {
            await writes.photos.discard(image)
            if removal.removed { try? await outbox?.deleted(post: removal.post, author: removal.postAuthor) }
        }
        if let comment, removal.removed { try? await outbox?.deleted(comment: comment, on: removal.post, author: removal.owner) }
        tell(post: removal.post, author: removal.postAuthor, made: false, removal.notices)
    }

    /// A like tells the post's author, unless it is their own.
    /// A post from elsewhere: its author's server hears of the like too.
    func like(_ id: Int64, by caller: KiwiUser, from address: String?) async throws -> Int {
        try await writes.limits.spend(.likes, account: caller.username, address: address)
        let author = try await author(of: id)
        try await blocks.refuseAcross(caller.username, author)
        let likes = try await like(id, by: caller.username)
        if Federation.isElsewhere(author) { try? await outbox?.liked(post: id, by: caller.username) }
        return likes
    }

    func unlike(_ id: Int64, by caller: KiwiUser, from address: String?) async throws -> Int {
        try await writes.limits.spend(.likes, account: caller.username, address: address)
        let likes = try await unlike(id, by: caller.username)
        if Federation.isElsewhere(try await author(of: id)) { try? await outbox?.unliked(post: id, by: caller.username) }
        return likes
    }

    /// A like as kept and told of, once the caller's rules held: a member's (above), or a reader's
    /// elsewhere, whose server's allowance and blocks `RemoteNotes` checked. Its author is told,
    /// unless it is their own or they are elsewhere (their server tells them).
    func like(_ id: Int64, by username: String) async throws -> Int {
        let author = try await author(of: id)
        let liking = try await store.like(id, by: username, notifying: Self.told(author, of: username))
        tell(post: id, author: liking.author, made: false, liking.notices)
        return liking.likes
    }

    func unlike(_ id: Int64, by username: String) async throws -> Int {
        let liking = try await store.unlike(id, by: username)
        tell(post: id, author: liking.author, made: false, liking.notices)
        return liking.likes
    }

    /// Whom a like or a comment by `actor` on a post by `author` tells: the author, unless it is
    /// their own or they are a reader elsewhere, whose own server tells them.
    private static func told(_ author: String, of actor: String) -> String? {
        author == actor || Federation.isElsewhere(author) ? nil : author
    }

    /// Who wrote the post, asked of the store once a post (an author never changes, and an id is never used again).
    func author(of id: Int64) async throws -> String {
        guard let author = try await authors.value(for: id, make: { try await store.author(of: id) }) else { throw KiwiProblem.noSuchPost }
        return author
    }

    /// What a delete found, refused unless it was the caller's: nothing at all is deleted then.
    private func owned(_ removal: Removal?, else missing: KiwiProblem) throws -> Removal {
        guard let removal else { throw missing }
        guard removal.removed else { throw KiwiProblem.notOwner }
        return removal
    }

    /// Tells the community what a write changed: the post's pages, and the notifications told or withdrawn.
    private func tell(post id: Int64, author: String, made: Bool, _ notices: Notices) {
        writes.changes.published(.post(id: id, author: author, made: made))
        writes.changes.published(notices, to: author)
    }

    /// Oldest first, without those of members `viewer` keeps away.
    func comments(on id: Int64, _ window: ListWindow, for viewer: String?) async throws -> [KiwiComment] {
        let comments = try await store.comments(on: id, window: window)
        let kept = try await blocks.keptAway(for: viewer)
        let suspended = try await standings.current().suspended
        guard !kept.isEmpty || !suspended.isEmpty else { return comments }
        let now = Date()
        return comments.filter { !kept.hides($0.owner.username, at: now) && !suspended.contains($0.owner.username) }
    }

    /// A comment, answered as `answer` says; with a `key`, exactly once (`Idempotency`). It tells
    /// the post's author, unless it is their own.
    func comment(
        on id: Int64,
        by caller: KiwiUser,
        text: String,
        spoiler: String? = nil,
        key: String?,
        from address: String?,
        answer: @escaping @Sendable (KiwiComment) throws -> (status: Int, body: Data)
    ) async throws -> (status: Int, body: Data) {
        guard !text.trimmed.isEmpty else { throw KiwiProblem.invalid("the comment is empty") }
        if let problem = KiwiLimits.textProblem(text, field: "comment", limit: KiwiLimits.comment) { throw KiwiProblem.invalid(problem) }
        let spoiler = try KiwiLimits.spoilerWarning(spoiler)
        let request = Idempotency.digest("comment", String(id), text, spoiler)
        return try await writes.idempotency.once(key: key, account: caller.username, request: request, answer: answer) { keep in
            try await writes.limits.spend(.comments, account: caller.username, address: address)
            let author = try await author(of: id)
            try await blocks.refuseAcross(caller.username, author)
            let commented = try await store.addComment(
                NewComment(post: id, author: caller.username, text: text, notifying: Self.told(author, of: caller.username), spoiler: spoiler),
                keeping: keep?.of(\.comment)
            )
            tell(post: id, author: commented.author, made: false, commented.notices)
            // Queued with the comment, as a post is.
            try? await outbox?.commented(commented.comment, onPostBy: author)
            return commented.comment
        }
    }

    /// Its author's only.
    func uncomment(_ id: Int64, by caller: KiwiUser) async throws {
        await removed(try await owned(store.deleteComment(id, ifOwnedBy: caller.username), else: .noSuchComment), comment: id)
    }

    /// The versions of an uploaded photo by its name (made now for one kept before versions existed).
    /// A server that may have missed the notice of a deletion (its listener not trusted) asks where
    /// the original lives before serving the copies it keeps.
    func versions(of name: String) async throws -> MediaManifest {
        if !writes.changes.isTrusted, try await !writes.photos.isKept(name, in: store) {
            await writes.photos.heardRemoved(name)
            throw KiwiProblem.noSuchUpload
        }
        return try await writes.photos.versions(of: name, in: store)
    }

    /// The reading streak, from the times of the member's posts of the last month, or of twice as
    /// long each time the streak reaches back that far.
    func streakDays(of name: String, now: Date = Date()) async throws -> Int {
        var span = 32.0
        while true {
            let days = KiwiStreak.days(try await store.postTimes(by: name, since: now.addingTimeInterval(-span * 86_400)), today: now)
            // A streak of `days` began at most `days + 1` days ago; the span holds the day before it
            // whole (a day of the calendar may be 25 hours), so older posts cannot lengthen it.
            if Double(days + 3) <= span { return days }
            span *= 2
        }
    }
}

/// What a member sends to make a post: the photo (checked by its first bytes), and what they wrote
/// of it: a caption, a description of the photo, the ISBN-13 of the book, and what it gives away.
struct PostDraft: Sendable {
    var file: Data?
    var caption: String? = nil
    var imageAlt: String? = nil
    var isbn13: String? = nil
    var spoiler: String? = nil
}

/// A page of posts as every reader sees it, kept while true. What a controller makes of it once
/// for every reader (its JSON, by the address links use) is kept with it, and goes with it.
final class SharedPage: Sendable {
    let posts: [KiwiPost]
    /// Objects, so that taking one back is a class's cast, not an existential's. A few, found by
    /// comparing: cheaper than hashing a key at every request.
    private let made = Mutex<[Made]>([])
    /// Which of its posts each reader who read it likes, up to `readersKept` readers.
    private let liked = Mutex<[String: Set<Int64>]>([:])
    static let readersKept = 4_096

    init(posts: [KiwiPost]) {
        self.posts = posts
    }

    /// What an encoding of the page depends on: for whom, the address and signing its links use,
    /// and the query asked (which its `Link` field repeats).
    struct Encoding: Equatable, Sendable {
        let forEveryone: Bool
        let base: String
        let expires: Int
        let query: String?

        init(forEveryone: Bool, links: Links, query: String?) {
            self.forEveryone = forEveryone
            base = links.base
            expires = links.media?.expires ?? 0
            self.query = query
        }
    }

    private struct Made {
        let encoding: Encoding
        let value: AnyObject & Sendable
    }

    func likes(of reader: String) -> Set<Int64>? {
        liked.withLock { $0[reader] }
    }

    func keep(_ likes: Set<Int64>, of reader: String) {
        liked.withLock { if $0.count < Self.readersKept { $0[reader] = likes } }
    }

    /// What `make` makes, kept for `encoding`. The encodings carry the address a request named (its
    /// Host), so only the first few are kept: a server answers to one or two names, and a stranger
    /// inventing names gets theirs made each time rather than growing the cache.
    func made<Value: AnyObject & Sendable>(_ encoding: Encoding, _ make: () -> Value) -> Value {
        if let kept = made.withLock({ $0.first { $0.encoding == encoding }?.value }) as? Value { return kept }
        let value = make()
        made.withLock { kept in
            if kept.count < 8 { kept.append(Made(encoding: encoding, value: value)) }
        }
        return value
    }
}
