/// What a write changed, as every server learns of it: the caches drop what it touches, live
/// streams tell the readers it concerns. With SQLite and memory the services say so in the process;
/// with PostgreSQL the database itself says so to every server (`NOTIFY`, see `PostgresSchema`),
/// in the same words: `kind:…` texts, parsed here.
enum KiwiChange: Sendable, Equatable {
    /// A post was made, changed (likes, comments) or deleted.
    case post(id: Int64, author: String, made: Bool)
    /// A member's profile or avatar changed.
    case member(String)
    /// A session ended (logged out): its token no longer names anyone.
    case sessionEnded(tokenHash: String)
    case follow(follower: String, followee: String, following: Bool)
    /// A notification was added (or withdrawn) for `recipient`.
    case notification(id: Int64, recipient: String, added: Bool)
    /// Some of `recipient`'s notifications were marked read.
    case read(recipient: String)
    /// A photo is no longer kept (its post deleted, an avatar replaced): every server drops its
    /// copies of it.
    case photoRemoved(String)
    /// A book's cover was fetched, or a fetch of it claimed or given up on for now.
    case cover(isbn13: String)
    /// A member's reading of a book was shelved or changed (`removed`: taken off their shelves).
    case reading(id: Int64, isbn13: String, reader: String, removed: Bool)
    /// `actor` blocked or muted `subject`, or lifted it: what each of them sees changes.
    case keptAway(actor: String, subject: String)
    /// A member deleted their account: everything of theirs is gone at once, so every cache
    /// forgets everything, and the live streams catch up.
    case accountDeleted(String)

    /// A change as the database's notice says it: `post:i|u|d:ID:AUTHOR`, `member:NAME`,
    /// `session:HASH`, `follow:i|d:FOLLOWER:FOLLOWEE`, `notification:i|d:ID:RECIPIENT`, `read:RECIPIENT`,
    /// `photo:NAME`, `cover:ISBN13`, `reading:i|u|d:ID:ISBN13:READER`, `keptAway:ACTOR:SUBJECT`, `gone:NAME`.
    /// Nil for anything else (a heartbeat, or a notice from a newer server).
    init?(notice: String) {
        let parts = notice.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        // A name that ends a notice may be a reader's elsewhere, whose host may name a port
        // (`alice@social.example:8443`): the rest of the notice is theirs.
        let rest = { (start: Int) in parts[start...].joined(separator: ":") }
        switch (parts.first, parts.count) {
        case ("post", 4...):
            guard let id = Int64(parts[2]) else { return nil }
            self = .post(id: id, author: rest(3), made: parts[1] == "i")
        case ("member", 2...): self = .member(rest(1))
        case ("session", 2): self = .sessionEnded(tokenHash: parts[1])
        case ("follow", 4): self = .follow(follower: parts[2], followee: parts[3], following: parts[1] == "i")
        case ("notification", 4):
            guard let id = Int64(parts[2]) else { return nil }
            self = .notification(id: id, recipient: parts[3], added: parts[1] == "i")
        case ("read", 2): self = .read(recipient: parts[1])
        case ("photo", 2): self = .photoRemoved(parts[1])
        case ("cover", 2): self = .cover(isbn13: parts[1])
        case ("reading", 5):
            guard let id = Int64(parts[2]) else { return nil }
            self = .reading(id: id, isbn13: parts[3], reader: parts[4], removed: parts[1] == "d")
        case ("keptAway", 3): self = .keptAway(actor: parts[1], subject: parts[2])
        case ("gone", 2...): self = .accountDeleted(rest(1))
        default: return nil
        }
    }
}
