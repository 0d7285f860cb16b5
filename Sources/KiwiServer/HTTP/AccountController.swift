import Foundation
import Hummingbird
import KiwiServerSettings
import KiwiWire

/// Members and sessions: `POST /users`, `GET|PUT /users/<u>` (and its actor, with federation on), `GET|DELETE /users/me`,
/// `PUT /users/<u>/avatar`, `PUT /users/<u>/role`, `POST|DELETE /sessions`.
struct AccountController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker
    /// With federation on, a member's path is also their ActivityPub actor.
    var federation: FederationController? = nil

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.group("users").post(use: signUp).get("me", use: me).delete("me", use: deleteAccount)
        let member = federation.map { $0.negotiated(api: user, activity: $0.actor) } ?? user
        router.group("users/:username").get(use: member).put(use: updateUser).put("avatar", use: updateAvatar).put("role", use: giveRole)
        router.group("sessions").post(use: logIn).delete(use: logOut)
    }

    @Sendable func signUp(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let key = try request.idempotencyKey()
        let body = try await request.decodeJSON(KiwiWire.SignUp.self)
        let links = links(request, context)
        // A sign-up a moderator must approve is accepted, not yet made a member who can log in.
        let status: HTTPResponse.Status = community.accounts.registrations == .approval ? .accepted : .created
        let answer = try await community.accounts.signUp(
            username: body.username,
            password: body.password,
            fullName: body.fullname,
            email: body.email,
            key: key,
            from: context.clientAddress
        ) { user in KiwiJSON.kept(KiwiWire.User(user, links: links), status: status) }
        return KiwiJSON.response(answer)
    }

    @Sendable func logIn(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(KiwiWire.Credentials.self)
        let (token, user) = try await community.accounts.logIn(username: body.username, password: body.password, from: context.clientAddress)
        return KiwiJSON.response(
            KiwiWire.Session(token: token, user: KiwiWire.User(user, links: links(request, context))),
            headers: [.setCookie: SessionCookie.set(token, secure: links.secure)]
        )
    }

    @Sendable func logOut(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        _ = try context.requireCaller()
        if let hash = context.tokenHash { try await community.accounts.endSession(tokenHash: hash) }
        return KiwiJSON.response(KiwiWire.Status(), headers: [.setCookie: SessionCookie.cleared])
    }

    /// The caller, with their role (our extension).
    @Sendable func me(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        var user = KiwiWire.User(caller, links: links(request, context))
        user.role = try await community.accounts.role(of: caller.username).rawValue
        return KiwiJSON.response(user)
    }

    /// `{"password": …}` (our extension): the caller's account and everything of theirs goes, and
    /// so does the session's cookie.
    @Sendable func deleteAccount(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let body = try await request.decodeJSON(KiwiWire.AccountDeletion.self)
        try await community.deleteAccount(of: caller, password: body.password, from: context.clientAddress)
        return KiwiJSON.response(KiwiWire.Status(), headers: [.setCookie: SessionCookie.cleared])
    }

    /// `{"role": "member" | "moderator" | "admin"}`, from an admin (our extension); answers the
    /// member with their new role.
    @Sendable func giveRole(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let body = try await request.decodeJSON(KiwiWire.RoleChange.self)
        guard let role = KiwiRole(rawValue: body.role) else { throw KiwiProblem.invalid("role must be member, moderator or admin") }
        var user = KiwiWire.User(try await community.accounts.giveRole(role, to: try context.username(), by: caller), links: links(request, context))
        user.role = role.rawValue
        return KiwiJSON.response(user)
    }

    @Sendable func user(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let user = try await community.accounts.member(try context.username())
        var answer = KiwiWire.User(user, links: links(request, context))
        answer.standing = try await community.standings.current().standing(of: user.username)
        return KiwiJSON.response(answer)
    }

    @Sendable func updateUser(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let member = try await community.accounts.owned(try context.username(), by: try context.requireCaller())
        let body = try await request.decodeJSON(KiwiWire.ProfileChange.self)
        let user = try await community.accounts.updateProfile(of: member, fullName: body.fullname, email: body.email)
        // A new name is news to followers elsewhere; an email address is nobody's but the member's.
        if user.fullName != member.fullName { await profileChanged(user) }
        return KiwiJSON.response(KiwiWire.User(user, links: links(request, context)))
    }

    /// The part of `PUT /users/<u>/avatar` (our extension).
    struct AvatarUpload: Decodable {
        var file: Data?
    }

    /// Multipart `file`: the member's new avatar, checked as a post's photo is.
    @Sendable func updateAvatar(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let member = try await community.accounts.owned(try context.username(), by: try context.requireCaller())
        let upload = try await request.photoForm(AvatarUpload.self, community: community, what: "an avatar")
        let user = try await community.accounts.setAvatar(of: member, file: upload.file, from: context.clientAddress)
        await profileChanged(user)
        return KiwiJSON.response(KiwiWire.User(user, links: links(request, context)))
    }

    /// Queued with the change (never sent while it is answered); a database that fails now costs
    /// the news to other servers, not the change's answer.
    private func profileChanged(_ member: KiwiUser) async {
        try? await federation?.federation.profileChanged(member.username)
    }
}
