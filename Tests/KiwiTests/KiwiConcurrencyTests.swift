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
            let post = try await kiwi.database.createPost(owner: "author", image: .file("a.png"), caption: nil, book: nil, keeping: nil)
            let store = kiwi.database
            try await withThrowingTaskGroup(of: Void.self) { group in
                for user in users {
                    group.addTask { _ = try await store.like(post.id, by: user) }
                    group.addTask { _ = try await store.addComment(on: post.id, by: user, text: "from \(user)", keeping: nil) }
                }
                try await group.waitForAll()
            }
            let counted = try #require(try await store.post(post.id, viewer: nil))
            #expect(counted.likes == 32)
            #expect(counted.commentCount == 32)
            #expect(try await store.comments(on: post.id).count == 32)
        }
    }
}
