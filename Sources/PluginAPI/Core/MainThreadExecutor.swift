import Dispatch
import Synchronization

/// Runs a command's jobs on the thread that calls `run()`, the main thread, rather than
/// on the global thread pool: a command spends its time waiting for the network or a
/// file, and starting the pool's threads costs more than answering from the cache.
///
/// Child tasks inherit the executor; the network's own threads resume work here.
final class MainThreadExecutor: TaskExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var stopped = false
    }

    private let queue = Mutex(Queue())
    private let wakeUp = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
        wakeUp.signal()
    }

    /// Makes `run()` return once the jobs already queued have run.
    func stop() {
        queue.withLock { $0.stopped = true }
        wakeUp.signal()
    }

    /// Runs jobs as they come until `stop()`.
    func run() {
        while true {
            wakeUp.wait()
            while let job = queue.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
            if queue.withLock({ $0.stopped && $0.jobs.isEmpty }) { return }
        }
    }
}
