import NIOCore
import Synchronization

/// The JSON bodies of the API's lists of posts (`GET /posts`, a member's posts) as readers
/// who are not logged in see them, reused until the next write. Only for a store no other
/// process writes to: another process's writes would not invalidate them (see
/// `KiwiStore.hasOtherWriters`).
final class PostListCache: Sendable {
    struct Key: Hashable {
        var selection: String
        var page: Int
        var size: Int
        /// Pages carry absolute URLs: the address the reader used is part of the page.
        var base: String
    }

    /// How many pages are kept; past it the cache starts again empty (pages are cheap to remake).
    static let capacity = 1_024
    /// Bumped by every write; a page made before the write is never served after it.
    private let generation = Atomic<Int>(0)
    private let pages = Mutex<[Key: (generation: Int, body: ByteBuffer)]>([:])

    /// Every page made so far is stale.
    func invalidate() {
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// The page for `key`: the one made since the last write, or a new one from `make`.
    func body(for key: Key, make: () async throws -> ByteBuffer) async rethrows -> ByteBuffer {
        // The generation is read before the store is: a write that lands meanwhile makes this page stale, not "current".
        let current = generation.load(ordering: .sequentiallyConsistent)
        if let kept = pages.withLock({ $0[key] }), kept.generation == current { return kept.body }
        let body = try await make()
        pages.withLock { pages in
            if let kept = pages[key], kept.generation > current { return }
            if pages.count >= Self.capacity { pages.removeAll(keepingCapacity: true) }
            pages[key] = (current, body)
        }
        return body
    }
}
