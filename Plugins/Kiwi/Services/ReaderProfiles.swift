import Foundation
import KiwiWire
import PluginAPI

/// A reader as `kiwi profile` shows them.
struct ReaderProfile: Encodable, Sendable {
    var user: KiwiWire.User
    var followers: Int
    var following: Int
    /// Days in a row with a post, ending today or yesterday; nil when the server gives no dates.
    @Nullable var streakDays: Int?
    var posts: [KiwiWire.Post]
    /// Their shelves; nil from a server that keeps none (the original).
    @Nullable var shelves: KiwiWire.Shelves?
}

extension KiwiClient {
    /// A reader's counts, posts and streak. Our server lists one reader's posts; with a
    /// base-contract server, everyone's are paged through and filtered.
    func profile(of name: String, today: Date = Date()) async throws -> ReaderProfile {
        async let user = user(name)
        async let followers = people("followers", of: name)
        async let following = people("following", of: name)
        // A server of the original contract keeps no shelves: the profile is the rest.
        async let shelves = try? shelves(of: name)
        let own = KiwiPostList.author(name)
        let posts: [KiwiWire.Post]
        do {
            posts = try await allPosts(own)
        } catch let error as ToolboxError where error.kind == .notFound {
            // No such route here (the reader exists: `user` says otherwise).
            _ = try await user
            posts = try await allPosts(.everyone).filter { $0.author.username == name }
        }
        let dates = posts.compactMap(\.created)
        return ReaderProfile(
            user: try await user,
            followers: try await followers.count,
            following: try await following.count,
            streakDays: dates.isEmpty && !posts.isEmpty ? nil : KiwiStreak.days(dates, today: today),
            posts: posts,
            shelves: await shelves
        )
    }
}
