import Foundation
import Hummingbird
import KiwiWire

extension KiwiController {
    @Sendable func signUp(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let body = try await json(KiwiWire.SignUp.self, request)
        let user = try await community.signUp(username: body.username, password: body.password, fullName: body.fullname, email: body.email)
        return KiwiJSON.response(KiwiWire.User(user, links: links(request)), status: .created)
    }

    @Sendable func logIn(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let body = try await json(KiwiWire.Credentials.self, request)
        let (token, user) = try await community.logIn(username: body.username, password: body.password)
        return KiwiJSON.response(
            KiwiWire.Session(token: token, user: KiwiWire.User(user, links: links(request))),
            headers: [.setCookie: SessionCookie.set(token, secure: links.secure)]
        )
    }

    @Sendable func logOut(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        _ = try context.requireCaller()
        if let hash = context.tokenHash { try await store.deleteSession(tokenHash: hash) }
        return KiwiJSON.response(KiwiWire.Status(), headers: [.setCookie: SessionCookie.cleared])
    }

    @Sendable func me(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        KiwiJSON.response(KiwiWire.User(try context.requireCaller(), links: links(request)))
    }

    @Sendable func user(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let user = try await community.member(try context.username())
        return KiwiJSON.response(KiwiWire.User(user, links: links(request)))
    }

    @Sendable func updateUser(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let name = try context.username()
        let caller = try context.requireCaller()
        try await community.requireOwner(name, caller)
        let body = try await json(KiwiWire.ProfileChange.self, request)
        let user = try await community.updateProfile(of: caller, fullName: body.fullname, email: body.email)
        return KiwiJSON.response(KiwiWire.User(user, links: links(request)))
    }

    /// The part of `PUT /users/<u>/avatar` (our extension).
    struct AvatarUpload: Decodable {
        var file: Data?
    }

    /// Multipart `file`: the member's new avatar, checked as a post's photo is.
    @Sendable func updateAvatar(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let name = try context.username()
        let caller = try context.requireCaller()
        try await community.requireOwner(name, caller)
        guard KiwiForms.isMultipart(request) else { throw KiwiHTTPError.badRequest("an avatar is multipart/form-data with a 'file' part") }
        let upload = try await uploadForm(AvatarUpload.self, request)
        let user = try await community.setAvatar(of: caller, file: upload.file)
        return KiwiJSON.response(KiwiWire.User(user, links: links(request)))
    }

    @Sendable func follow(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await community.follow(try context.username(), by: try context.requireCaller())
        return KiwiJSON.response(KiwiWire.Status())
    }

    @Sendable func unfollow(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await community.unfollow(try context.username(), by: try context.requireCaller())
        return KiwiJSON.response(KiwiWire.Status())
    }

    @Sendable func followers(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let links = links(request)
        return KiwiJSON.response(try await store.followers(of: try context.username()).map { KiwiWire.User($0, links: links) })
    }

    @Sendable func following(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let links = links(request)
        return KiwiJSON.response(try await store.following(of: try context.username()).map { KiwiWire.User($0, links: links) })
    }
}
