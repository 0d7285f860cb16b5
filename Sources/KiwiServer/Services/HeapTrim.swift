import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Gives the heap's free pages back to the system once a burst of work has passed. A thousand live
/// streams set up at once leave 8 to 12 MB of glibc's heap free, in holes between the streams' own
/// memory that none of theirs fills (what each set-up used and let go), and glibc returns only the
/// free end of a heap by itself; `malloc_trim` returns the whole free pages inside it too.
final class HeapTrim: Sendable {
    /// How long the burst must have been quiet.
    static let quiet = Duration.milliseconds(500)

    private let trim: @Sendable () -> Void
    private let work = Atomic<Int>(0)
    private let waiting = Atomic<Bool>(false)

    init(trim: @escaping @Sendable () -> Void = HeapTrim.returnFreePages) {
        self.trim = trim
    }

    /// One more piece of the burst done: the heap is trimmed once, when `quiet` passes without another.
    func done() {
        work.add(1, ordering: .relaxed)
        guard waiting.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        Task.detached { [self] in
            var seen = -1
            repeat {
                while seen != work.load(ordering: .relaxed) {
                    seen = work.load(ordering: .relaxed)
                    try? await Task.sleep(for: Self.quiet)
                }
                waiting.store(false, ordering: .releasing)
                trim()
                // Work done after the last look, while this task still stood for the next trim, is
                // waited out here unless a newer `done()` has taken that on.
            } while seen != work.load(ordering: .relaxed)
                && waiting.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        }
    }

    /// glibc's `malloc_trim(0)`, looked up when the server starts (Swift's Glibc module leaves out
    /// `malloc.h`); nothing where the C library has none.
    static let returnFreePages: @Sendable () -> Void = {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            let trim = unsafeBitCast(symbol, to: Trim.self)
            return { _ = trim(0) }
        }
        #endif
        return {}
    }()
}
