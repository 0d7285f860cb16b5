import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import Logging
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

@Suite struct KiwiConcurrencyTests {
    @Test(arguments: StoreKind.available) func thirtyTwoLikesAtOnceCountThirtyTwoAndCommentsCountExactly(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            let users = (0..<32).map { "reader\($0)" }
            try await kiwi.database.createUser(KiwiUser(username: "author", createdAt: Date()), passwordHash: "x", keeping: nil)
            for user in users { try await kiwi.database.createUser(KiwiUser(username: user, createdAt: Date()), passwordHash: "x", keeping: nil) }
            let post = try await kiwi.database.createPost(NewPost(owner: "author", image: .file("a.png")), keeping: nil)
            let store = kiwi.database
            try await withThrowingTaskGroup(of: Void.self) { group in
                for user in users {
                    group.addTask { _ = try await store.like(post.id, by: user, notifying: "author") }
                    group.addTask {
                        _ = try await store.addComment(
                            NewComment(post: post.id, author: user, text: "from \(user)", notifying: "author"),
                            keeping: nil
                        )
                    }
                }
                try await group.waitForAll()
            }
            let counted = try #require(try await store.post(post.id, viewer: nil))
            #expect(counted.likes == 32)
            #expect(counted.commentCount == 32)
            #expect(try await store.comments(on: post.id, window: .everything).count == 32)
            #expect(try await store.unreadCount(for: "author", excluding: []) == 64)
        }
    }

    /// Every store answers what a write did in the same words, and does only what it was told:
    /// the services' rules (who hears of it, who may delete) rest on these answers.
    @Test(arguments: StoreKind.available) func writesAnswerWhatTheyDid(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            let store = kiwi.database
            for name in ["ada", "bob"] { try await store.createUser(KiwiUser(username: name, createdAt: Date()), passwordHash: "x", keeping: nil) }
            let post = try await store.createPost(NewPost(owner: "ada", image: .file("a.png")), keeping: nil)
            #expect(try await store.author(of: post.id) == "ada")
            #expect(try await store.author(of: post.id + 1000) == nil)

            let liked = try await store.like(post.id, by: "bob", notifying: "ada")
            let told = try #require(liked.notices.told)
            #expect(liked.likes == 1 && liked.author == "ada")
            #expect(try await store.like(post.id, by: "bob", notifying: "ada") == Liking(likes: 1, author: "ada"), "liking twice tells nobody again")
            #expect(try await store.like(post.id, by: "ada", notifying: nil) == Liking(likes: 2, author: "ada"), "told nobody: nobody is told")
            #expect(try await store.unlike(post.id, by: "bob") == Liking(likes: 1, author: "ada", notices: Notices(withdrawn: [told])))

            let commented = try await store.addComment(NewComment(post: post.id, author: "bob", text: "yes", notifying: "ada"), keeping: nil)
            #expect(commented.author == "ada" && commented.notices.told != nil)
            let notBobs = try #require(try await store.deleteComment(commented.comment.id, ifOwnedBy: "ada"))
            #expect(notBobs == Removal(owner: "bob", post: post.id, postAuthor: "ada", removed: false), "someone else's delete does nothing")
            #expect(try await store.comments(on: post.id, window: .everything).count == 1)
            let removed = try #require(try await store.deleteComment(commented.comment.id, ifOwnedBy: "bob"))
            #expect(removed.removed && removed.notices.withdrawn == [commented.notices.told].compactMap { $0 })
            #expect(try await store.deleteComment(commented.comment.id, ifOwnedBy: "bob") == nil)

            let followed = try await store.follow("ada", by: "bob", notifying: "ada")
            #expect(followed.changed && followed.notices.told != nil)
            #expect(try await store.follow("ada", by: "bob", notifying: "ada").changed == false)
            let unfollowed = try await store.unfollow("ada", by: "bob")
            #expect(unfollowed.changed && unfollowed.notices.withdrawn == [followed.notices.told].compactMap { $0 })
            #expect(try await store.unfollow("ada", by: "bob").changed == false)

            _ = try await store.like(post.id, by: "bob", notifying: "ada")
            #expect(try await store.deletePost(post.id, ifOwnedBy: "bob")?.removed == false)
            #expect(try await store.post(post.id, viewer: nil) != nil, "someone else's delete does nothing")
            let gone = try #require(try await store.deletePost(post.id, ifOwnedBy: "ada"))
            #expect(gone.removed && gone.image == "a.png" && gone.notices.withdrawn.count == 1)
            #expect(try await store.post(post.id, viewer: nil) == nil)
            #expect(try await store.unreadCount(for: "ada", excluding: []) == 0)
            #expect(try await store.markRead(for: "ada", upTo: nil) == false)
        }
    }
}
