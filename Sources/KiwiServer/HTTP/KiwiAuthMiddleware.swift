import Hummingbird
import KiwiServerSettings
import PluginAPI

/// Who is calling: the member, from `Authorization: Bearer <token>` or the `session` cookie, and
/// the client's address (`ClientAddress`, worked out only when a write asks for it).
struct KiwiAuthMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext
    let accounts: Accounts
    let trustedProxies: [AddressRange]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.address = ClientAddress(headers: request.headers, trustedProxies: trustedProxies)
        if let token = Self.token(in: request) {
            let hash = SessionTokens.hash(token)
            if let (user, suspended) = try await caller(bySession: hash) {
                context.tokenHash = hash
                if !suspended { context.caller = user }
            }
        }
        return try await next(request, context)
    }

    /// The connection's task keeps the room its deepest call took for as long as the connection
    /// stays open (a live stream's, for hours): so a session not kept in memory is looked up in a
    /// task of its own, whose room is given back when it ends (a store call is the deepest a
    /// request makes); detached, it copies none of the request's task-local values. A kept one is
    /// read in place (a task for it cost a logged-in read a third of its rate), in this function
    /// of its own, whose room is given back before the request goes on. So is whether the member
    /// is suspended (a suspended member's session does nothing).
    private func caller(bySession hash: String) async throws -> (user: KiwiUser, suspended: Bool)? {
        if let kept = accounts.keptMember(bySession: hash), let standings = accounts.standings.kept {
            return (kept, standings.suspended.contains(kept.username))
        }
        return try await Task.detached(operation: { [accounts] () -> (user: KiwiUser, suspended: Bool)? in
            guard let user = try await accounts.member(bySession: hash) else { return nil }
            return (user, try await accounts.standings.current().suspended.contains(user.username))
        }).value
    }

    static func token(in request: Request) -> String? {
        if let authorization = request.headers.single(.authorization), authorization.lowercased().hasPrefix("bearer ") {
            return authorization.dropFirst(7).trimmed
        }
        return request.cookies[SessionCookie.name]?.value
    }
}
