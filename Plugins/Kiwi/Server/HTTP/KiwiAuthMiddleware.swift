import Hummingbird
import PluginAPI

/// Finds the caller from `Authorization: Bearer <token>` or the `session` cookie.
struct KiwiAuthMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext
    let accounts: Accounts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let token = Self.token(in: request) {
            let hash = SessionTokens.hash(token)
            if let user = try await accounts.member(bySession: hash) {
                context.caller = user
                context.tokenHash = hash
            }
        }
        return try await next(request, context)
    }

    static func token(in request: Request) -> String? {
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            return authorization.dropFirst(7).trimmed
        }
        return request.cookies[SessionCookie.name]?.value
    }
}
