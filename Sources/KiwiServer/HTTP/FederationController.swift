import Foundation
import HTTPTypes
import Hummingbird
import KiwiWire

/// How other servers find the community (`--federation on`): `GET /.well-known/webfinger`,
/// `GET /.well-known/nodeinfo`, `GET /nodeinfo/2.1`, the server's actor at `GET /actor`, and a
/// member's actor and collections at the API's own paths (`/users/<u>`, its `followers`,
/// `following` and `outbox`) to a request that asks for ActivityPub's JSON.
struct FederationController: Sendable {
    let federation: Federation
    let posts: Posts
    let reports: Reports
    var inbox: Inbox {
        Inbox(federation: federation, reports: reports, notes: RemoteNotes(federation: federation, posts: posts, accounts: federation.accounts))
    }

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        // The shared inbox, the server actor's, and each member's: one activity, however addressed.
        router.post("/inbox", use: Self.goneWhileSuspended(receive))
        router.post("/actor/inbox", use: Self.goneWhileSuspended(receive))
        router.post("/users/:username/inbox", use: Self.goneWhileSuspended(receiveForMember))
        router.get("/domain_blocks", use: blockedServers)
        router.group("/domain_blocks/:host").put(use: blockServer).delete(use: unblockServer)
        router.get("/.well-known/webfinger", use: Self.goneWhileSuspended(webFinger))
        router.get("/.well-known/nodeinfo") { _, _ in
            KiwiJSON.response(federation.nodeInfoLinks(), headers: Self.everyOrigin)
        }
        router.get("/nodeinfo/2.1") { _, _ in
            KiwiJSON.response(try await federation.nodeInfo(), headers: Self.everyOrigin.merging(type: Self.nodeInfoType))
        }
        router.get("/actor") { _, _ in Self.activity(try await federation.serverActor()) }
        router.get(
            "/users/:username/outbox",
            use: Self.goneWhileSuspended { _, context in Self.activity(try await federation.collection(.outbox, of: try context.username())) }
        )
    }

    /// A suspended member, to another server: 410 Gone (the API's own answers say 403), as
    /// Mastodon answers for a suspended account; nobody by that name stays 404.
    static func goneWhileSuspended(
        _ answer: @escaping @Sendable (Request, KiwiRequestContext) async throws -> Response
    ) -> @Sendable (Request, KiwiRequestContext) async throws -> Response {
        { request, context in
            do {
                return try await answer(request, context)
            } catch KiwiProblem.suspended {
                throw KiwiHTTPError(.gone, "this account is suspended", code: "suspended")
            }
        }
    }

    /// A path both the API and ActivityPub answer: ActivityPub's JSON to a server that asks for it
    /// (`Accept: application/activity+json`), the API's to everyone else; each says it varies so.
    func negotiated(
        api: @escaping @Sendable (Request, KiwiRequestContext) async throws -> Response,
        activity: @escaping @Sendable (Request, KiwiRequestContext) async throws -> Response
    ) -> @Sendable (Request, KiwiRequestContext) async throws -> Response {
        let activity = Self.goneWhileSuspended(activity)
        return { request, context in
            var response =
                try await Federation.wantsActivity(request.headers[.accept]) ? activity(request, context) : api(request, context)
            response.headers[.vary] = "Accept"
            return response
        }
    }

    @Sendable func actor(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        Self.activity(try await federation.actor(try context.username(), links: Links(base: federation.base)))
    }

    /// The servers an admin blocked, the most recent first (admins only).
    @Sendable func blockedServers(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        KiwiJSON.response(try await federation.serverBlocks.list(by: try context.requireCaller()).map(KiwiWire.DomainBlock.init))
    }

    /// Blocks a server, with an optional `{"reason": …}`; blocking it again changes the reason.
    @Sendable func blockServer(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let asked = try await request.decodeJSON(KiwiWire.DomainBlockRequest.self, ifEmpty: KiwiWire.DomainBlockRequest())
        let block = try await federation.serverBlocks.block(try context.host(), reason: asked.reason, by: caller)
        return KiwiJSON.response(KiwiWire.DomainBlock(block))
    }

    @Sendable func unblockServer(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let asked = try await request.decodeJSON(KiwiWire.Lifting.self, ifEmpty: KiwiWire.Lifting())
        try await federation.serverBlocks.unblock(try context.host(), reason: asked.reason, by: caller)
        return KiwiJSON.response(KiwiWire.Status())
    }

    /// A post as its `Note`: the id every activity about it names. A post from elsewhere is its
    /// author's server's to answer for (404 here).
    @Sendable func note(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let outbox = federation.outbox
        let post = try await posts.post(try context.postID(), viewer: nil)
        guard !Federation.isElsewhere(post.owner.username) else { throw KiwiProblem.noSuchPost }
        return Self.activity(outbox.photos.signed(outbox.note(for: post)).onItsOwn)
    }

    /// A comment as its `Note`, in reply to its post's: the id its `Create` and `Delete` name.
    /// Looked for among its post's comments: other servers ask for one now and then.
    @Sendable func commentNote(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let post = try context.postID()
        guard let id = context.parameters.get("comment", as: Int64.self),
            let comment = try await posts.comments(on: post, .everything, for: nil).first(where: { $0.id == id })
        else { throw KiwiProblem.noSuchComment }
        guard !Federation.isElsewhere(comment.owner.username) else { throw KiwiProblem.noSuchComment }
        let origin = try await federation.outbox.origin(ofPost: post, by: try await posts.author(of: post))
        return Self.activity(federation.outbox.note(for: comment, answering: origin).onItsOwn)
    }

    @Sendable func followers(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        Self.activity(try await federation.collection(.followers, of: try context.username()))
    }

    @Sendable func following(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        Self.activity(try await federation.collection(.following, of: try context.username()))
    }

    /// `?resource=acct:ada@HOST`, answered as a JSON Resource Descriptor that any page's script may
    /// read (RFC 7033 asks for CORS).
    @Sendable func webFinger(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let answer = try await federation.webFinger(request.uri.queryParameters.get("resource"))
        return KiwiJSON.response(answer, headers: Self.everyOrigin.merging(type: "application/jrd+json; charset=utf-8"))
    }

    /// An activity POSTed by another server: 202 once taken in, 401 when its signature does not hold.
    @Sendable func receive(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: FederationClient.maximumBytes)
        let (head, fields) = (request.head, request.headers)
        try await inbox.receive(
            Inbox.Arrival(
                target: head.path ?? "/",
                // HTTP/1's Host is the request's authority here.
                fields: { name in name == "host" ? head.authority : HTTPField.Name(name).flatMap { fields[$0] } },
                body: Data(buffer: body)
            )
        )
        return Response(status: .accepted)
    }

    /// The same, to a member's own inbox: 404 for nobody by that name, as any of their paths.
    @Sendable func receiveForMember(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        _ = try await federation.visible(try context.username())
        return try await receive(request, context: context)
    }

    static func activity(_ value: some Encodable) -> Response {
        KiwiJSON.response(value, headers: [.contentType: "\(Federation.activityJSON); charset=utf-8"])
    }

    static let everyOrigin: HTTPFields = [.accessControlAllowOrigin: "*"]
    static let nodeInfoType = #"application/json; profile="http://nodeinfo.diaspora.software/ns/schema/2.1#""#
}

extension HTTPFields {
    fileprivate func merging(type: String) -> HTTPFields {
        var fields = self
        fields[.contentType] = type
        return fields
    }
}
