import NIOCore
import NIOPosix
import Synchronization

/// Waits for an operation at most so long. The operation runs on its own, unawaited after the
/// limit: it may be stuck where cancelling cannot reach (a query sent on a connection whose peer
/// vanished waits for TCP to give up, minutes), and the request that asked must still be answered.
enum Deadline {
    static func answer<Answer: Sendable>(
        within limit: Duration,
        orThrow failure: any Error,
        _ operation: @escaping @Sendable () async throws -> Answer
    ) async throws -> Answer {
        let race = Race<Answer>()
        return try await withCheckedThrowingContinuation { continuation in
            race.begin(continuation)
            // Detached: it copies none of the caller's task-local values.
            let work = Task.detached {
                do { race.end(.success(try await operation())) } catch { race.end(.failure(error)) }
            }
            // A timer on the event loops rather than a task: every PostgreSQL store call takes one,
            // and a sleeping task costs far more memory (a thousand live streams connecting at once).
            let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .nanoseconds(limit.nanoseconds)) {
                if race.end(.failure(failure)) { work.cancel() }
            }
            race.onEnd { timer.cancel() }
        }
    }

    /// Whichever ends first answers; the other finds nobody waiting.
    private final class Race<Answer: Sendable>: Sendable {
        private let state = Mutex<(waiting: CheckedContinuation<Answer, any Error>?, ended: Bool, then: (@Sendable () -> Void)?)>((nil, false, nil))

        func begin(_ continuation: CheckedContinuation<Answer, any Error>) {
            state.withLock { $0.waiting = continuation }
        }

        /// Runs `action` once the race has ended (at once if it has).
        func onEnd(_ action: @escaping @Sendable () -> Void) {
            let ended = state.withLock { state in
                if !state.ended { state.then = action }
                return state.ended
            }
            if ended { action() }
        }

        /// Answers the waiter; false when someone answered first.
        @discardableResult
        func end(_ result: Result<Answer, any Error>) -> Bool {
            let (waiting, then) = state.withLock { state -> (CheckedContinuation<Answer, any Error>?, (@Sendable () -> Void)?) in
                guard !state.ended else { return (nil, nil) }
                state.ended = true
                defer {
                    state.waiting = nil
                    state.then = nil
                }
                return (state.waiting, state.then)
            }
            guard let waiting else { return false }
            waiting.resume(with: result)
            then?()
            return true
        }
    }
}

extension Duration {
    var nanoseconds: Int64 { components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000 }
}
