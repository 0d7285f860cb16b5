import Foundation

/// An activity to send to one inbox, signed with `signer`'s key (a member, or the server).
struct OutgoingDelivery: Sendable, Equatable {
    let inbox: String
    let activityID: String
    let signer: String
    let body: Data

    /// The inbox's server, as blocks name it.
    var host: String { BlockedServer.host(of: inbox) }
}

/// A queued delivery, as the queue hands it out.
struct Delivery: Sendable, Equatable {
    let id: Int64
    let outgoing: OutgoingDelivery
    /// Tries so far.
    let attempts: Int
    let queuedAt: Date
}
