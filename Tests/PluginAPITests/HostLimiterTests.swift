import Synchronization
import TestSupport
import Testing

@testable import PluginAPI

/// At most `limit` of a kind at once, the rest in their turn, and every permit given back.
@Suite struct HostLimiterTests {
    /// How many bodies run at once, and the most that ever did.
    final class Running: Sendable {
        private let counts = Mutex((now: 0, most: 0))

        func enter() {
            counts.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
        }
        func leave() { counts.withLock { $0.now -= 1 } }
        var now: Int { counts.withLock { $0.now } }
        var most: Int { counts.withLock { $0.most } }
    }

    /// A body that holds its permit for a moment, long enough for the others to queue behind it.
    static func hold(_ running: Running) async throws {
        running.enter()
        defer { running.leave() }
        try await Task.sleep(for: .milliseconds(1))
    }

    /// Which of a burst have run.
    final class Finished: Sendable {
        private let ids = Mutex(Set<Int>())

        func add(_ id: Int) { ids.withLock { _ = $0.insert(id) } }
        var all: Set<Int> { ids.withLock { $0 } }
    }

    // Unstructured tasks, waited for with a patience: a waiter the limiter lost would never end,
    // and the test fails rather than hangs.
    @Test func aBurstRunsAtMostTheLimitAtOnceAndEveryOneOfItRuns() async throws {
        let limiter = HostLimiter(limit: 3)
        let running = Running()
        let finished = Finished()
        let burst = (0..<30).map { index in
            Task {
                try await limiter.withPermit(for: "set-up") { try await Self.hold(running) }
                finished.add(index)
            }
        }
        #expect(try await eventually(within: .seconds(30)) { finished.all.count == 30 }, "ran: \(finished.all.sorted())")
        #expect(running.most <= 3)

        // Every permit came back when the queue emptied: the limit's worth hold one at the same
        // time, each waiting inside its permit for the others (a permit lost, and they never meet).
        let again = Running()
        let holders = (0..<3).map { _ in
            Task {
                try await limiter.withPermit(for: "set-up") {
                    again.enter()
                    while again.now < 3 { try await Task.sleep(for: .milliseconds(1)) }
                }
            }
        }
        #expect(try await eventually(within: .seconds(30)) { again.most == 3 }, "\(again.most) of 3 held a permit at once")
        for task in burst + holders { task.cancel() }
    }

    @Test(.timeLimit(.minutes(1))) func oneKindWaitingHoldsUpNoOther() async throws {
        let limiter = HostLimiter(limit: 1)
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let (release, released) = AsyncStream.makeStream(of: Void.self)
        let first = Task {
            try await limiter.withPermit(for: "a.example") {
                start.yield()
                for await _ in release {}
            }
        }
        for await _ in started { break }
        // a.example's one permit is held; b.example's turn comes all the same.
        try await limiter.withPermit(for: "b.example") {}
        released.finish()
        try await first.value
    }
}
