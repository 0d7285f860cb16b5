import Foundation

/// Whom a member keeps away and who keeps them away: what their reads leave out. A block works
/// both ways (neither sees the other); a mute hides the muted from the muter alone, and may end by
/// itself.
struct KiwiKeptAway: Sendable, Equatable {
    /// Members they blocked.
    var blocking: Set<String> = []
    /// Members who blocked them.
    var blockedBy: Set<String> = []
    /// Members they mute, and until when (nil: until unmuted).
    var muting: [String: Date?] = [:]

    static let nobody = KiwiKeptAway()

    var isEmpty: Bool { blocking.isEmpty && blockedBy.isEmpty && muting.isEmpty }

    /// Whether a block stands between them and `name`, either way.
    func blocks(_ name: String) -> Bool { blocking.contains(name) || blockedBy.contains(name) }

    func mutes(_ name: String, at now: Date = Date()) -> Bool {
        guard let until = muting[name] else { return false }
        return until.map { $0 > now } ?? true
    }

    /// Whether their lists leave out what `name` wrote or did: blocked either way, or muted.
    func hides(_ name: String, at now: Date = Date()) -> Bool { blocks(name) || mutes(name, at: now) }
}

/// A member someone blocked or muted, since when, and until when (a mute's end).
struct KeptAwayMember: Sendable, Equatable {
    var member: KiwiUser
    var since: Date
    var until: Date? = nil
}

/// What a block ended: the follows between the two, and the notifications of each from the other.
struct Blocking: Sendable {
    var unfollowed: [(follower: String, followee: String)] = []
    /// Withdrawn from the blocker's notifications, and from the blocked member's.
    var blockerNotices = Notices()
    var blockedNotices = Notices()
}
