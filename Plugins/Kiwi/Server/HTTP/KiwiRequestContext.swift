import Hummingbird

/// The request context: who is calling, found from the bearer token or the `session` cookie.
struct KiwiRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var caller: KiwiUser?
    /// The SHA-256 of the caller's token, to end the session on logout.
    var tokenHash: String?

    init(source: Source) {
        coreContext = .init(source: source)
    }

    func requireCaller() throws -> KiwiUser {
        guard let caller else { throw KiwiHTTPError.notLoggedIn }
        return caller
    }

    /// The `:id` of a post's route; anything but a positive number is no such post.
    func postID() throws -> Int64 {
        guard let id = parameters.get("id", as: Int64.self), id > 0 else { throw KiwiStoreError.noSuchPost }
        return id
    }

    func username() throws -> String {
        try parameters.require("username")
    }
}
