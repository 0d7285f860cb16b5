import Foundation
import KiwiWire
import PluginAPI

/// Talks to a Kiwi server (ours or any speaking the base contract) with typed
/// calls, and keeps the session token in `$XDG_DATA_HOME/toolbox/kiwi/session.json` (mode 0600).
struct KiwiClient: Sendable {
    let server: URL
    let sessions: JSONFileStore<KiwiSession?>
    /// Where reads are kept for offline use, and what a landed write drops from.
    let cache: ResponseCache
    let api: APIClient

    init(server: URL, web: WebClient, dataFolder: String) {
        self.server = server
        sessions = JSONFileStore(path: "\(dataFolder)/kiwi/session.json", empty: nil, mode: 0o600)
        cache = web.cache
        api = APIClient(
            service: "the Kiwi server",
            baseURL: server,
            namespace: "kiwi",
            web: web,
            headers: ["Accept": "application/json"],
            errorMessage: { try? JSONDecoder().decode(KiwiWire.Failure.self, from: $0).message },
            failure: Self.failure,
            unreachable: .unavailable(
                "cannot reach the Kiwi server at \(server.absoluteString)",
                hint: "start one with `toolbox kiwi serve`, or check kiwi.server (`--server URL`)"
            )
        )
    }

    /// Kiwi answers "not logged in" with 403 (the original's choice): both say how to log in. A
    /// 403 whose code names what stands in the way (ours) is said in the server's words instead.
    static func failure(_ failure: APIFailure) -> ToolboxError? {
        let code = (try? JSONDecoder().decode(KiwiWire.Failure.self, from: failure.body))?.error
        switch failure.status {
        case 403 where code.flatMap(permissionHint) != nil:
            return .permission(failure.message ?? "the Kiwi server refused", hint: code.flatMap(permissionHint))
        case 401,
            403 where failure.authenticated || failure.message?.contains("logged in") == true:
            return .authentication("the Kiwi server refused the session\(failure.said)", hint: "run `toolbox kiwi login USERNAME`")
        case 409 where code == "idempotency_key_in_use":
            // An earlier sending of the same write is still being answered: it is not refused.
            return .unavailable("the Kiwi server is still answering an earlier sending of this write\(failure.said)", hint: "try again shortly")
        case 409 where code == "report_closed":
            // Another moderator (or an earlier sending) acted first: nothing more to do.
            return .conflict(failure.message ?? "this report is closed already", hint: "`toolbox kiwi report show` says what came of it")
        case 409:
            return .conflict("the Kiwi server refused\(failure.said)", hint: "choose another username")
        case 413, 415, 422:
            // A photo refused for what it is: said in the server's words, with what to do about it.
            guard let hint = photoHint(status: failure.status, code: code) else { return nil }
            return .badData("the Kiwi server refused the photo\(failure.said)", hint: hint)
        case 502 where code == "remote_server_failed":
            // Another server of the fediverse (a reader followed there): refused now rather than kept,
            // or every later write would wait behind it for as long as that server is away.
            return .notFound(
                failure.message ?? "the other server cannot answer",
                hint: "check the name (user@host); if it is right, their server is away: try again later"
            )
        case 503 where code == "database_unavailable":
            // The server answers; its database does not: not the same as a server that is down.
            return .unavailable(
                "the Kiwi server's database is unavailable\(failure.said)",
                hint: "the server is up but cannot reach its database; try again in a moment"
            )
        case 503 where code == "media_store_unavailable":
            return .unavailable(
                "the Kiwi server's photo store is unavailable\(failure.said)",
                hint: "the server is up but cannot reach where it keeps photos; try again in a moment"
            )
        case 500..<600:
            return .unavailable(
                "the Kiwi server failed (HTTP \(failure.status))\(failure.said)",
                hint: "try again later; the server's log says what went wrong"
            )
        default:
            return nil
        }
    }

    /// What to do when the server says what stands in the way, by its machine code.
    static func permissionHint(_ code: String) -> String? {
        switch code {
        case "blocked": "nothing was sent, and nothing waits to be"
        case "you_blocked": "`toolbox kiwi unblock` them first"
        case "not_owner": "you can change or delete only your own posts and comments"
        case "not_admin": "ask one of the community's admins"
        case "not_moderator": "only the community's moderators and admins can; `toolbox kiwi report` tells them"
        case "suspended": "a moderator suspended this account; nothing was sent, and nothing waits to be"
        case "server_blocked": "an admin of this community blocked that server; nothing was sent, and nothing waits to be"
        default: nil
        }
    }

