import Foundation

/// Posts with their images, likes and comments. Every write is one transaction and counts stay
/// exact under concurrent writers; a like or a comment notifies the post's author (unless it is
/// theirs) in the same transaction, an unlike or a deleted comment withdraws that notification,
/// and a deleted post takes its likes, comments, image and notifications along.
protocol PostStore: Sendable {
    /// A `.stored` image is written in the post's transaction: both exist, or neither; so is the
    /// answer to keep, if any (`repeatedRequest` when its key is kept already).
    func createPost(owner: String, image: PostImage, caption: String?, book: KiwiBook?, keeping: AnswerToKeep<KiwiPost>?) async throws -> KiwiPost
    /// With `likedByMe` for `viewer` (nil for nobody).
    func post(_ id: Int64, viewer: String?) async throws -> KiwiPost?
    /// Newest first, ties broken by id: the same post never shows on two pages. The same for every
    /// reader (`likedByMe` is nil): `liked(by:among:)` makes a page a reader's own.
    func posts(_ selection: PostSelection, page: Int, pageSize: Int) async throws -> [KiwiPost]
    /// Which of `ids` the reader likes.
    func liked(by reader: String, among ids: [Int64]) async throws -> Set<Int64>
    /// Throws `notOwner` for anyone but its author; answers the image's name (a file to remove, if it is one).
    func deletePost(_ id: Int64, by username: String) async throws -> String
    /// An image the store keeps; nil when it keeps none by that name.
    func image(_ name: String) async throws -> StoredImage?
    /// Likes (twice counts once) and answers the new count.
    func like(_ id: Int64, by username: String) async throws -> Int
    func unlike(_ id: Int64, by username: String) async throws -> Int
    /// Oldest first.
    func comments(on id: Int64) async throws -> [KiwiComment]
    /// With the answer to keep, if any, in the comment's transaction (as `createPost`).
    func addComment(on id: Int64, by username: String, text: String, keeping: AnswerToKeep<KiwiComment>?) async throws -> KiwiComment
    func deleteComment(_ id: Int64, by username: String) async throws
}
