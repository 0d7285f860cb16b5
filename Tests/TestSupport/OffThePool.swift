import Foundation
import PluginAPI

/// Runs `work`, which blocks (waits for a child process, reads a pipe to its end), on a thread of
/// its own rather than on Swift's cooperative pool. That pool has one thread per core: on a 2-core
/// machine two blocked waits (an initdb, a browser's journey) stall every other test's timers and
/// requests meanwhile, and a test that times an answer measures the stall.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        onAThreadOfItsOwn { continuation.resume(with: Result { try work() }) }
    }
}

/// Starts `work`, which blocks, on a new thread at once. Not on Dispatch's global queues either:
/// on Linux their pool grows by one thread a second while its threads block, so the suite's
/// dozens of blocking reads at once (each running server's output) waited their turn, the last
/// more than a minute, and a server that had said it was listening went unheard.
public func onAThreadOfItsOwn(_ work: @escaping @Sendable () -> Void) {
    Thread(block: work).start()
}

/// A program run to its end (a tool a test drives: a fuzzer, a browser's script, bash, ldd).
public enum Program {
    /// Its exit status and what it wrote: standard output, and standard error after it unless
    /// `errors` is false. Waits off the cooperative pool.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        in directory: URL? = nil,
        errors: Bool = true
    ) async throws -> (status: Int32, output: String) {
        try await offThePool { try ChildProcess.runBlocking(executable, arguments, environment: environment, in: directory, errors: errors) }
    }

    /// Whether it runs and exits with 0 (a probe for what this machine has), waiting on this thread.
    public static func succeeds(_ executable: String, _ arguments: [String]) -> Bool {
        (try? ChildProcess.runBlocking(executable, arguments))?.status == 0
    }
}
