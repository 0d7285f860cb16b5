import Foundation
import Synchronization

/// Whether the database answers, for `GET /health`: asked at most once a second (a load
/// balancer polling, or a benchmark, does not load the database), and given up on after
/// `patience` (a database that hangs is as down as one that refuses).
final class DatabaseHealth: Sendable {
    static let reuse: Duration = .seconds(1)
    private let storage: any KiwiStorage
    private let patience: Duration
    private let last = Mutex<(at: ContinuousClock.Instant, problem: String?)?>(nil)

    init(storage: any KiwiStorage, patience: Duration) {
        self.storage = storage
        self.patience = patience
    }

    /// nil when the database answers; else what is wrong.
    func problem() async -> String? {
        let now = ContinuousClock.now
        if let last = last.withLock({ $0 }), now - last.at < Self.reuse { return last.problem }
        let problem = await probe()
        last.withLock { $0 = (now, problem) }
        return problem
    }

    private struct TimedOut: Error {}

    private func probe() async -> String? {
        let storage = self.storage
        do {
            try await Deadline.answer(within: patience, orThrow: TimedOut()) { try await storage.check() }
            return nil
        } catch is TimedOut {
            return "the database did not answer within \(patience)"
        } catch {
            return "the database does not answer"
        }
    }
}
