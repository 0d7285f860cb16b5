import Hummingbird
import KiwiWire

/// Who follows whom: `POST|DELETE /users/<u>/follow`, `GET /users/<u>/followers`, `GET /users/<u>/following`,
/// `DELETE /users/me/followers/<u>`; with federation on, `<u>` may be a reader elsewhere (`alice@host`)
/// to follow, and `GET /users/<u>/followers/remote` and `/following/remote` list them.
struct FollowController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker
    /// With federation on, the lists are also the actor's ActivityPub collections.
    var federation: FederationController? = nil

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        let followerList = federation.map { $0.negotiated(api: followers, activity: $0.followers) } ?? followers
        let followingList = federation.map { $0.negotiated(api: following, activity: $0.following) } ?? following
        router.group("users/:username").post("follow", use: follow).delete("follow", use: unfollow)
            .get("followers", use: followerList).get("following", use: followingList)
        router.delete("users/me/followers/:username", use: removeFollower)
        router.get("users/:username/followers/remote", use: remote(.followers)).get("users/:username/following/remote", use: remote(.following))
    }

    /// Ends that member's follow of the caller, and only that (our extension).
    @Sendable func removeFollower(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await community.follows.removeFollower(try context.username(), by: try context.requireCaller(), from: context.clientAddress)
        return KiwiJSON.response(KiwiWire.Status())
    }

    @Sendable func follow(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await setFollowing(true, context)
    }

    @Sendable func unfollow(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await setFollowing(false, context)
    }

    /// A member here, or (federation on) a reader elsewhere named `user@host`.
    private func setFollowing(_ following: Bool, _ context: KiwiRequestContext) async throws -> Response {
        try await community.setFollowing(following, try context.username(), by: try context.requireCaller(), from: context.clientAddress)
        return KiwiJSON.response(KiwiWire.Status())
    }

    /// Readers elsewhere who follow the member, or whom the member follows; the most recent first
    /// (our extension; with federation off, nobody is known elsewhere: 404).
    private func remote(_ direction: FollowDirection) -> @Sendable (Request, KiwiRequestContext) async throws -> Response {
        { [community] _, context in
            guard let federation = federation?.federation else { throw KiwiProblem.noSuchUser }
            let member = try await community.accounts.member(try context.username()).username
            let readers =
                switch direction {
                case .followers: try await federation.remoteFollows.followers(of: member)
                case .following: try await federation.remoteFollows.following(of: member)
                }
            return KiwiJSON.response(readers)
        }
    }

    /// Most recent first, as the original answers them: the first thousand unless asked for fewer.
    @Sendable func followers(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await people(.followers, request, context)
    }

    @Sendable func following(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await people(.following, request, context)
    }

    private func people(_ direction: FollowDirection, _ request: Request, _ context: KiwiRequestContext) async throws -> Response {
        let window = try request.wholeListWindow()
        let people = try await community.follows.people(direction, of: try context.username(), window)
        let links = links(request, context)
        return KiwiJSON.response(
            people.map { KiwiWire.User($0.member, links: links) },
            headers: ListLinks(window, keys: people.map(\.key)).field(request, links: links)
        )
    }
}
