import Foundation
import KiwiMedia
import KiwiWire
import Synchronization

/// Books' covers: each fetched once (`CoverSource`) and kept as a photo is, through the same
/// pipeline (stripped, sized, WebP and JPEG), under the book's own name (`BookCover.name`). A fetch
/// is started by whoever first wants the cover and never waited for: until it is kept, readers see
/// the generated cover. One server at a time fetches a book's cover (claimed in the database, for
/// at most `claimLife`); one that fails is tried again after a wait that doubles with each failure,
/// and one Open Library has none of, after a week.
final class Covers: Sendable {
    /// Longer than a fetch and its processing may take: a server that died mid-fetch frees it then.
    static let claimLife: TimeInterval = 60
    static let firstWait: TimeInterval = 60
    static let longestWait: TimeInterval = 86_400
    static let noCoverWait: TimeInterval = 7 * 86_400

    let source: CoverSource?
    let store: any CoverStore
    let photos: PhotoIntake
    let changes: KiwiChanges
    /// Each book's record, while true: a `.cover` change (a claim, a cover kept, a wait) drops it.
    private let records: KiwiCache<String, Kept>
    /// The books this server is fetching the covers of.
    private let fetching = Mutex<Set<String>>([])
    /// Counts the covers' changes heard: answers that name covers (the popular books) are made
    /// again when it moves. An object of its own for the change hook to hold weakly (see `KiwiCache`).
    private let heard = Heard()

    private final class Heard: Sendable {
        let count = Atomic<Int>(0)
    }

    /// A record, or none yet (a cache keeps values, not their absence).
    private struct Kept: Sendable {
        var record: BookCoverRecord?
    }

    init(source: CoverSource?, store: any CoverStore, photos: PhotoIntake, changes: KiwiChanges) {
        self.source = source
        self.store = store
        self.photos = photos
        self.changes = changes
        records = KiwiCache(changes: changes, capacity: 100_000) { change in
            if case .cover(let isbn13) = change { return .key(isbn13) }
            return nil
        }
        changes.cache { [weak heard] change in
            switch change {
            case nil, .cover?: heard?.count.add(1, ordering: .relaxed)
            default: break
            }
        }
    }

    /// Moves with every cover change this server hears of.
    var version: Int { heard.count.load(ordering: .relaxed) }

    /// The kept cover's image of the book, nil while there is none; a fetch is started when one
    /// is due. A store that cannot answer shows the generated cover, never an error.
    func image(of isbn13: String, now: Date = Date()) async -> String? {
        let read: () async throws -> Kept = { Kept(record: try await self.store.cover(isbn13)) }
        guard let kept = try? await records.value(for: isbn13, make: read) else { return nil }
        if let image = kept.record?.image { return image }
        if source != nil, kept.record.map({ $0.due <= now }) ?? true { start(isbn13) }
        return nil
    }

    /// The images of several books' kept covers, by ISBN-13.
    func images(of books: [String]) async -> [String: String] {
        var images: [String: String] = [:]
        for isbn13 in books { images[isbn13] = await image(of: isbn13) }
        return images
    }

    /// Fetches the cover in the background unless this server is fetching it already.
    func start(_ isbn13: String) {
        guard source != nil, KiwiWire.Book.isISBN13(isbn13), fetching.withLock({ $0.insert(isbn13).inserted }) else { return }
        Task.detached { [self] in
            await fetch(isbn13)
            fetching.withLock { _ = $0.remove(isbn13) }
        }
    }

    /// Claims the fetch, fetches, and keeps the cover or says when to try again.
    func fetch(_ isbn13: String, now: Date = Date()) async {
        guard let source, let failures = try? await store.claimCover(isbn13, at: now, until: now.addingTimeInterval(Self.claimLife)) else {
            return
        }
        changes.published(.cover(isbn13: isbn13))
        do {
            let bytes = try await source.fetch(isbn13)
            let photo = try await photos.cover(bytes, of: isbn13)
            try await photos.keep(photo) { image in try await store.keepCover(isbn13, image: image) }
        } catch let failure as CoverSource.Failure where failure == .none {
            try? await store.postponeCover(isbn13, failures: 0, until: now.addingTimeInterval(Self.noCoverWait))
        } catch {
            // Slow, too large, not a picture, refused by Open Library or by the network.
            let wait = min(Self.longestWait, Self.firstWait * pow(2, Double(min(failures, 20))))
            try? await store.postponeCover(isbn13, failures: failures + 1, until: now.addingTimeInterval(wait))
        }
        changes.published(.cover(isbn13: isbn13))
    }
}