    /// What to do about a photo the server refused, by its machine code (ours) or its status (any server).
    static func photoHint(status: Int, code: String?) -> String? {
        switch (status, code) {
        case (413, _): "export it smaller from your photo app, or resize it"
        case (415, _), (_, "not_a_picture"): "choose a JPEG, PNG, GIF, WebP or HEIC photo"
        case (_, "too_many_pixels"): "resize it and post it again"
        case (_, "truncated_image"): "copy it again from where it came from, or export it again from your photo app"
        case (_, "unreadable_image"), (_, "image_too_slow"): "export it again as a JPEG from your photo app"
        default: nil
        }
    }

    // MARK: the session

    /// The saved session for this server; not logged in is exit 77 with what to run.
    func session() throws -> KiwiSession {
        guard let session = try sessions.load(), session.server == server.absoluteString else {
            throw ToolboxError.authentication("not logged in to \(server.absoluteString)", hint: "run `toolbox kiwi login USERNAME`")
        }
        return session
    }

    var isLoggedIn: Bool { (try? session()) != nil }

    /// A read kept for reading offline: asked afresh every time (one small round trip, 304 while
    /// nothing changed), answered from what was kept when the server cannot be reached or with
    /// `--offline`, and kept per member: another member who logs in here never sees it.
    /// `read` names what it is, so that a landed write revises it by what it is (`KiwiKeptRead`).
    func kept(_ call: APICall, as read: KiwiKeptRead? = nil) -> APICall {
        var call = call
        call.cache = Self.lastSeen
        call.cacheScope = (try? session())?.user.username
        call.cacheLabel = read?.label
        return call
    }

    /// Brings the kept reads a landed write changed up to date, or drops them (`KiwiWrite.revision`):
    /// no stale count after one's own like, and what was last seen still reads offline.
    func reviseReads(after write: KiwiWrite, answer: KiwiWriteAnswer) {
        guard let member = (try? session())?.user.username else { return }
        // A deleted comment's post is known from a kept list of its comments, read first.
        var uncommented: String?
        if case .uncomment(let comment) = write {
            cache.revise(namespace: "kiwi", scope: member) { label, body in
                if case .comments(let post) = KiwiKeptRead(label: label),
                    (try? JSONDecoder().decode([KiwiWire.Comment].self, from: body))?.contains(where: { $0.id == comment }) == true
                {
                    uncommented = post
                }
                return .keep
            }
        }
        cache.revise(namespace: "kiwi", scope: member) { label, body in
            guard let read = KiwiKeptRead(label: label) else { return .keep }
            return write.revision(of: read, body: body, answer: answer, member: member, uncommented: uncommented)
        }
    }

    /// The call with the session's token; `optional` sends it only when there is one.
    func authenticated(_ call: APICall, optional: Bool = false) throws -> APICall {
        var call = call
        if let token = optional ? (try? session())?.token : try session().token { call.headers["Authorization"] = "Bearer \(token)" }
        return call
    }

    @discardableResult
    /// Answers whether the account waits for a moderator's approval (202) rather than being made (201).
    func signUp(_ request: KiwiWire.SignUp) async throws -> Bool {
        try await api.send(APICall("users", method: "POST", body: .json(request))).status == 202
    }

    /// Logs in and keeps the session for the next commands.
    func logIn(_ credentials: KiwiWire.Credentials) async throws -> KiwiSession {
        let answer: KiwiWire.Session = try await api.decode(APICall("sessions", method: "POST", body: .json(credentials)))
        let session = KiwiSession(server: server.absoluteString, token: answer.token, user: answer.user)
        try sessions.update { $0 = session }
        return session
    }

    /// Ends the session on the server where it can, and forgets it here; false when the server could not.
    func logOut() async throws -> Bool {
        // A base-contract server has no logout route; forgetting the token here is what matters.
        let ended = (try? await api.send(try authenticated(APICall("sessions", method: "DELETE")))) != nil
        try sessions.delete()
        return ended
    }

