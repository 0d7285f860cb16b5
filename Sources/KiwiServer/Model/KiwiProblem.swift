import KiwiMedia
import KiwiServerSettings
import KiwiWire

/// What can go wrong in the community, in its own words. The services and stores throw these;
/// one mapping (`KiwiProblem+Answers.swift`) says each as an HTTP status and a JSON error for the
/// API and as a sentence for the pages.
enum KiwiProblem: Error, Equatable, Sendable {
    case notLoggedIn
    /// Only the member who owns the profile, post or comment may change it.
    case notOwner
    case wrongCredentials
    /// A logged-in member's password, asked again before what cannot be undone, was not theirs.
    case wrongPassword
    /// An archive (`POST /users/me/archive`) that cannot be read as a whole: what is wrong, and where.
    case badArchive(String)
    case usernameTaken
    case noSuchUser
    case noSuchPost
    /// No post names the book, and the book search knows none by that ISBN-13.
    case noSuchBook
    case noSuchComment
    case noSuchUpload
    /// The book is on none of the member's shelves.
    case notOnShelves
    /// A field breaks one of the community's rules; the text says which and why
    /// ("caption must be at most 2200 characters").
    case invalid(String)
    case missingPhoto
    /// The photo pipeline would not take the photo, and says why.
    case photoRefused(PhotoRefusal)
    /// A photo URL whose signature is not the server's, or has expired (`MediaSigner`).
    case badMediaSignature
    case noBookSearch
    /// The book search did not answer; the text says what it said.
    case bookSearchFailed(String)
    /// The database does not answer (stopped, restarting, out of reach): nothing was done.
    case databaseUnavailable
    /// The object store keeping the photos does not answer, or not in time: nothing was stored.
    case mediaStoreUnavailable
    /// An `Idempotency-Key` that is not 1 to 255 visible ASCII characters.
    case badIdempotencyKey
    /// The key was used for a different request.
    case keyReused
    /// The request under this key is still being answered: try again in a moment.
    case stillAnswering
    /// The store found the key kept already (a request that raced this one): nothing was stored.
    case repeatedRequest
    /// A rate limit is reached: nothing was done, and the limit opens again in `retryAfter` seconds.
    case rateLimited(KiwiRateLimit, retryAfter: Int)
    /// The community takes no new members (`--registrations closed`).
    case registrationsClosed
    /// The account waits for a moderator's approval (`--registrations approval`, `kiwi approve`).
    case awaitingApproval
    /// The caller blocked the member they would follow, like or comment on.
    case youBlocked(String)
    /// The member the caller would follow, like or comment on has blocked them.
    case blockedYou(String)
    /// An unblock or unmute of someone not blocked or muted; the text says which.
    case notKeptAway(String)
    /// The member named does not follow the caller (removing a follower).
    case notAFollower
    /// Only an admin may do this (give roles).
    case notAdmin
    /// The change would leave the community without an admin.
    case lastAdmin
    /// Only a moderator or an admin may do this (act on reports and accounts).
    case notModerator
    /// The account is suspended: it cannot log in, and its sessions do nothing.
    case suspended
    case noSuchReport
    /// A moderator already closed the report; the text says how.
    case reportClosed(String)
    /// An activity from another server whose HTTP signature does not hold; the text says why.
    case badSignature(String)
    /// An activity from a server an admin blocked, or a follow of a reader there (the server named).
    case serverBlocked(String)
    /// Another server asked for a member (a follow there) did not answer as it should; the text says how.
    case remoteServerFailed(String)
    /// Unblocking a server that is not blocked (named).
    case serverNotBlocked(String)
}
