import Foundation

/// A reader on another server who follows a member: where activities for them go, and the id of
/// their `Follow` (an `Undo` names it).
struct RemoteFollower: Sendable, Equatable {
    let actor: String
    let inbox: String
    let followID: String

    /// The follower's server, as blocks name it.
    var host: String { BlockedServer.host(of: actor) }
}
