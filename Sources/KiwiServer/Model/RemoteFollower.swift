import Foundation

/// A reader on another server who follows a member: where activities for them go, and the id of
/// their `Follow` (an `Undo` names it).
struct RemoteFollower: Sendable, Equatable {
    let actor: String
    /// `alice@bookwyrm.example`, as their actor named them when they followed; nil for a follow
    /// kept before handles were (v29).
    let handle: String?
    let inbox: String
    let followID: String

    /// The follower's server, as blocks name it.
    var host: String { BlockedServer.host(of: actor) }
}