    /// Deletes the account on the server (`DELETE /users/me`, with the password asked again) and
    /// forgets its session here.
    func deleteAccount(password: String) async throws {
        try await api.send(try authenticated(APICall("users/me", method: "DELETE", body: .json(KiwiWire.AccountDeletion(password: password)))))
        try sessions.delete()
    }

    /// Who the token belongs to: our server says so; a base-only server has no such route.
    func me() async throws -> KiwiWire.User {
        let session = try session()
        return (try? await api.decode(try authenticated(APICall("users/me")))) ?? session.user
    }

    func updateProfile(_ change: KiwiWire.ProfileChange) async throws -> KiwiWire.User {
        let session = try session()
        let user: KiwiWire.User = try await api.decode(
            try authenticated(APICall("users/\(session.user.username)", method: "PUT", body: .json(change)))
        )
        try sessions.update { $0?.user = user }
        return user
    }

    /// A new avatar (toolbox's extension `PUT /users/<u>/avatar`), checked beforehand as a post's photo is.
    func setAvatar(_ photo: KiwiPhoto) async throws -> KiwiWire.User {
        let session = try session()
        let (body, contentType) = try photo.multipart()
        let call = APICall(
            "users/\(session.user.username)/avatar",
            method: "PUT",
            body: .bytes(body, contentType: contentType),
            notFound: ToolboxError.notFound("this Kiwi server cannot change avatars", hint: "toolbox kiwi serve can; the original backend cannot")
        )
        let user: KiwiWire.User = try await api.decode(try authenticated(call))
        try sessions.update { $0?.user = user }
        return user
    }

    func user(_ name: String) async throws -> KiwiWire.User {
        try await api.decode(kept(APICall("users/\(name)", notFound: Self.noUser(name)), as: .member(name)))
    }

    // MARK: posts

    /// One page (counting from 1 here, from 0 on the wire).
    func posts(_ list: KiwiPostList, page: Int, pageSize: Int) async throws -> [KiwiWire.Post] {
        try await api.decode(try postsCall(list, Self.numbered(page - 1, size: pageSize), newest: page == 1, size: pageSize))
    }

    /// Every post, page after page.
    func allPosts(_ list: KiwiPostList, pageSize: Int = 50) async throws -> [KiwiWire.Post] {
        try await everyItem(size: pageSize, id: \.id) { query, first in try postsCall(list, query, newest: first, size: pageSize) }
    }

    private func postsCall(_ list: KiwiPostList, _ query: [(String, String)], newest: Bool, size: Int) throws -> APICall {
        // A base-contract server has no following feed (a server that is down is another error).
        let notFound =
            list.isShared
            ? nil
            : ToolboxError.usage("\(server.absoluteString) has no following feed (GET /feed)", hint: "use `toolbox kiwi feed` for everyone's posts")
        let call = kept(APICall(list.path, query: query, notFound: notFound), as: .posts(list, newest: newest, size: size))
        return try authenticated(call, optional: list.isShared)
    }

    /// A page by number, from 0, as the wire counts.
    private static func numbered(_ page: Int, size: Int) -> [(String, String)] {
        [("page", String(page)), ("pageSize", String(size))]
    }

    /// Every item of a list, page after page: along the `Link` header's `next` (a cursor, which
    /// costs the server the same at any depth) where the server sends one, else by page number
    /// until a short page (a base server); items that shifted onto the next page are dropped.
    /// `call` makes each page's call from its query, and whether it is the first page.
    func everyItem<Item: Decodable>(
        size: Int,
        id: (Item) -> String,
        _ call: ([(String, String)], _ first: Bool) throws -> APICall
    ) async throws -> [Item] {
        var seen = Set<String>()
        var items: [Item] = []
        var number = 0
        var query = Self.numbered(0, size: size)
        while true {
            let request = try call(query, number == 0)
            let response = try await api.send(request)
            let batch = try api.decode([Item].self, from: response.body, what: request.path)
            let fresh = batch.filter { seen.insert(id($0)).inserted }
            items += fresh
            // A short page is the end; so is one with nothing new (a server that sends the same page again).
            if batch.count < size || fresh.isEmpty { return items }
            number += 1
            query = response.headers[KiwiHeader.link.lowercased()].flatMap(Self.nextQuery) ?? Self.numbered(number, size: size)
        }
    }

