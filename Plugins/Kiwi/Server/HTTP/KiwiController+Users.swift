import Foundation
import Hummingbird

extension KiwiController {
    @Sendable func signUp(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let body = try await json(KiwiWire.SignUp.self, request)
        if let problem = KiwiLimits.usernameProblem(body.username) { throw KiwiHTTPError.badRequest(problem) }
        guard !body.password.isEmpty, body.password.count <= 72 else { throw KiwiHTTPError.badRequest("password must be 1 to 72 characters") }
        try Self.checkProfile(fullName: body.fullname, email: body.email)
        let user = KiwiUser(username: body.username, fullName: body.fullname, email: body.email, avatar: nil, createdAt: Date())
        try await store.createUser(user, passwordHash: await hashPassword(body.password))
        return KiwiJSON.response(KiwiWire.User(user, links: links(request)), status: .created)
    }

    static func checkProfile(fullName: String?, email: String?) throws {
        if let problem = fullName.flatMap({ KiwiLimits.textProblem($0, field: "fullname", limit: KiwiLimits.fullName) })
            ?? email.flatMap({ KiwiLimits.textProblem($0, field: "email", limit: KiwiLimits.email) })
        {
            throw KiwiHTTPError.badRequest(problem)
        }
    }

    @Sendable func logIn(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let body = try await json(KiwiWire.Credentials.self, request)
        if let seconds = try await throttle.wait(for: body.username) {
            throw KiwiHTTPError(.tooManyRequests, "too many failed logins; try again in \(seconds) s")
        }
        guard let hash = try await store.passwordHash(of: body.username), await verifyPassword(body.password, hash: hash),
            let user = try await store.user(body.username)
        else {
            try await throttle.failed(body.username)
            throw KiwiHTTPError(.forbidden, "wrong username or password", code: "wrong_credentials")
        }
        try await throttle.succeeded(body.username)
        let token = KiwiTokens.make()
        try await store.createSession(tokenHash: KiwiTokens.hash(token), username: user.username)
        let cookie = Cookie(name: "session", value: token, path: "/", httpOnly: true, sameSite: .lax)
        return KiwiJSON.response(
            KiwiWire.Session(token: token, user: KiwiWire.User(user, links: links(request))),
            headers: [.setCookie: cookie.description]
        )
    }

    @Sendable func logOut(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        _ = try context.requireCaller()
        if let hash = context.tokenHash { try await store.deleteSession(tokenHash: hash) }
        return KiwiJSON.response(KiwiWire.Status(), headers: [.setCookie: "session=; Path=/; Max-Age=0"])
    }

    @Sendable func me(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        KiwiJSON.response(KiwiWire.User(try context.requireCaller(), links: links(request)))
    }

    @Sendable func user(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let user = try await store.user(try username(context)) else { throw KiwiStoreError.noSuchUser }
        return KiwiJSON.response(KiwiWire.User(user, links: links(request)))
    }

    @Sendable func updateUser(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let name = try username(context)
        let caller = try context.requireCaller()
        guard try await store.user(name) != nil else { throw KiwiStoreError.noSuchUser }
        guard caller.username == name else { throw KiwiHTTPError.notOwner }
        let body = try await json(KiwiWire.ProfileChange.self, request)
        try Self.checkProfile(fullName: body.fullname, email: body.email)
        let user = try await store.updateUser(name, fullName: body.fullname, email: body.email)
        return KiwiJSON.response(KiwiWire.User(user, links: links(request)))
    }

    @Sendable func follow(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let name = try username(context)
        guard name != caller.username else { throw KiwiHTTPError.badRequest("you cannot follow yourself") }
        try await store.follow(name, by: caller.username)
        return KiwiJSON.response(KiwiWire.Status())
    }

    @Sendable func unfollow(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await store.unfollow(try username(context), by: try context.requireCaller().username)
        return KiwiJSON.response(KiwiWire.Status())
    }

    @Sendable func followers(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let links = links(request)
        return KiwiJSON.response(try await store.followers(of: try username(context)).map { KiwiWire.User($0, links: links) })
    }

    @Sendable func following(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let links = links(request)
        return KiwiJSON.response(try await store.following(of: try username(context)).map { KiwiWire.User($0, links: links) })
    }
}
