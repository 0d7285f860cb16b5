import Foundation
import KiwiServerCommands
import KiwiWire
import Synchronization

/// The community's rate limits (`--rate-limit`, over `KiwiRateLimit.defaults`): how many of each
/// kind of write an account and a client address may make in a window. Counted in the database,
/// so with several servers on PostgreSQL an account gets its limit once, not once a server: each
/// write adds to its counts in one statement, and the counts are every server's (no slack).
/// Windows are fixed (they start on multiples of their length), and an attempt over a limit is
/// counted too: a client that keeps trying keeps waiting.
final class RateLimits: Sendable {
    let store: any RateStore
    /// Those in force, by kind.
    let limits: [KiwiRateLimit.Kind: [KiwiRateLimit]]
    /// Counts since old windows were last forgotten.
    private let sinceForgetting = Mutex(0)

    init(store: any RateStore, limits: [KiwiRateLimit]) {
        self.store = store
        self.limits = Dictionary(grouping: limits.filter { $0.count != nil }, by: \.kind)
    }

    /// Counts `amount` of `kind` for the account and the client address (either may be unknown);
    /// throws `rateLimited` with the wait when either passes its limit.
    func spend(_ kind: KiwiRateLimit.Kind, account: String?, address: String?, amount: Int = 1, now: Date = Date()) async throws {
        let applying = (limits[kind] ?? []).compactMap { limit -> (KiwiRateLimit, key: String)? in
            guard let who = limit.scope == .account ? account : address else { return nil }
            return (limit, "\(kind.rawValue)|\(limit.scope.rawValue)|\(limit.window)|\(who)")
        }
        guard !applying.isEmpty, amount > 0 else { return }
        let seconds = Int64(now.timeIntervalSince1970)
        // The keys of one window are counted in one step (an account's and an address's, usually).
        for (window, counted) in Dictionary(grouping: applying, by: { Int64($0.0.window) }) {
            let until = (seconds / window + 1) * window
            let counts = try await store.addToCounts(counted.map(\.key), until: until, amount: amount)
            for ((limit, _), count) in zip(counted, counts) where count > limit.count ?? .max {
                KiwiMetrics.rateLimited(limit)
                throw KiwiProblem.rateLimited(limit, retryAfter: Int(until - seconds))
            }
        }
        let forget = sinceForgetting.withLock { counted in
            counted = (counted + 1) % 1_000
            return counted == 0
        }
        if forget { try? await store.forgetCounts(before: seconds) }
    }
}