    /// The query of a `Link` header's `next` (RFC 8288), as in `<…/posts?limit=50&max_id=7>; rel="next"`;
    /// only its query: the path and the server stay the ones asked (a token goes nowhere else).
    static func nextQuery(_ field: String) -> [(String, String)]? {
        for link in field.split(separator: ",") {
            let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.dropFirst().contains(where: { $0 == "rel=\"next\"" || $0 == "rel=next" }), let target = parts.first,
                target.hasPrefix("<"), target.hasSuffix(">"),
                let items = URLComponents(string: String(target.dropFirst().dropLast()))?.queryItems, !items.isEmpty
            else { continue }
            return items.map { ($0.name, $0.value ?? "") }
        }
        return nil
    }

    /// Always asked for afresh, but kept: `--offline` (or a server that is down) shows the last answer.
    static let lastSeen = CachePolicy(kind: "kept", timeToLive: 0)

    func post(_ id: String) async throws -> KiwiWire.Post {
        try await api.decode(try authenticated(kept(APICall("posts/\(id)", notFound: Self.noPost(id)), as: .post(id)), optional: true))
    }

    /// Upload names never change, so a photo is downloaded once and drawn again offline.
    static let photos = CachePolicy(kind: "photos", timeToLive: 365 * 86_400)

    /// About how many pixels wide a terminal cell draws: what picks a photo's version for a width in cells.
    static let cellPixels = 10

    /// A post's photo, through the cache: the smallest version at least `pixels` wide when the
    /// server names versions (nil: the whole photo). The session (uploads need a login) goes only
    /// to the server itself: a URL elsewhere (a CDN's signed URL) never gets the token.
    func photo(of post: KiwiWire.Post, filling pixels: Int?) async throws -> Data {
        let version = pixels.flatMap { post.imageVersions?.url(filling: $0) } ?? post.imageVersions?[KiwiPhotoSize.full.rawValue]
        guard let address = version ?? post.imageURL, let url = URL(string: address, relativeTo: server)?.absoluteURL else {
            throw ToolboxError.notFound("post \(post.id) has no photo")
        }
        let call = APICall(url: url, cache: Self.photos)
        let onServer = url.scheme == server.scheme && url.host == server.host && url.port == server.port
        let body = try await api.send(onServer ? try authenticated(call, optional: true) : call).body
        guard ImageSignature.kind(of: body) != nil else {
            throw ToolboxError.badData("the Kiwi server sent something that is not an image for post \(post.id)")
        }
        return body
    }

    /// A book's cover, through the cache (a cover's URL names it for good): the smallest version
    /// at least `pixels` wide; nil when the server has none yet. Public: no session goes with it.
    func cover(of book: KiwiWire.BookSummary, filling pixels: Int) async throws -> Data? {
        try await cover(book.cover, of: book.isbn13, filling: pixels)
    }

    /// The cover a shelf's entry names (see `cover(of:filling:)`).
    func cover(of entry: KiwiWire.ShelfEntry, filling pixels: Int) async throws -> Data? {
        try await cover(entry.cover, of: entry.book.isbn13 ?? "", filling: pixels)
    }

    private func cover(_ versions: KiwiPhotoVersions?, of isbn13: String, filling pixels: Int) async throws -> Data? {
        guard let versions, let address = versions.url(filling: pixels) ?? versions[KiwiPhotoSize.full.rawValue],
            let url = URL(string: address, relativeTo: server)?.absoluteURL
        else { return nil }
        let body = try await api.send(APICall(url: url, cache: Self.photos)).body
        guard ImageSignature.kind(of: body) != nil else {
            throw ToolboxError.badData("the Kiwi server sent something that is not an image for the cover of \(isbn13)")
        }
        return body
    }

