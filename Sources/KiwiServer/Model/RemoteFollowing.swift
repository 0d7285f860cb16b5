import Foundation

/// A member's follow of a reader on another server: asked with a `Follow`, pending until their
/// server answers with an `Accept` (a `Reject` ends it).
struct RemoteFollowing: Sendable, Equatable {
    let actor: String
    /// `alice@bookwyrm.example`, as WebFinger named them.
    let handle: String
    /// Their own inbox: a `Follow` and its `Undo` are for them.
    let inbox: String
    /// The id of the member's `Follow`, which their `Accept` names.
    let followID: String
    var accepted = false

    /// Their server, as blocks name it.
    var host: String { BlockedServer.host(of: actor) }
}
