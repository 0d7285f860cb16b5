import Dispatch
import Synchronization

/// What changed in the community, as this process learns of it, and whether what it keeps in
/// memory may be trusted.
///
/// Its own writes are published by the services as the stores return, so the caches drop what they touched
/// before the answer leaves (whoever wrote reads it at once). With SQLite or memory that is every
/// write there is, and the live streams hear of them too. With PostgreSQL other servers write as
/// well: the database tells every server of every write (`LISTEN`/`NOTIFY`, `PostgresChangeListener`),
/// and only while those notices are known to arrive may a cache answer: the listener confirms it
/// with a heartbeat through the notices several times a second, and a server that loses its
/// listening connection forgets everything it kept and keeps nothing until it listens again.
final class KiwiChanges: Sendable {
    /// Whether other processes write the same database (PostgreSQL).
    let shared: Bool
    private let caches = Mutex<[@Sendable (KiwiChange?) -> Void]>([])
    private let streams = Mutex<[@Sendable (KiwiChange?) -> Void]>([])
    /// Uptime nanoseconds until which caches may answer (a shared database only).
    private let trustedUntil = Atomic<UInt64>(0)

    init(shared: Bool) {
        self.shared = shared
    }

    /// Whether a cache may answer now.
    var isTrusted: Bool {
        !shared || DispatchTime.now().uptimeNanoseconds < trustedUntil.load(ordering: .acquiring)
    }

    /// A cache: told every change this process makes or hears of, and nil when it must forget everything.
    func cache(_ drop: @escaping @Sendable (KiwiChange?) -> Void) {
        caches.withLock { $0.append(drop) }
    }

    /// The live streams: told every change once, and nil when some may have been missed (they catch up).
    func stream(_ hear: @escaping @Sendable (KiwiChange?) -> Void) {
        streams.withLock { $0.append(hear) }
    }

    /// This process's own writes, as they return.
    func published(_ changes: KiwiChange...) {
        for change in changes {
            tell(caches.withLock { $0 }, change)
            if !shared { tell(streams.withLock { $0 }, change) }
        }
    }

    /// The notifications a write told and withdrew (`Notices`), all of them `recipient`'s.
    func published(_ notices: Notices, to recipient: String) {
        if let told = notices.told { published(.notification(id: told, recipient: recipient, added: true)) }
        for withdrawn in notices.withdrawn { published(.notification(id: withdrawn, recipient: recipient, added: false)) }
    }

    /// A write as the shared database's notice says it (this server's own included).
    func noticed(_ change: KiwiChange) {
        tell(caches.withLock { $0 }, change)
        tell(streams.withLock { $0 }, change)
    }

    /// The notices are known to have arrived up to `instant` (a heartbeat sent then came back):
    /// caches may answer a little beyond it, until the next heartbeat is due back.
    func confirmed(through instant: DispatchTime, for window: Duration) {
        trustedUntil.store(instant.uptimeNanoseconds + UInt64(window.nanoseconds), ordering: .releasing)
    }

    /// The notices may have stopped (the listening ended): caches stop answering now, and
    /// `interrupted` follows once the connection is let go.
    func distrust() {
        trustedUntil.store(0, ordering: .releasing)
    }

    /// The listening connection is gone, or new (notices may have been missed in between):
    /// nothing kept is trusted, and the streams catch up.
    func interrupted() {
        distrust()
        tell(caches.withLock { $0 }, nil)
        tell(streams.withLock { $0 }, nil)
    }

    private func tell(_ observers: [@Sendable (KiwiChange?) -> Void], _ change: KiwiChange?) {
        for observer in observers { observer(change) }
    }
}
