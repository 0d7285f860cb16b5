import Foundation
import Synchronization

/// A value computed on another thread, from the moment it is created; `value` waits for it.
final class Prefetched<Value: Sendable>: Sendable {
    private let result = Mutex<Value?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    init(_ compute: @escaping @Sendable () -> Value) {
        let thread = Thread {
            let value = compute()
            self.result.withLock { $0 = value }
            self.ready.signal()
        }
        thread.start()
    }

    var value: Value {
        if let value = result.withLock({ $0 }) { return value }
        ready.wait()
        ready.signal()
        return result.withLock { $0 }!
    }
}
