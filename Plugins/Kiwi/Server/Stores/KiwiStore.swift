import Foundation

/// What a store reports that the routes turn into status codes.
enum KiwiStoreError: Error, Equatable {
    case usernameTaken
    case noSuchUser
    case noSuchPost
    case noSuchComment
    case notOwner
}

/// Kiwi's storage: one protocol, SQLite (embedded) and PostgreSQL behind it.
/// Every write is one transaction; counts are exact under concurrent writers.
protocol KiwiStore: Sendable {
    /// Whether other processes may write the same data; then nothing read may be kept in this one.
    var hasOtherWriters: Bool { get }
    /// Throws when the database does not answer (`GET /health`).
    func check() async throws

    func createUser(_ user: KiwiUser, passwordHash: String) async throws
    func user(_ username: String) async throws -> KiwiUser?
    func passwordHash(of username: String) async throws -> String?
    func updateUser(_ username: String, fullName: String?, email: String?) async throws -> KiwiUser
    /// Sets a member's avatar (a `.stored` image written in the same transaction) and forgets the
    /// stored image it replaces; returns the member and the replaced name (a file to remove, if it is one).
    func setAvatar(_ username: String, image: PostImage) async throws -> (user: KiwiUser, replaced: String?)

    /// Failed logins are kept with the data, so every server sharing it throttles a username alike.
    /// Recording one forgets everyone's failures older than `forgetting`.
    func recordLoginFailure(_ username: String, at time: Date, forgetting before: Date) async throws
    /// The times of `username`'s failed logins since `time`, oldest first.
    func loginFailures(_ username: String, since time: Date) async throws -> [Date]
    func clearLoginFailures(_ username: String) async throws

    func createSession(tokenHash: String, username: String) async throws
    func sessionUser(tokenHash: String) async throws -> KiwiUser?
    func deleteSession(tokenHash: String) async throws

    /// A `.stored` image is written in the post's transaction: both exist, or neither.
    func createPost(owner: String, image: PostImage, caption: String?, book: KiwiBook?) async throws -> KiwiPost
    func post(_ id: Int64, viewer: String?) async throws -> KiwiPost?
    /// Newest first, ties broken by id: the same post never shows on two pages.
    func posts(_ selection: PostSelection, page: Int, pageSize: Int, viewer: String?) async throws -> [KiwiPost]
    /// Deletes a post with its likes, comments and stored image; returns the image's name (a file to remove, if it is one).
    func deletePost(_ id: Int64, by username: String) async throws -> String
    /// An image the store keeps; nil when it keeps none by that name.
    func image(_ name: String) async throws -> StoredImage?

    /// Likes (idempotent) and returns the new count.
    func like(_ id: Int64, by username: String) async throws -> Int
    func unlike(_ id: Int64, by username: String) async throws -> Int

    func comments(on id: Int64) async throws -> [KiwiComment]
    func addComment(on id: Int64, by username: String, text: String) async throws -> KiwiComment
    func deleteComment(_ id: Int64, by username: String) async throws

    func follow(_ followee: String, by follower: String) async throws
    func unfollow(_ followee: String, by follower: String) async throws
    /// Most recent first.
    func followers(of username: String) async throws -> [KiwiUser]
    func following(of username: String) async throws -> [KiwiUser]
}
