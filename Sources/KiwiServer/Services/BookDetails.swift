import Foundation
import KiwiWire
import ServiceLifecycle

/// Books named by their ISBN-13 alone get their details once the book search can answer. A post
/// or a shelf that names a book while the search cannot (an error, a timeout, a refused
/// connection) is not held hostage: it is kept with the book under its ISBN (`KiwiBook.unnamed`)
/// and the details are owed. Every server looks for those due each `interval`, and one at a time
/// asks about each (claimed in the database, as covers are); the answer names the book in every
/// post and reading at once. A fetch that fails is tried again after a wait that doubles up to
/// `longestWait`, so that a book gets its title within a minute of the search answering again;
/// one the search has no book for, after a day.
final class BookDetails: Service, Sendable {
    static let interval: Duration = .seconds(10)
    static let firstWait: TimeInterval = 5
    static let longestWait: TimeInterval = 40
    static let unknownWait: TimeInterval = 86_400
    /// Longer than a look-up may take: a server that died mid-fetch frees it then.
    static let claimLife: TimeInterval = 60
    /// Books asked about in one look, at most.
    static let batch = 20

    let search: BookSearch?
    let store: any BookDetailsStore
    let changes: KiwiChanges

    init(search: BookSearch?, store: any BookDetailsStore, changes: KiwiChanges) {
        (self.search, self.store, self.changes) = (search, store, changes)
    }

    /// The book's details are owed: asked for from `firstWait` on.
    func owe(_ isbn13: String, now: Date = Date()) async throws {
        try await store.oweDetails(isbn13, due: now.addingTimeInterval(Self.firstWait))
    }

    /// Until the server shuts down, which ends it without an error (a cancelled sleep is no failure).
    func run() async {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.interval)
                if !Task.isCancelled { await self.catchUp() }
            }
        }
    }

    /// Asks about the books due at `now`, the longest due first, until the search fails: the rest
    /// wait for the next look rather than each meet the same failure.
    func catchUp(now: Date = Date()) async {
        guard let search, let due = try? await store.detailsDue(at: now, limit: Self.batch) else { return }
        for isbn13 in due {
            guard let failures = try? await store.claimDetails(isbn13, at: now, until: now.addingTimeInterval(Self.claimLife)) else { continue }
            do {
                guard let book = try await search.book(isbn13: isbn13) else {
                    try? await store.postponeDetails(isbn13, failures: 0, until: now.addingTimeInterval(Self.unknownWait))
                    continue
                }
                let named = try await store.name(book)
                for post in named.posts { changes.published(.post(id: post.id, author: post.author, made: false)) }
                for reading in named.readings {
                    changes.published(.reading(id: reading.id, isbn13: isbn13, reader: reading.reader, removed: false))
                }
            } catch {
                let wait = min(Self.longestWait, Self.firstWait * pow(2, Double(min(failures, 20))))
                try? await store.postponeDetails(isbn13, failures: failures + 1, until: now.addingTimeInterval(wait))
                return
            }
        }
    }
}