    /// Sends a write (see `KiwiSync`, which keeps it until it lands); posts, comments and shelf
    /// changes carry `key` as their `Idempotency-Key`, so sending one twice makes one.
    func send(_ write: KiwiWrite, key: String, photo: KiwiPhoto?, progress: (@Sendable (Int) -> Void)?) async throws -> KiwiWriteAnswer {
        switch write {
        case .post(let caption, let book, let imageAlt, let spoiler):
            guard let photo else { throw ToolboxError.io("the kept post has lost its photo", hint: "drop it with `toolbox kiwi outbox drop`") }
            let words = KiwiPhoto.Words(caption: caption, imageAlt: imageAlt, book: book, spoiler: spoiler)
            return .post(try await createPost(photo, words, key: key, progress: progress))
        case .comment(let post, let text, let spoiler):
            return .done(id: try await comment(on: post, text: text, spoiler: spoiler, key: key))
        case .like(let post, let liked):
            return .likes(try await setLike(post, liked: liked))
        case .follow(let username, let following):
            try await setFollowing(username, following)
        case .removeFollower(let username):
            try await removeFollower(username)
        case .block(let username, let blocking):
            try await keepAway(username, "block", on: blocking)
        case .mute(let username, let muting, let seconds):
            try await keepAway(username, "mute", on: muting, body: seconds.map { .json(KiwiWire.MuteRequest(duration: $0)) })
        case .deletePost(let post):
            try await deletePost(post)
        case .uncomment(let comment):
            try await deleteComment(comment)
        case .shelve(let isbn13, let change, _):
            return .shelved(try await shelve(isbn13, change, key: key))
        case .unshelve(let isbn13):
            try await unshelve(isbn13)
        case .report(let subject, let category, let comment, let posts):
            return .report(try await report(subject, category: category, comment: comment, posts: posts))
        case .moderate(let report, let action, let reason):
            return .report(try await moderate(report, action, reason: reason))
        case .lift(let username, let what, let reason):
            try await lift(what, of: username, reason: reason)
        }
        return .done(id: nil)
    }

    /// Sends a photo checked beforehand (`KiwiPhoto`), so nothing half-posts.
    func createPost(
        _ photo: KiwiPhoto,
        _ words: KiwiPhoto.Words,
        key: String? = nil,
        progress: (@Sendable (Int) -> Void)?
    ) async throws -> KiwiWire.Post {
        let (body, contentType) = try photo.multipart(words)
        var call = APICall("posts", method: "POST", body: .bytes(body, contentType: contentType), headers: Self.once(key))
        call.uploadProgress = progress
        return try await api.decode(try authenticated(call))
    }

    /// The `Idempotency-Key` header, when there is a key.
    static func once(_ key: String?) -> [String: String] { key.map { [KiwiHeader.idempotencyKey: $0] } ?? [:] }

    func deletePost(_ id: String) async throws {
        try await api.send(try authenticated(APICall("posts/\(id)", method: "DELETE", notFound: Self.noPost(id))))
    }

    /// Likes (`liked`) or takes the like back; the new count.
    func setLike(_ id: String, liked: Bool) async throws -> KiwiWire.Likes {
        try await api.decode(try authenticated(APICall("posts/\(id)/like", method: liked ? "POST" : "DELETE", notFound: Self.noPost(id))))
    }

    /// What the server takes (`GET /instance`); nil from a server that does not say (the original).
    /// Kept for a day, and read from what was kept when the server cannot be reached.
    func mediaLimits() async -> KiwiWire.MediaLimits? {
        let call = APICall("instance", cache: CachePolicy(kind: "instance", timeToLive: 86_400))
        let instance: KiwiWire.Instance? = try? await api.decode(call)
        return instance?.configuration.mediaAttachments
    }

    /// Books for a query, from the server's book search (`GET /books/search`).
    /// Asked once: while the server's book search cannot answer, the reader is told at once to name
    /// the book by its ISBN-13, rather than made to wait through retries (`BookChoice`).
    func searchBooks(_ query: String) async throws -> [KiwiWire.Book] {
        var call = APICall("books/search", query: [("q", query)])
        call.retried = false
        return try await api.decode(call)
    }

    /// A book's counts and latest readers (a server of the base contract has none).
    func book(_ isbn13: String) async throws -> KiwiWire.BookSummary {
        let notFound = ToolboxError.notFound(
            "no book \(isbn13) on \(server.absoluteString): nobody has posted about it, or the server has no book pages",
            hint: "find a book's ISBN-13 with `toolbox kiwi books TITLE`"
        )
        return try await api.decode(try authenticated(kept(APICall("books/\(isbn13)", notFound: notFound), as: .book(isbn13)), optional: true))
    }

