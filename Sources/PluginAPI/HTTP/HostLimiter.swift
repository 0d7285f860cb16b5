/// At most `limit` at once of each kind of work (requests to one host, photos being decoded);
/// the rest wait their turn in order.
public actor HostLimiter {
    private let limit: Int
    private var active: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    public init(limit: Int) {
        self.limit = limit
    }

    public func withPermit<T: Sendable>(for host: String, _ body: @Sendable () async throws -> T) async throws -> T {
        await acquire(host)
        defer { release(host) }
        return try await body()
    }

    private func acquire(_ host: String) async {
        if active[host, default: 0] < limit {
            active[host, default: 0] += 1
            return
        }
        // The permit is handed over by `release`, so the count stays the same.
        await withCheckedContinuation { waiting[host, default: []].append($0) }
    }

    private func release(_ host: String) {
        // The queue is changed where it lies: taken out and put back, it was copied at every turn,
        // an allocation as large as itself (a thousand live streams set up at once: a thousand
        // copies of up to 8 KB, between the streams' own memory).
        if let next = waiting[host]?.first {
            waiting[host]?.removeFirst()
            if waiting[host]?.isEmpty == true { waiting[host] = nil }
            next.resume()
        } else {
            active[host, default: 1] -= 1
        }
    }
}

/// The same work asked for while it runs is done once (identical GETs in flight, a photo being
/// processed): every caller gets its result.
public actor InFlightWork<Value: Sendable> {
    private var tasks: [String: Task<Value, any Error>] = [:]

    public init() {}

    public func run(key: String, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let running = tasks[key] { return try await running.value }
        let task = Task { try await operation() }
        tasks[key] = task
        defer { tasks[key] = nil }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
