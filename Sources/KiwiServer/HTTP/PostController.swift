import Foundation
import Hummingbird
import KiwiWire
import PluginAPI

/// Posts, likes, comments, uploads and the book search: `GET|POST /posts`, `GET /feed`,
/// `GET /users/<u>/posts`, `GET /books/<isbn13>/posts`, `GET|DELETE /posts/<id>`, `POST|DELETE /posts/<id>/like`,
/// `GET /posts/<id>/comments`, `POST /comments`, `GET /books/search`; with federation on, a
/// comment's `Note` at `GET /posts/<id>/comments/<comment>`.
struct PostController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker
    /// With federation on, a post's path is also its ActivityPub `Note`.
    var federation: FederationController? = nil

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        addOriginalRoutes(to: router)
        // The original answers its post routes under /api as well.
        addOriginalRoutes(to: router.group("api"))
        router.get("posts/:id/comments", use: comments).post("comments", use: commentOperation)
        if let federation {
            // A comment's `Note`, for other servers: the API reads comments by their post.
            let noRoute: @Sendable (Request, KiwiRequestContext) async throws -> Response = { _, _ in
                throw KiwiHTTPError(.notFound, "no such route")
            }
            router.get("posts/:id/comments/:comment", use: federation.negotiated(api: noRoute, activity: federation.commentNote))
        }
        router.get("feed", use: feed).get("users/:username/posts", use: userPosts).get("books/:isbn13/posts", use: bookPosts)
    }

    /// The routes the original serves at the root and under `/api`.
    func addOriginalRoutes(to routes: some RouterMethods<KiwiRequestContext>) {
        routes.group("posts").get(use: everyone).post(use: createPost)
        routes.group("posts/:id").get(use: federation.map { $0.negotiated(api: post, activity: $0.note) } ?? post).delete(use: deletePost)
        routes.group("posts/:id/like").post(use: like).delete(use: unlike)
        routes.get("books/search", use: searchBooks)
    }

    @Sendable func everyone(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await page(.everyone, request, context)
    }

    @Sendable func feed(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await page(.feed(of: try context.requireCaller().username), request, context)
    }

    @Sendable func userPosts(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let name = try context.username()
        _ = try await community.accounts.member(name)
        return try await page(.author(name), request, context)
    }

    /// A book's reflections: empty for a book nobody has posted about.
    @Sendable func bookPosts(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await page(.book(isbn13: try context.isbn13()), request, context)
    }

    /// A page for a reader who is not logged in is the same for all of them: its JSON (tagged) and
    /// its `Link` field are made once and kept with the page, by the address links point to and the
    /// query they keep. A logged-in reader's differs only in which posts they like: each post's
    /// JSON is kept both ways, and their page is spliced from it after one look at their likes. A
    /// feed is one reader's own, kept by nobody: encoded for them.
    private func page(_ selection: KiwiPostList, _ request: Request, _ context: KiwiRequestContext) async throws -> Response {
        let window = try request.window()
        let links = links(request, context)
        guard let reader = context.caller?.username else {
            let shared = try await community.posts.sharedPage(selection, window)
            let kept = shared.made(SharedPage.Encoding(forEveryone: true, links: links, query: request.uri.query)) {
                EncodedPage(
                    KiwiJSON.Tagged(
                        KiwiJSON.body(shared.posts.map { KiwiWire.Post($0, links: links) }),
                        headers: ListLinks(window, keys: shared.posts.map(\.id)).field(request, links: links)
                    )
                )
            }
            return KiwiJSON.response(tagged: kept.tagged)
        }
        guard selection.isShared else {
            let posts = try await community.posts.page(selection, window, for: reader)
            return KiwiJSON.response(
                posts.map { KiwiWire.Post($0, links: links) },
                headers: ListLinks(window, keys: posts.map(\.id)).field(request, links: links)
            )
        }
        let shared = try await community.posts.sharedPage(selection, window)
        let encoded = shared.made(SharedPage.Encoding(forEveryone: false, links: links, query: request.uri.query)) {
            EncodedPosts(shared.posts, links: links, link: ListLinks(window, keys: shared.posts.map(\.id)).field(request, links: links))
        }
        let liked = try await community.posts.likes(of: reader, on: shared)
        return KiwiJSON.response(
            tagged: encoded.tagged(liked: liked, leaving: try await community.posts.leftOut(of: shared.posts, selection, for: reader))
        )
    }

    @Sendable func post(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let post = try await community.posts.post(try context.postID(), viewer: context.caller?.username)
        return KiwiJSON.response(KiwiWire.Post(post, links: links(request, context)))
    }

    /// The parts of `POST /posts`.
    struct Upload: Decodable {
        var file: Data?
        var caption: String?
        /// What the photo shows, for people who cannot see it (our extension).
        var imageAlt: String?
        /// The ISBN-13 of the book the reflection is about (our extension).
        var book: String?
        /// What the reflection gives away (our extension).
        var spoiler: String?
    }

    /// Multipart `file` (an image, checked by its first bytes), optional `caption`, `imageAlt`,
    /// `book` and `spoiler`; exactly once with an `Idempotency-Key`.
    @Sendable func createPost(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let key = try request.idempotencyKey()
        let upload = try await request.photoForm(Upload.self, community: community, what: "a post")
        let links = links(request, context)
        let answer = try await community.posts.create(
            PostDraft(file: upload.file, caption: upload.caption, imageAlt: upload.imageAlt, isbn13: upload.book, spoiler: upload.spoiler),
            by: caller,
            key: key,
            form: "api",
            from: context.clientAddress
        ) { post in KiwiJSON.kept(KiwiWire.Post(post, links: links), status: .created) }
        return KiwiJSON.response(answer)
    }

    @Sendable func deletePost(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await community.posts.delete(try context.postID(), by: try context.requireCaller())
        return KiwiJSON.response(KiwiWire.Status())
    }

    @Sendable func like(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        KiwiJSON.response(
            KiwiWire.Likes(likes: try await community.posts.like(try context.postID(), by: try context.requireCaller(), from: context.clientAddress))
        )
    }

    @Sendable func unlike(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        KiwiJSON.response(
            KiwiWire.Likes(
                likes: try await community.posts.unlike(try context.postID(), by: try context.requireCaller(), from: context.clientAddress)
            )
        )
    }

    /// Oldest first, as the original answers them: the first thousand unless asked for fewer.
    @Sendable func comments(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let window = try request.wholeListWindow(newestFirst: false)
        let links = links(request, context)
        let comments = try await community.posts.comments(on: try context.postID(), window, for: context.caller?.username)
        return KiwiJSON.response(
            comments.map { KiwiWire.Comment($0, links: links) },
            headers: ListLinks(window, keys: comments.map(\.id), newestFirst: false).field(request, links: links)
        )
    }

    /// The fields of `POST /comments`, from a URL-encoded or a multipart body (the original reads either).
    struct CommentForm: Decodable {
        var operation, postid, text, commentid: String?
        /// What the comment gives away (our extension).
        var spoiler: String?
    }

    /// `operation=create, postid, text`, optional `spoiler` (exactly once with an `Idempotency-Key`; the answer names
    /// the new comment) or `operation=delete, commentid`.
    @Sendable func commentOperation(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await KiwiForms.decode(CommentForm.self, from: request, upTo: KiwiLimits.formBody)
        let caller = try context.requireCaller()
        switch form.operation {
        case "create":
            guard let postText = form.postid, let text = form.text else { throw KiwiHTTPError.badRequest("missing field 'postid' or 'text'") }
            guard let id = Int64(postText), id > 0 else { throw KiwiProblem.noSuchPost }
            let key = try request.idempotencyKey()
            return KiwiJSON.response(
                try await community.posts.comment(on: id, by: caller, text: text, spoiler: form.spoiler, key: key, from: context.clientAddress) {
                    comment in
                    KiwiJSON.kept(KiwiWire.Status(id: String(comment.id)))
                }
            )
        case "delete":
            guard let idText = form.commentid else { throw KiwiHTTPError.badRequest("missing field 'commentid'") }
            guard let id = Int64(idText) else { throw KiwiProblem.noSuchComment }
            try await community.posts.uncomment(id, by: caller)
        case nil:
            throw KiwiHTTPError.badRequest("missing field 'operation'")
        default:
            throw KiwiHTTPError.badRequest("unknown operation")
        }
        return KiwiJSON.response(KiwiWire.Status())
    }

    /// `GET /books/search?q=`: the original's shape, from a real search.
    @Sendable func searchBooks(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        KiwiJSON.response(try await community.books.find(request.uri.queryParameters.get("q") ?? ""))
    }
}

