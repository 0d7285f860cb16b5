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
            if let user = try await caller(bySession: hash) {
                context.tokenHash = hash
                if try await isSuspended(user.username) { context.suspended = true } else { context.caller = user }
            }
        }
        return try await next(request, context)
    }

    /// The connection's task keeps the room its deepest call took for as long as the connection
    /// stays open (a live stream's, for hours): so a session not kept in memory is looked up in a
    /// task of its own, whose room is given back when it ends (a store call is the deepest a
    /// request makes); detached, it copies none of the request's task-local values. A kept one is
    /// read in place (a task for it cost a logged-in read a third of its rate), in this function
    /// of its own, whose room is given back before the request goes on.
    private func caller(bySession hash: String) async throws -> KiwiUser? {
        if let kept = accounts.keptMember(bySession: hash) { return kept }
        return try await Task.detached(operation: { [accounts] in try await accounts.member(bySession: hash) }).value
    }

    /// Who is suspended is nearly always kept in memory; when it is not, it is asked once for
    /// every request that wants it, in a task of its own (`Standings.current`).
    private func isSuspended(_ name: String) async throws -> Bool {
        try await accounts.standings.current().suspended.contains(name)
    }

    static func token(in request: Request) -> String? {
        if let authorization = request.headers.single(.authorization), authorization.lowercased().hasPrefix("bearer ") {
            return authorization.dropFirst(7).trimmed
        }
        return request.cookies[SessionCookie.name]?.value
    }
}
