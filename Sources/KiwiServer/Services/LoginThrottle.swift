import Foundation

/// Five failed logins for a username within 15 minutes, and it waits for the oldest to
/// age out: kept in the store, so servers sharing a database throttle alike.
struct LoginThrottle: Sendable {
    let store: any AccountStore
    var limit = 5
    var window: TimeInterval = 15 * 60

    /// Throws `tooManyFailedLogins` while the username must wait.
    func check(_ username: String) async throws {
        let now = Date()
        let recent = try await store.loginFailures(username, since: now - window)
        guard recent.count >= limit, let oldest = recent.first else { return }
        throw KiwiProblem.tooManyFailedLogins(retryAfter: max(1, Int((window - now.timeIntervalSince(oldest)).rounded(.up))))
    }

    func failed(_ username: String) async throws {
        let now = Date()
        try await store.recordLoginFailure(username, at: now, forgetting: now - window)
    }

    func succeeded(_ username: String) async throws { try await store.clearLoginFailures(username) }
}
