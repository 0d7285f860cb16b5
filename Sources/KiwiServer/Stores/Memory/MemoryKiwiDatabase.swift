import Foundation
import KiwiMedia
import KiwiServerSettings

/// Every store in memory: for tests that need no file or server, and `kiwi serve --database memory`
/// for a throwaway community. One actor holds every table, so what one store writes another sees.
actor MemoryKiwiDatabase: KiwiStorage {
    nonisolated let changes = KiwiChanges(shared: false)

    struct Member {
        var user: KiwiUser
        var passwordHash: String
        var pending = false
        var role = KiwiRole.member
        /// Since when the member is silenced or suspended, if they are.
        var silenced: Date? = nil
        var suspended: Date? = nil
        /// A reader elsewhere, kept as the author of what they sent: their actor's id.
        var actor: String? = nil
    }

    struct StoredPost {
        var post: KiwiPost
        /// Who likes it, and since when.
        var likers: [String: Date] = [:]
        /// The note it came as, for a post by a reader elsewhere.
        var remoteID: String? = nil
    }

    struct Follow: Equatable {
        var follower: String
        var followee: String
        var createdAt: Date
        /// Its key in lists of followers and following.
        var number: Int64
    }

    var members: [String: Member] = [:]
    /// The names of deleted accounts, lower-cased, and until when nobody may take them.
    var heldNames: [String: Date] = [:]
    /// The objects of the photos in a media store's bucket, by photo.
    var mediaObjects: [String: MediaManifest] = [:]
    /// Each actor's private key (PEM), by member (or the server's own).
    var actorKeys: [String: String] = [:]
    /// Readers on other servers who follow each member, by member, the most recent first.
    var remoteFollowers: [String: [RemoteFollower]] = [:]
    /// Readers on other servers whom each member follows, by member, the most recent first.
    var remoteFollowing: [String: [RemoteFollowing]] = [:]
    /// Blocks between members and readers elsewhere, both ways, by member, the most recent first.
    var remoteBlocks: [String: [RemoteBlock]] = [:]
    /// Servers an admin blocked, by name.
    var serverBlocks: [String: BlockedServer] = [:]
    /// Servers that fail every delivery, by host: since when, and until when their deliveries wait.
    var failingHosts: [String: (since: Date, heldUntil: Date?)] = [:]
    /// Deliveries still to make, by id, with when each is next due.
    var deliveries: [Int64: (delivery: Delivery, due: Date)] = [:]
    var sessions: [String: String] = [:]
    var posts: [Int64: StoredPost] = [:]
    var comments: [Int64: KiwiComment] = [:]
    /// The note each reply from elsewhere came as, by comment.
    var commentNotes: [Int64: String] = [:]
    var images: [String: StoredImage] = [:]
    /// In the order they were made.
    var follows: [Follow] = []
    /// A block or a mute: `by` keeps `of` away.
    struct KeptAway {
        var by, of: String
        var since: Date
        var until: Date? = nil
    }
    var blocks: [KeptAway] = []
    var mutes: [KeptAway] = []
    var notifications: [Int64: KiwiNotification] = [:]
    var reports: [KiwiReport] = []
    /// The copies reports keep of their posts' photos.
    var reportPhotos: [ReportPhotoKey: Data] = [:]
    struct ReportPhotoKey: Hashable {
        var report, post: Int64
    }
    /// The audit log, oldest first.
    var moderationLog: [KiwiAuditEntry] = []
    /// Answers kept for `Idempotency-Key`, by account and key.
    var answers: [String: (answer: KeptAnswer, keptAt: Date)] = [:]
    /// Books' covers, by ISBN-13.
    var covers: [String: BookCoverRecord] = [:]
    var owedDetails: [String: OwedDetails] = [:]
    /// The rate limits' counts.
    var rateCounts: [RateWindow: Int] = [:]
    /// Members' readings, by id.
    var readings: [Int64: KiwiReading] = [:]

    struct RateWindow: Hashable {
        var key: String
        var until: Int64
    }
    private var lastID: Int64 = 0

    init() {}

    /// Memory always answers.
    nonisolated func check() async throws {}

    func nextID() -> Int64 {
        lastID += 1
        return lastID
    }

    /// The member as they are now (posts and comments keep the name they were made with).
    func current(_ user: KiwiUser) -> KiwiUser { members[user.username]?.user ?? user }

    /// Tells `recipient` of `actor`'s doing; answers the notification's id.
    func notify(_ recipient: String, _ kind: KiwiNotification.Kind, by actor: String, post: Int64? = nil, comment: KiwiComment? = nil) -> Int64 {
        let actor = members[actor]?.user ?? KiwiUser(username: actor, createdAt: Date())
        let subject = post.flatMap { posts[$0] }.map { KiwiNotification.Subject(id: $0.post.id, image: $0.post.image, caption: $0.post.caption) }
        let notification = KiwiNotification(
            id: nextID(),
            recipient: recipient,
            kind: kind,
            actor: actor,
            post: subject,
            comment: comment?.text,
            commentSpoiler: comment?.spoiler,
            commentID: comment?.id,
            createdAt: Date(),
            read: false
        )
        notifications[notification.id] = notification
        return notification.id
    }

    /// Withdraws the notifications that match; answers their ids.
    func withdraw(where matches: (KiwiNotification) -> Bool) -> [Int64] {
        let withdrawn = notifications.values.filter(matches).map(\.id)
        for id in withdrawn { notifications[id] = nil }
        return withdrawn.sorted()
    }
}
