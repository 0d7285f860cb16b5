import Dispatch
import Metrics
import Synchronization

/// Times every store operation into `kiwi_store_query_duration_seconds{operation}` (`--metrics`).
/// The operation is the store method's own name, taken where the database is asked (`#function`),
/// so there is no list of names to keep.
final class StoreTimer: Sendable {
    private let timers = Mutex<[String: Timer]>([:])

    /// Times `body` as `function` ("createPost(owner:image:caption:book:)" counts as "createPost").
    func time<Answer>(_ function: String, _ body: () async throws -> Answer) async rethrows -> Answer {
        let started = DispatchTime.now().uptimeNanoseconds
        defer { timer(function).recordNanoseconds(DispatchTime.now().uptimeNanoseconds - started) }
        return try await body()
    }

    private func timer(_ function: String) -> Timer {
        timers.withLock { timers in
            if let timer = timers[function] { return timer }
            let timer = KiwiMetrics.storeQuery(String(function.prefix { $0 != "(" }))
            timers[function] = timer
            return timer
        }
    }
}

extension Optional where Wrapped == StoreTimer {
    /// Untimed when the server does not measure.
    func time<Answer>(_ function: String, _ body: () async throws -> Answer) async rethrows -> Answer {
        guard let self else { return try await body() }
        return try await self.time(function, body)
    }
}
