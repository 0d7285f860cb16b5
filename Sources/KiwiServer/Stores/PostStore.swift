import Foundation
import KiwiMedia
import KiwiWire

/// Posts with their images, likes and comments. Every write is one transaction and counts stay
/// exact under concurrent writers; a like or a comment writes the notification it is told to
/// (`notifying`, the service's choice) in the same transaction, an unlike or a deleted comment
/// withdraws it, and a deleted post takes its likes, comments, image and notifications along.
/// Writes answer what they did (`Notices`, `Removal`): who is told, who may delete, and what the
/// community hears of it are the services' rules, not a store's.
protocol PostStore: Sendable {
    /// A `.stored` image is written in the post's transaction: both exist, or neither; so is the
    /// answer to keep, if any (`repeatedRequest` when its key is kept already).
    func createPost(_ post: NewPost, keeping: AnswerToKeep<KiwiPost>?) async throws -> KiwiPost
    /// With `likedByMe` for `viewer` (nil for nobody).
    func post(_ id: Int64, viewer: String?) async throws -> KiwiPost?
    /// Newest first, ties broken by id: the same post never shows on two pages. The same for every
    /// reader (`likedByMe` is nil): `liked(by:among:)` makes a page a reader's own. Posts by
    /// readers elsewhere stand only on the feeds of the members who follow them.
    func posts(_ selection: KiwiPostList, window: ListWindow) async throws -> [KiwiPost]
    /// The book with this ISBN-13 as the posts about it name it, with its counts and its latest
    /// readers (at most `recentReaders`); nil when no post names it.
    func book(_ isbn13: String, recentReaders: Int) async throws -> KiwiBookStanding?
    /// The books posts made since `since` name, the most posted about first (then the most
    /// readers, then the latest posted about, then by ISBN), `limit` of them; with `followedBy`,
    /// counting only the posts of the members that reader follows.
    func popularBooks(since: Date, limit: Int, followedBy follower: String?) async throws -> KiwiPopularBooks
    /// Which of `ids` the reader likes.
    func liked(by reader: String, among ids: [Int64]) async throws -> Set<Int64>
    /// When `author` posted since `since`, newest first: the times alone, from the author's index.
    func postTimes(by author: String, since: Date) async throws -> [Date]
    /// Who wrote the post; nil for no such post.
    func author(of id: Int64) async throws -> String?
    /// Deletes the post if `owner` wrote it; nil for no such post.
    func deletePost(_ id: Int64, ifOwnedBy owner: String) async throws -> Removal?
    /// An image the store keeps; nil when it keeps none by that name.
    func image(_ name: String) async throws -> StoredImage?
    /// Whether the store keeps an image by that name, without reading it.
    func keepsImage(_ name: String) async throws -> Bool
    /// Likes (twice counts once, and tells nobody again); answers the count, the post's author
    /// and the notification written for `recipient`, if any.
    func like(_ id: Int64, by username: String, notifying recipient: String?) async throws -> Liking
    /// Withdraws the like and its notification.
    func unlike(_ id: Int64, by username: String) async throws -> Liking
    /// Oldest first; throws `noSuchPost` for no such post.
    func comments(on id: Int64, window: ListWindow) async throws -> [KiwiComment]
    /// With the notification for `recipient`, if any, and the answer to keep, if any, in the
    /// comment's transaction (as `createPost`).
    func addComment(_ comment: NewComment, keeping: AnswerToKeep<Commented>?) async throws -> Commented
    /// Deletes the comment if `owner` wrote it, and its notification; nil for no such comment.
    func deleteComment(_ id: Int64, ifOwnedBy owner: String) async throws -> Removal?
    /// Writes the post's caption and spoiler warning anew (its photo, book and day stay) if
    /// `owner` wrote it; false when nothing was changed.
    func editPost(_ id: Int64, caption: String?, spoiler: String?, ifOwnedBy owner: String) async throws -> Bool
    /// The same for a comment's words and spoiler warning.
    func editComment(_ id: Int64, text: String, spoiler: String?, ifOwnedBy owner: String) async throws -> Bool
}

/// A post to store: whose, its photo, and what its author wrote of it.
struct NewPost: Sendable {
    var owner: String
    var image: PostImage
    var caption: String? = nil
    var imageAlt: String? = nil
    var book: KiwiBook? = nil
    var spoiler: String? = nil
    /// When it was posted: now, or an archive's date for a post brought from another server.
    var createdAt: Date? = nil
    /// The id of the `Note` it came as, for a post by a reader elsewhere; nil for a member's.
    var remoteID: String? = nil
}

/// A comment to store: on which post, whose, what it says, and whom it tells (the service's
/// choice; nobody for one's own post).
struct NewComment: Sendable {
    var post: Int64
    var author: String
    var text: String
    var notifying: String? = nil
    var spoiler: String? = nil
    /// Now, or an archive's date (see `NewPost`).
    var createdAt: Date? = nil
    /// The id of the `Note` it came as, for a reply by a reader elsewhere (see `NewPost`).
    var remoteID: String? = nil
}

/// The notifications a write added or withdrew, for the service to tell of (`KiwiChanges`).
struct Notices: Sendable, Equatable {
    var told: Int64?
    var withdrawn: [Int64] = []
}

/// A like or an unlike as stored: the post's count after it, and its author.
struct Liking: Sendable, Equatable {
    var likes: Int
    var author: String
    var notices = Notices()
}

/// A comment as stored, and the post's author.
struct Commented: Sendable {
    var comment: KiwiComment
    var author: String
    var notices = Notices()
}

/// What a delete found (whose the post or comment is) and what it did: nothing at all unless it
/// was the owner's named.
struct Removal: Sendable, Equatable {
    /// Who made the post or comment.
    var owner: String
    /// The post deleted, or the post the comment was on, and that post's author.
    var post: Int64
    var postAuthor: String
    var removed: Bool
    /// A deleted post's image name (a file to remove, if it is one).
    var image: String?
    var notices = Notices()
}
