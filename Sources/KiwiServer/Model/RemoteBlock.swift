import Foundation

/// A block between a member and a reader on another server: the member's (`byMember`), sent to
/// them as a `Block` under `blockID`, or theirs of the member, received. Either way no follow
/// stands between the two while it does.
struct RemoteBlock: Sendable, Equatable {
    let actor: String
    /// `alice@bookwyrm.example`.
    let handle: String
    /// Their own inbox: a `Block` and its `Undo` are for them.
    let inbox: String
    let blockID: String
    let byMember: Bool
}