    /// The books most posted about in the last `days` days; `following`: by the people one follows only.
    func popularBooks(days: Int, following: Bool) async throws -> [KiwiWire.BookSummary] {
        let notFound = ToolboxError.notFound("\(server.absoluteString) does not say what its community reads (GET /books/popular)")
        var query = [("days", String(days))]
        if following { query.append(("following", "true")) }
        return try await api.decode(try authenticated(APICall("books/popular", query: query, notFound: notFound), optional: !following))
    }

    // MARK: comments

    /// Every comment, oldest first: a thousand to a page, the most the server sends at once.
    func comments(on id: String) async throws -> [KiwiWire.Comment] {
        try await everyItem(size: 1000, id: \.id) { query, _ in
            kept(APICall("posts/\(id)/comments", query: query, notFound: Self.noPost(id)), as: .comments(post: id))
        }
    }

    /// The new comment's id, when the server names it (ours does; the original answers only "ok").
    func comment(on id: String, text: String, spoiler: String? = nil, key: String? = nil) async throws -> String? {
        // A warning is sent only when there is one: servers of the base contract know no such field.
        let form = [("operation", "create"), ("postid", id), ("text", text)] + (spoiler.map { [("spoiler", $0)] } ?? [])
        let call = APICall("comments", method: "POST", body: .form(form), headers: Self.once(key), notFound: Self.noPost(id))
        let answer = try await api.send(try authenticated(call))
        return (try? JSONDecoder().decode(KiwiWire.Status.self, from: answer.body))?.id
    }

    func deleteComment(_ id: String) async throws {
        let form = [("operation", "delete"), ("commentid", id)]
        try await api.send(try authenticated(APICall("comments", method: "POST", body: .form(form), notFound: .notFound("no comment \(id)"))))
    }

    // MARK: notifications (toolbox's extension)

    /// One page of the reader's notifications, newest first (counting from 1 here).
    func notifications(page: Int, pageSize: Int, unreadOnly: Bool) async throws -> [KiwiWire.Notification] {
        try await api.decode(try notificationsCall(Self.numbered(page - 1, size: pageSize), unreadOnly: unreadOnly))
    }

    func allNotifications(pageSize: Int, unreadOnly: Bool) async throws -> [KiwiWire.Notification] {
        try await everyItem(size: pageSize, id: \.id) { query, _ in try notificationsCall(query, unreadOnly: unreadOnly) }
    }

    private func notificationsCall(_ query: [(String, String)], unreadOnly: Bool) throws -> APICall {
        // The server's next link keeps `unread`; a page by number says it again.
        let query = query.contains { $0.0 == "unread" } || !unreadOnly ? query : query + [("unread", "true")]
        return try authenticated(kept(APICall("notifications", query: query, notFound: Self.noNotifications)))
    }

    /// Marks the reader's notifications read, all or up to `id`; answers how many are left unread.
    func markRead(upTo id: String?) async throws -> Int {
        let call = APICall("notifications/read", method: "POST", body: .json(KiwiWire.MarkRead(upTo: id)), notFound: Self.noNotifications)
        let unread: KiwiWire.Unread = try await api.decode(try authenticated(call))
        return unread.count
    }

    /// The reader's live stream (`GET /events`), resuming after `lastEvent` when it is given:
    /// through the same client as every other request (`--verbose`, the host limit, the errors).
    func events(after lastEvent: String?) async throws -> AsyncThrowingStream<ServerSentEvent?, any Error> {
        var headers = EventStream.headers
        if let lastEvent { headers[KiwiHeader.lastEventID] = lastEvent }
        return EventStream.events(of: try await api.stream(try authenticated(APICall("events", headers: headers, notFound: Self.noLiveStream))))
    }

    /// The caller's archive (`GET /users/me/archive`): a zip as it arrives, and how many files it
    /// holds (nil from a server that does not say).
    func archive() async throws -> (files: Int?, bytes: AsyncThrowingStream<Data, any Error>) {
        let call = APICall("users/me/archive", headers: ["Accept": "application/zip"], notFound: Self.noArchive)
        let stream = try await api.open(try authenticated(call))
        return (stream.headers[KiwiHeader.archiveFiles.lowercased()].flatMap { Int($0) }, stream.body)
    }

    /// What bringing an archive would do (its `kiwi.json` alone is sent).
    func planArrival(_ document: Data) async throws -> KiwiWire.ArchiveArrival {
        let call = APICall("users/me/archive", method: "POST", body: .bytes(document, contentType: "application/json"), notFound: Self.noArchive)
        return try await api.decode(try authenticated(call))
    }

