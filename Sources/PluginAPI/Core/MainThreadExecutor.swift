import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Runs a command's jobs on the thread that calls `run()`, the main thread, rather than
/// on the global thread pool: a command spends its time waiting for the network or a
/// file, and starting the pool's threads (and tearing them down at exit) costs more
/// than answering from the cache.
///
/// Child tasks inherit the executor; the network's own threads resume work here.
/// (`@unchecked`: the semaphore is a raw pointer, used only through the thread-safe `sem_*` calls.)
final class MainThreadExecutor: TaskExecutor, @unchecked Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var stopped = false
    }

    private let queue = Mutex(Queue())
    /// A POSIX semaphore because Ctrl-C's signal handler posts to it too (`sem_post`
    /// is safe in a signal handler). Never freed: it lives as long as the process.
    private let wakeUp: UnsafeMutablePointer<sem_t> = {
        let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
        return semaphore
    }()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
        sem_post(wakeUp)
    }

    /// Makes `run()` return once the jobs already queued have run.
    func stop() {
        queue.withLock { $0.stopped = true }
        sem_post(wakeUp)
    }

    /// Runs jobs as they come until `stop()`. With `interruptible`, the first Ctrl-C
    /// cancels that task (the command then stops with exit 130) and a second exits at once.
    func run(interruptible task: Task<Void, Never>?) {
        if task != nil { Interrupt.install(wakeUp: wakeUp) }
        var cancelled = false
        while true {
            // Interrupted waits (EINTR) come back round: a Ctrl-C is checked below.
            while sem_wait(wakeUp) != 0 && errno == EINTR {}
            if let task, !cancelled, Interrupt.presses.load(ordering: .relaxed) > 0 {
                cancelled = true
                task.cancel()
            }
            while let job = queue.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
            if queue.withLock({ $0.stopped && $0.jobs.isEmpty }) { return }
        }
    }
}

/// SIGINT, counted by a handler that only touches an atomic and the executor's semaphore.
private enum Interrupt {
    static let presses = Atomic(0)
    nonisolated(unsafe) static var wakeUp: UnsafeMutablePointer<sem_t>?

    static func install(wakeUp: UnsafeMutablePointer<sem_t>) {
        // Both are set before the handler can run, so it never initialises anything.
        _ = presses.load(ordering: .relaxed)
        Self.wakeUp = wakeUp
        signal(SIGINT) { _ in
            if Interrupt.presses.add(1, ordering: .relaxed).newValue > 1 { _exit(130) }
            if let wakeUp = Interrupt.wakeUp { sem_post(wakeUp) }
        }
        // A parent may have started toolbox with SIGINT blocked; the pool's and the
        // network's threads block every signal, so the main thread must take it.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }
}