/// A shared page as every guest reads it: its JSON with its fields (`ETag`, `Link`) ready-made.
final class EncodedPage: Sendable {
    let tagged: KiwiJSON.Tagged

    init(_ tagged: KiwiJSON.Tagged) {
        self.tagged = tagged
    }
}

/// A shared page's posts encoded for logged-in readers: each both as liked and as not; and its
/// `Link` field, the same for all of them.
final class EncodedPosts: Sendable {
    let posts: [(id: Int64, liked: ByteBuffer, unliked: ByteBuffer)]
    /// The page as a reader who likes none of it sees it (most readers of most pages), and its tag.
    let unliked: ByteBuffer
    let unlikedTag: String
    let link: HTTPFields

    init(_ posts: [KiwiPost], links: Links, link: HTTPFields = [:]) {
        self.link = link
        self.posts = posts.map { post in
            var seen = post
            seen.likedByMe = true
            let liked = KiwiJSON.body(KiwiWire.Post(seen, links: links))
            seen.likedByMe = false
            return (post.id, liked, KiwiJSON.body(KiwiWire.Post(seen, links: links)))
        }
        unliked = Self.page(self.posts, liked: [])
        unlikedTag = KiwiETagMiddleware.tag(of: unliked)
    }

    /// The page for a reader who likes `liked` and keeps away the authors of `leaving`, tagged
    /// without hashing its bytes at every request: the page nobody likes, which of its posts the
    /// reader likes and which they do not see fix the bytes, so they fix the tag, the same on every
    /// server.
    func tagged(liked: Set<Int64>, leaving: Set<Int64> = []) -> KiwiJSON.Tagged {
        let theirs = posts.map(\.id).filter(liked.contains)
        guard !theirs.isEmpty || !leaving.isEmpty else { return KiwiJSON.Tagged(body: unliked, tag: unlikedTag, headers: link) }
        let left = leaving.isEmpty ? "" : " leaving \(posts.map(\.id).filter(leaving.contains).map(String.init).joined(separator: ","))"
        let tag = "\"\(Digest.sha256("\(unlikedTag) liked \(theirs.map(String.init).joined(separator: ","))\(left)").prefix(32))\""
        return KiwiJSON.Tagged(body: page(liked: liked, leaving: leaving), tag: tag, headers: link)
    }

    /// The page as a reader who likes `liked` sees it: the same bytes as encoding it for them.
    func page(liked: Set<Int64>, leaving: Set<Int64> = []) -> ByteBuffer { Self.page(posts, liked: liked, leaving: leaving) }

    private static func page(
        _ posts: [(id: Int64, liked: ByteBuffer, unliked: ByteBuffer)],
        liked: Set<Int64>,
        leaving: Set<Int64> = []
    ) -> ByteBuffer {
        var body = ByteBuffer()
        body.reserveCapacity(posts.reduce(2) { $0 + $1.unliked.readableBytes + 1 })
        body.writeStaticString("[")
        var first = true
        for post in posts where !leaving.contains(post.id) {
            if !first { body.writeStaticString(",") }
            first = false
            body.writeImmutableBuffer(liked.contains(post.id) ? post.liked : post.unliked)
        }
        body.writeStaticString("]")
        return body
    }
}