    /// Brings the archive at `path` into the account: the zip is sent as it is, mapped from the file
    /// rather than read into memory, and the server answers once every item is in. An hour at most:
    /// thousands of phone photos are processed as they arrive.
    func arrive(archive path: String, progress: @escaping @Sendable (Int) -> Void) async throws -> KiwiWire.ArchiveArrival {
        let zip: Data
        do {
            zip = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw ToolboxError.io("cannot read \(path)", hint: "check that the file exists and that you may read it")
        }
        var call = APICall("users/me/archive", method: "POST", body: .bytes(zip, contentType: "application/zip"), notFound: Self.noArchive)
        (call.uploadProgress, call.timeout) = (progress, 3_600)
        return try await api.decode(try authenticated(call))
    }

    static let noArchive = ToolboxError.notFound(
        "this Kiwi server cannot export archives",
        hint: "toolbox kiwi serve can; the original backend cannot"
    )
    static let noNotifications = ToolboxError.notFound(
        "this Kiwi server has no notifications",
        hint: "toolbox kiwi serve has them; the original backend does not"
    )
    static let noLiveStream = ToolboxError.notFound(
        "this Kiwi server has no live stream",
        hint: "toolbox kiwi serve has one; the original backend does not"
    )

    // MARK: following

    func setFollowing(_ name: String, _ following: Bool) async throws {
        try await api.send(try authenticated(APICall("users/\(name)/follow", method: following ? "POST" : "DELETE", notFound: Self.noUser(name))))
    }

    /// Ends `name`'s follow of the reader (toolbox's server; a 404 says they do not follow, or do not exist).
    func removeFollower(_ name: String) async throws {
        let notFound = ToolboxError.notFound("\(name) does not follow you", hint: "`toolbox kiwi followers` lists who does")
        try await api.send(try authenticated(APICall("users/me/followers/\(name)", method: "DELETE", notFound: notFound)))
    }

    /// A block or a mute (`what`) of `name`, or (`on` false) its end (toolbox's server).
    func keepAway(_ name: String, _ what: String, on: Bool, body: APICall.Body? = nil) async throws {
        let notFound =
            on
            ? Self.noUser(name)
            : ToolboxError.notFound("\(name) is not \(what == "block" ? "blocked" : "muted")", hint: "`toolbox kiwi \(what)s` lists them")
        let call = APICall("users/\(name)/\(what)", method: on ? "POST" : "DELETE", body: body, notFound: notFound)
        try await api.send(try authenticated(call))
    }

    /// Whom the reader blocked or mutes (`what`: `blocks` or `mutes`), most recent first.
    func keptAway(_ what: String) async throws -> [KiwiWire.KeptAway] {
        try await api.decode(try authenticated(APICall("users/me/\(what)")))
    }

    /// The readers elsewhere you blocked, as members named `alice@bookwyrm.example` (toolbox's
    /// server with federation on; none on any other).
    func remoteBlocks() async throws -> [KiwiWire.KeptAway] {
        do {
            let readers: [KiwiWire.RemoteReader] = try await api.decode(try authenticated(APICall("users/me/blocks/remote")))
            return readers.map { KiwiWire.KeptAway(user: $0.asUser, since: "") }
        } catch let error as ToolboxError where error.kind == .notFound {
            return []
        }
    }

    /// A report of a post, a comment or an account to the moderators (toolbox's server).
    func report(_ subject: KiwiWire.ReportSubject, category: String, comment: String?, posts: [String]) async throws -> KiwiWire.Report {
        let notFound: ToolboxError =
            switch subject {
            case .post(let id): Self.noPost(id)
            case .comment(let id): .notFound("no comment \(id)", hint: "`toolbox kiwi comments POST` lists a post's comments with their ids")
            case .account(let name): Self.noUser(name)
            }
        let body = KiwiWire.ReportRequest(category: category, comment: comment, posts: posts.isEmpty ? nil : posts)
        return try await api.decode(try authenticated(APICall(subject.path, method: "POST", body: .json(body), notFound: notFound)))
    }

    /// The open reports (`all`: every report), oldest first; for moderators.
    func reports(all: Bool) async throws -> [KiwiWire.Report] {
        try await api.decode(try authenticated(APICall("reports", query: [("limit", "100")] + (all ? [("all", "true")] : []))))
    }

