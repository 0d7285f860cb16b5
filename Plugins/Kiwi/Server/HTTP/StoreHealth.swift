import Foundation
import Synchronization

/// Whether the store answers, for `GET /health`: asked at most once a second (a load
/// balancer polling, or a benchmark, does not load the database), and given up on after
/// `patience` (a database that hangs is as down as one that refuses).
final class StoreHealth: Sendable {
    static let reuse: Duration = .seconds(1)
    private let store: any KiwiStore
    private let patience: Duration
    private let last = Mutex<(at: ContinuousClock.Instant, problem: String?)?>(nil)

    init(store: any KiwiStore, patience: Duration) {
        self.store = store
        self.patience = patience
    }

    /// nil when the store answers; else what is wrong.
    func problem() async -> String? {
        let now = ContinuousClock.now
        if let last = last.withLock({ $0 }), now - last.at < Self.reuse { return last.problem }
        let problem = await probe()
        last.withLock { $0 = (now, problem) }
        return problem
    }

    private func probe() async -> String? {
        let store = self.store
        let patience = self.patience
        do {
            return try await withThrowingTaskGroup(of: String?.self) { group in
                group.addTask {
                    try await store.check()
                    return nil
                }
                group.addTask {
                    try await Task.sleep(for: patience)
                    return "the database did not answer within \(patience)"
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        } catch {
            return "the database does not answer"
        }
    }
}
