import Foundation
import KiwiServerSettings
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
        guard amount > 0 else { return }
        try await count(kind, account: account, address: address, amount: amount, now: now) { count, limit in count > limit }
    }

    /// Throws `rateLimited` when the account or the address has already reached its limit of
    /// `kind`, counting nothing: for what is counted only once it fails (a login with a wrong password).
    func check(_ kind: KiwiRateLimit.Kind, account: String?, address: String? = nil, now: Date = Date()) async throws {
        try await count(kind, account: account, address: address, amount: 0, now: now) { count, limit in count >= limit }
    }

    /// Forgets what the account has counted of `kind` (a login that succeeds forgets its failures).
    func forget(_ kind: KiwiRateLimit.Kind, account: String) async throws {
        let keys = applying(kind, account: account, address: nil).map(\.key)
        if !keys.isEmpty { try await store.clearCounts(keys) }
    }

    /// The limits of `kind` that apply to the account and the address, each with its count's key.
    private func applying(_ kind: KiwiRateLimit.Kind, account: String?, address: String?) -> [(KiwiRateLimit, key: String)] {
        (limits[kind] ?? []).compactMap { limit in
            // A server's activities are counted as an account's are, under the server's name.
            guard let who = limit.scope == .address ? address : account else { return nil }
            return (limit, "\(kind.rawValue)|\(limit.scope.rawValue)|\(limit.window)|\(who)")
        }
    }

    private func count(
        _ kind: KiwiRateLimit.Kind,
        account: String?,
        address: String?,
        amount: Int,
        now: Date,
        passes: (_ count: Int, _ limit: Int) -> Bool
    ) async throws {
        let applying = applying(kind, account: account, address: address)
        guard !applying.isEmpty else { return }
        let seconds = Int64(now.timeIntervalSince1970)
        // The keys of one window are counted in one step (an account's and an address's, usually).
        for (window, counted) in Dictionary(grouping: applying, by: { Int64($0.0.window) }) {
            let until = (seconds / window + 1) * window
            let counts = try await store.addToCounts(counted.map(\.key), until: until, amount: amount)
            for ((limit, _), count) in zip(counted, counts) where passes(count, limit.count ?? .max) {
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
