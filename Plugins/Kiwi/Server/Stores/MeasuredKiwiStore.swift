import Dispatch
import Foundation
import Metrics

/// A store whose every call is timed into `kiwi_store_query_duration_seconds{operation}`:
/// the same measure for SQLite, PostgreSQL and memory, without touching any of them.
struct MeasuredKiwiStore: KiwiStore {
    let base: any KiwiStore
    /// One timer an operation, made once: recording takes no lookup.
    private let timers: [String: Timer]

    init(_ base: any KiwiStore) {
        self.base = base
        let operations = [
            "check", "createUser", "user", "passwordHash", "updateUser", "recordLoginFailure", "loginFailures", "clearLoginFailures", "createSession",
            "sessionUser", "deleteSession", "createPost",
            "post", "posts", "deletePost", "image", "like", "unlike", "comments", "addComment", "deleteComment", "follow", "unfollow", "followers",
            "following",
        ]
        timers = Dictionary(uniqueKeysWithValues: operations.map { ($0, KiwiMetrics.storeQuery($0)) })
    }

    var hasOtherWriters: Bool { base.hasOtherWriters }

    private func timed<Answer>(_ operation: String, _ call: () async throws -> Answer) async rethrows -> Answer {
        let started = DispatchTime.now().uptimeNanoseconds
        defer { timers[operation]?.recordNanoseconds(DispatchTime.now().uptimeNanoseconds - started) }
        return try await call()
    }

    func check() async throws { try await timed("check") { try await base.check() } }

    func createUser(_ user: KiwiUser, passwordHash: String) async throws {
        try await timed("createUser") { try await base.createUser(user, passwordHash: passwordHash) }
    }

    func user(_ username: String) async throws -> KiwiUser? { try await timed("user") { try await base.user(username) } }

    func passwordHash(of username: String) async throws -> String? {
        try await timed("passwordHash") { try await base.passwordHash(of: username) }
    }

    func updateUser(_ username: String, fullName: String?, email: String?) async throws -> KiwiUser {
        try await timed("updateUser") { try await base.updateUser(username, fullName: fullName, email: email) }
    }

    func setAvatar(_ username: String, image: PostImage) async throws -> (user: KiwiUser, replaced: String?) {
        try await timed("setAvatar") { try await base.setAvatar(username, image: image) }
    }

    func recordLoginFailure(_ username: String, at time: Date, forgetting before: Date) async throws {
        try await timed("recordLoginFailure") { try await base.recordLoginFailure(username, at: time, forgetting: before) }
    }

    func loginFailures(_ username: String, since time: Date) async throws -> [Date] {
        try await timed("loginFailures") { try await base.loginFailures(username, since: time) }
    }

    func clearLoginFailures(_ username: String) async throws { try await timed("clearLoginFailures") { try await base.clearLoginFailures(username) } }

    func createSession(tokenHash: String, username: String) async throws {
        try await timed("createSession") { try await base.createSession(tokenHash: tokenHash, username: username) }
    }

    func sessionUser(tokenHash: String) async throws -> KiwiUser? {
        try await timed("sessionUser") { try await base.sessionUser(tokenHash: tokenHash) }
    }

    func deleteSession(tokenHash: String) async throws {
        try await timed("deleteSession") { try await base.deleteSession(tokenHash: tokenHash) }
    }

    func createPost(owner: String, image: PostImage, caption: String?, book: KiwiBook?) async throws -> KiwiPost {
        try await timed("createPost") { try await base.createPost(owner: owner, image: image, caption: caption, book: book) }
    }

    func post(_ id: Int64, viewer: String?) async throws -> KiwiPost? { try await timed("post") { try await base.post(id, viewer: viewer) } }

    func posts(_ selection: PostSelection, page: Int, pageSize: Int, viewer: String?) async throws -> [KiwiPost] {
        try await timed("posts") { try await base.posts(selection, page: page, pageSize: pageSize, viewer: viewer) }
    }

    func deletePost(_ id: Int64, by username: String) async throws -> String {
        try await timed("deletePost") { try await base.deletePost(id, by: username) }
    }

    func image(_ name: String) async throws -> StoredImage? { try await timed("image") { try await base.image(name) } }

    func like(_ id: Int64, by username: String) async throws -> Int { try await timed("like") { try await base.like(id, by: username) } }

    func unlike(_ id: Int64, by username: String) async throws -> Int { try await timed("unlike") { try await base.unlike(id, by: username) } }

    func comments(on id: Int64) async throws -> [KiwiComment] { try await timed("comments") { try await base.comments(on: id) } }

    func addComment(on id: Int64, by username: String, text: String) async throws -> KiwiComment {
        try await timed("addComment") { try await base.addComment(on: id, by: username, text: text) }
    }

    func deleteComment(_ id: Int64, by username: String) async throws {
        try await timed("deleteComment") { try await base.deleteComment(id, by: username) }
    }

    func follow(_ followee: String, by follower: String) async throws {
        try await timed("follow") { try await base.follow(followee, by: follower) }
    }

    func unfollow(_ followee: String, by follower: String) async throws {
        try await timed("unfollow") { try await base.unfollow(followee, by: follower) }
    }

    func followers(of username: String) async throws -> [KiwiUser] { try await timed("followers") { try await base.followers(of: username) } }

    func following(of username: String) async throws -> [KiwiUser] { try await timed("following") { try await base.following(of: username) } }
}
