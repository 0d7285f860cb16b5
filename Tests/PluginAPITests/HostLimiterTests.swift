import Synchronization
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
        var most: Int { counts.withLock { $0.most } }
    }

    /// A body that holds its permit for a moment, long enough for the others to queue behind it.
    static func hold(_ running: Running) async throws {
        running.enter()
        defer { running.leave() }
        try await Task.sleep(for: .milliseconds(1))
    }

    @Test(.timeLimit(.minutes(1))) func aBurstRunsAtMostTheLimitAtOnceAndEveryOneOfItRuns() async throws {
        let limiter = HostLimiter(limit: 3)
        let running = Running()
        let done = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<30 {
                group.addTask {
                    try await limiter.withPermit(for: "set-up") {
                        try await Self.hold(running)
                        return index
                    }
                }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(done == Set(0..<30))
        #expect(running.most == 3)

        // Every permit came back when the queue emptied: the limit's worth run at once again, none waiting.
        let again = Running()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    try await limiter.withPermit(for: "set-up") {
                        try await Self.hold(again)
                        try await Task.sleep(for: .milliseconds(50))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(again.most == 3)
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