    func report(_ id: String) async throws -> KiwiWire.Report {
        try await api.decode(try authenticated(APICall("reports/\(id)", notFound: Self.noReport(id))))
    }

    func moderate(_ id: String, _ action: String, reason: String?) async throws -> KiwiWire.Report {
        let body = KiwiWire.ModerationRequest(action: action, reason: reason)
        return try await api.decode(
            try authenticated(APICall("reports/\(id)/actions", method: "POST", body: .json(body), notFound: Self.noReport(id)))
        )
    }

    /// Lifts a suspension or a silence (`what`) of `name`.
    func lift(_ what: String, of name: String, reason: String?) async throws {
        let call = APICall("users/\(name)/\(what)", method: "DELETE", body: .json(KiwiWire.Lifting(reason: reason)), notFound: Self.noUser(name))
        try await api.send(try authenticated(call))
    }

    /// The audit log, newest first.
    func audit() async throws -> [KiwiWire.AuditEntry] {
        try await api.decode(try authenticated(APICall("audit", query: [("limit", "100")])))
    }

    static func noReport(_ id: String) -> ToolboxError { .notFound("no report \(id)", hint: "`toolbox kiwi reports --all` lists them") }

    /// The servers an admin blocked, the most recent first (toolbox's server, with federation on).
    func blockedServers() async throws -> [KiwiWire.DomainBlock] {
        try await api.decode(try authenticated(APICall("domain_blocks", notFound: Self.notFederated)))
    }

    /// Blocks a server (`mastodon.example`, or a URL on it), or changes why it is blocked.
    func blockServer(_ name: String, reason: String?) async throws -> KiwiWire.DomainBlock {
        let call = APICall(
            "domain_blocks/\(Self.serverName(name))",
            method: "PUT",
            body: .json(KiwiWire.DomainBlockRequest(reason: reason)),
            notFound: Self.notFederated
        )
        return try await api.decode(try authenticated(call))
    }

    func unblockServer(_ name: String, reason: String?) async throws {
        let host = Self.serverName(name)
        let notFound = ToolboxError.notFound(
            "\(host) is not blocked",
            hint: "`toolbox kiwi domains list` shows the blocked servers (a server blocks only with `kiwi serve --federation on`)"
        )
        let call = APICall("domain_blocks/\(host)", method: "DELETE", body: .json(KiwiWire.Lifting(reason: reason)), notFound: notFound)
        try await api.send(try authenticated(call))
    }

    /// A server's name as typed, or the host of a URL on it: what the path names.
    static func serverName(_ typed: String) -> String {
        let text = typed.trimmingCharacters(in: .whitespaces)
        let host = URLComponents(string: text.contains("://") ? text : "https://\(text)")?.host
        // Anything else goes as typed, for the server to say what is wrong with it.
        return (host?.isEmpty == false ? host : nil)?.lowercased() ?? text
    }

    static let notFederated = ToolboxError.notFound(
        "this Kiwi server does not speak to other servers",
        hint: "its operator turns it on with `toolbox kiwi serve --federation on --public-url https://…`"
    )

    /// `followers` or `following` of a reader.
    func people(_ relation: String, of name: String) async throws -> [KiwiWire.User] {
        try await api.decode(kept(APICall("users/\(name)/\(relation)", notFound: Self.noUser(name)), as: .people(of: name)))
    }

    /// The readers elsewhere in that list, `alice@bookwyrm.example` (toolbox's server with
    /// federation on; none on any other).
    func remotePeople(_ relation: String, of name: String) async throws -> [KiwiWire.RemoteReader] {
        do {
            return try await api.decode(kept(APICall("users/\(name)/\(relation)/remote")))
        } catch let error as ToolboxError where error.kind == .notFound {
            return []
        }
    }

    static func noPost(_ id: String) -> ToolboxError { .notFound("no post \(id)", hint: "see the posts with `toolbox kiwi feed`") }
    static func noUser(_ name: String) -> ToolboxError {
        // A reader elsewhere is named as their server shows them.
        .notFound(
            "no user \(name)",
            hint: name.dropFirst().contains("@") ? "check the name: user@host, as their server shows it" : "check the username"
        )
    }
}
