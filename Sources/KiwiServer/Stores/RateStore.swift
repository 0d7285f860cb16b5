/// The counts behind the rate limits (see `RateLimits`), kept with the data so every server of a
/// community counts the same writes: a count per key and window, added to in one step.
protocol RateStore: Sendable {
    /// Adds `amount` to each key's count in the window that ends at `until` (Unix seconds);
    /// answers the counts after it, in the keys' order.
    func addToCounts(_ keys: [String], until: Int64, amount: Int) async throws -> [Int]
    /// Forgets the windows that ended before `time` (Unix seconds).
    func forgetCounts(before time: Int64) async throws
    /// Forgets every window's count of these keys.
    func clearCounts(_ keys: [String]) async throws
}
