import Hummingbird
import KiwiWire
import NIOCore

/// The request context: who is calling, found from the bearer token or the `session` cookie.
struct KiwiRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var caller: KiwiUser?
    /// The SHA-256 of the caller's token, to end the session on logout. Set without a `caller`,
    /// the session is a suspended member's: they read as a guest, and whatever needs a member is
    /// refused as suspended (a field of its own would grow every frame that holds a context, which
    /// a live stream's connection keeps for hours).
    var tokenHash: String?
    /// The connection, which a live stream closes when its reader is dropped.
    let channel: any Channel
    /// Who is asking by address (`KiwiAuthMiddleware`), worked out when asked.
    var address: ClientAddress?

    /// The client's address, for the rate limits.
    var clientAddress: String? { address?.resolved(peer: channel.remoteAddress) }

    init(source: Source) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    func requireCaller() throws -> KiwiUser {
        guard let caller else { throw tokenHash == nil ? KiwiProblem.notLoggedIn : KiwiProblem.suspended }
        return caller
    }

    /// The `:id` of a post's route; anything but a positive number is no such post.
    func postID() throws -> Int64 {
        guard let id = parameters.get("id", as: Int64.self), id > 0 else { throw KiwiProblem.noSuchPost }
        return id
    }

    /// A report's number in the path (`:id` in the API's routes, `:report` in the pages').
    func reportID(_ parameter: String = "id") throws -> Int64 {
        guard let id = parameters.get(parameter, as: Int64.self), id > 0 else { throw KiwiProblem.noSuchReport }
        return id
    }

    func username() throws -> String {
        try parameters.require("username")
    }

    /// The server a path names (`/domain_blocks/<host>`).
    func host() throws -> String {
        try parameters.require("host")
    }

    /// The book a path names; 400 for anything but an ISBN-13.
    func isbn13() throws -> String {
        let isbn13 = try parameters.require("isbn13")
        guard KiwiWire.Book.isISBN13(isbn13) else { throw KiwiProblem.invalid("a book is named by its ISBN-13: 13 digits") }
        return isbn13
    }
}
