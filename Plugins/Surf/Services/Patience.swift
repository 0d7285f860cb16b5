import Synchronization

/// Waiting a bounded time for what only adds to an answer (the tides, the buoy check): after
/// `patience` the answer goes on without it. The work is then left to finish or fail on its own,
/// since a request waiting on a silent server may not hear a cancel, and the surf must not wait for it.
enum Patience {
    static func first<Value: Sendable>(within patience: Duration, _ work: @escaping @Sendable () async -> Value, late: Value) async -> Value {
        let answer = FirstAnswer<Value>()
        return await withCheckedContinuation { continuation in
            answer.waiting.withLock { $0 = continuation }
            let fetch = Task {
                answer.give(await work())
            }
            Task {
                try? await Task.sleep(for: patience)
                answer.give(late)
                fetch.cancel()
            }
        }
    }

    /// Whoever answers first is heard; the other finds nobody waiting.
    private final class FirstAnswer<Value: Sendable>: Sendable {
        let waiting = Mutex<CheckedContinuation<Value, Never>?>(nil)

        func give(_ value: Value) {
            waiting.withLock { $0.take() }?.resume(returning: value)
        }
    }
}
