import Foundation
import Hummingbird
import KiwiWire

/// The routes of the Kiwi wire contract and its extensions.
struct KiwiController: Sendable {
    /// What members do, with the community's rules (the web pages call it too).
    let community: KiwiCommunity
    var store: any KiwiStore { community.store }
    /// Pages for readers who are not logged in, when no other process writes the store.
    let postListCache: PostListCache?
    let storeHealth: StoreHealth
    let links: LinkMaker

    func addRoutes(to router: Router<KiwiRequestContext>) {
        router.get("/health", use: health)
        router.get("/openapi.json") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: KiwiOpenAPI.document))
            )
        }
        router.post("/users", use: signUp)
        router.get("/users/me", use: me)
        router.get("/users/:username", use: user)
        router.put("/users/:username", use: updateUser)
        router.put("/users/:username/avatar", use: updateAvatar)
        router.post("/sessions", use: logIn)
        router.delete("/sessions", use: logOut)
        addPostRoutes(to: router)
        // The original answers its post routes under /api as well.
        addPostRoutes(to: router.group("api"))
        router.get("/posts/:id/comments", use: comments)
        router.post("/comments", use: commentOperation)
        router.get("/feed", use: feed)
        router.get("/users/:username/posts", use: userPosts)
        router.post("/users/:username/follow", use: follow)
        router.delete("/users/:username/follow", use: unfollow)
        router.get("/users/:username/followers", use: followers)
        router.get("/users/:username/following", use: following)
        router.get("/uploads/:file", use: upload)
    }

    /// Posts, likes and the book search: the routes the original serves at the root and under `/api`.
    func addPostRoutes(to routes: some RouterMethods<KiwiRequestContext>) {
        routes.get("posts", use: posts)
        routes.post("posts", use: createPost)
        routes.get("posts/:id", use: post)
        routes.delete("posts/:id", use: deletePost)
        routes.post("posts/:id/like", use: like)
        routes.delete("posts/:id/like", use: unlike)
        routes.get("books/search", use: searchBooks)
    }

    // MARK: helpers

    /// `GET /health`: 200 when the store answers, 503 saying what is wrong when it does not.
    @Sendable func health(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        if let problem = await storeHealth.problem() { throw KiwiHTTPError(.serviceUnavailable, problem, code: "unavailable") }
        return KiwiJSON.response(KiwiWire.Status())
    }

    /// A JSON body; anything unreadable or missing a required field is 400.
    func json<Body: Decodable>(_ type: Body.Type, _ request: Request) async throws -> Body {
        var request = request
        let buffer = try await request.collectBody(upTo: 64 * 1024)
        do {
            return try JSONDecoder().decode(Body.self, from: Data(buffer: buffer))
        } catch DecodingError.keyNotFound(let key, _) {
            throw KiwiHTTPError.badRequest("missing field '\(key.stringValue)'")
        } catch {
            throw KiwiHTTPError.badRequest("the body is not the JSON this route takes")
        }
    }

    /// `page` (from 0) and `pageSize` (1…100); anything else is 400, never "everything".
    func paging(_ request: Request) throws -> (page: Int, size: Int) {
        let query = request.uri.queryParameters
        func number(_ name: String, default value: Int) throws -> Int {
            guard let text = query.get(name) else { return value }
            guard let number = Int(text) else { throw KiwiHTTPError.badRequest("\(name) must be a whole number") }
            return number
        }
        let page = try number("page", default: 0)
        let size = try number("pageSize", default: KiwiLimits.defaultPageSize)
        guard KiwiLimits.page.contains(page) else { throw KiwiHTTPError.badRequest("page must be between 0 and \(KiwiLimits.page.upperBound)") }
        guard KiwiLimits.pageSize.contains(size) else { throw KiwiHTTPError.badRequest("pageSize must be between 1 and 100") }
        return (page, size)
    }
}

/// Where links point: `--public-url`, else the request's Host.
struct LinkMaker: Sendable {
    let publicURL: String?

    func callAsFunction(_ request: Request) -> Links {
        if let publicURL { return Links(base: publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL) }
        return Links(base: "http://\(request.head.authority ?? "127.0.0.1")")
    }

    /// Whether the session cookie may travel only over HTTPS: when the public URL says so.
    var secure: Bool { publicURL?.lowercased().hasPrefix("https://") == true }
}

extension Data {
    init(buffer: ByteBuffer) {
        self = buffer.withUnsafeReadableBytes { Data($0) }
    }
}
