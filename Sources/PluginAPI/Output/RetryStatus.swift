import Synchronization

/// The one status line of the requests waiting to retry. On a terminal, concurrent
/// waits share it ("2 requests waiting: retrying in 4s") instead of each drawing its
/// own countdown over the others'; elsewhere, and with `--quiet`, waits are silent.
final class RetryStatus: Sendable {
    private struct Waiter {
        let reason: String
        let until: ContinuousClock.Instant
    }

    private struct Waiting {
        var waiters: [Int: Waiter] = [:]
        var nextID = 0
    }

    private let console: Console
    private let visible: Bool
    private let waiting = Mutex(Waiting())

    init(output: Output) {
        self.console = output.console
        self.visible = output.console.isErrorTerminal && !output.quiet
    }

    /// Sleeps for `seconds`; on a terminal a wait longer than a second is shown on the shared line.
    func wait(seconds: Double, reason: String) async throws {
        let until = ContinuousClock.now + .seconds(seconds)
        guard visible, seconds > 1 else {
            try await Task.sleep(until: until)
            return
        }
        let id = waiting.withLock { waiting in
            defer { waiting.nextID += 1 }
            waiting.waiters[waiting.nextID] = Waiter(reason: reason, until: until)
            return waiting.nextID
        }
        defer { leave(id) }
        while ContinuousClock.now < until {
            redraw()
            try await Task.sleep(until: min(until, ContinuousClock.now + .seconds(1)))
        }
    }

    /// What the line says for these waiters at `now`.
    static func line(_ waiters: [(reason: String, until: ContinuousClock.Instant)], now: ContinuousClock.Instant) -> String? {
        guard let soonest = waiters.min(by: { $0.until < $1.until }) else { return nil }
        let remaining = (soonest.until - now) / .seconds(1)
        let seconds = max(1, Int(remaining.rounded(.up)))
        let who = waiters.count == 1 ? soonest.reason : "\(waiters.count) requests waiting"
        return "\(who): retrying in \(seconds)s"
    }

    private func leave(_ id: Int) {
        waiting.withLock { waiting in
            waiting.waiters[id] = nil
            draw(waiting)
        }
    }

    private func redraw() {
        waiting.withLock { draw($0) }
    }

    /// Writes the whole line at once, under the lock, so two waits never interleave on it.
    private func draw(_ waiting: Waiting) {
        let text = Self.line(waiting.waiters.values.map { ($0.reason, $0.until) }, now: .now) ?? ""
        console.write("\r\u{1B}[K" + text, to: .standardError)
    }
}
