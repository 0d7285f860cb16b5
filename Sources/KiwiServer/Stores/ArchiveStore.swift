import Foundation

/// What a member's archive holds of theirs besides their shelves, read at once (`Archive`).
protocol ArchiveStore: Sendable {
    /// Their posts, comments and likes, oldest first, others' comments on their posts (`replies`), and whom they follow and who follows them,
    /// in the order the follows were made; nil for nobody by that name.
    func archive(of username: String) async throws -> ArchiveRecords?
}

struct ArchiveRecords: Sendable {
    var member: KiwiUser
    var posts: [KiwiPost]
    var comments: [KiwiComment]
    /// Other members' comments on the member's posts, oldest first.
    var replies: [KiwiComment] = []
    var likes: [(post: Int64, at: Date)]
    var following: [String]
    var followers: [String]
}
