import Synchronization

/// Answers kept in memory while they are true: every change drops the entries it touches, and
/// nothing is kept or answered while the changes cannot be trusted (`KiwiChanges.isTrusted`).
final class KiwiCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// What a change makes stale.
    enum Stale: Sendable {
        case all
        case key(Key)
        case matching(@Sendable (Key, Value) -> Bool)
    }

    private struct Entries {
        var values: [Key: Value] = [:]
        /// Bumped by every drop: a value made before it is never kept after it.
        var epoch = 0
    }

    /// The entries, in an object of their own for the change hook to hold weakly: a weak reference
    /// to the cache itself would give it a side table, and send each retain and release of it (every
    /// request copies services that hold caches) through the runtime's slow path.
    private final class Storage: Sendable {
        let entries = Mutex(Entries())
    }

    private let storage = Storage()
    private let changes: KiwiChanges
    /// Past it the cache starts again empty (a value is cheap to make again).
    private let capacity: Int

    /// - Parameter stale: what a change makes stale; nil for a change that touches nothing kept here.
    init(changes: KiwiChanges, capacity: Int, stale: @escaping @Sendable (KiwiChange) -> Stale?) {
        self.changes = changes
        self.capacity = capacity
        changes.cache { [weak storage] change in
            // A deleted account touches nearly everything: simplest to forget it all, and rare.
            let dropped: Stale? =
                switch change {
                case nil, .accountDeleted?: .all
                case let change?: stale(change)
                }
            guard let storage, let dropped else { return }
            storage.entries.withLock { entries in
                switch dropped {
                case .all: entries.values.removeAll(keepingCapacity: true)
                case .key(let key): entries.values[key] = nil
                case .matching(let isStale): entries.values = entries.values.filter { !isStale($0.key, $0.value) }
                }
                entries.epoch += 1
            }
        }
    }

    /// The value kept for `key`, if any, without making one: none while the changes cannot be trusted.
    func kept(_ key: Key) -> Value? {
        guard changes.isTrusted else { return nil }
        return storage.entries.withLock { $0.values[key] }
    }

    /// The value kept for `key`, or a new one from `make`, kept unless something changed meanwhile.
    func value(for key: Key, make: () async throws -> Value) async rethrows -> Value {
        guard changes.isTrusted else { return try await make() }
        let (kept, epoch) = storage.entries.withLock { ($0.values[key], $0.epoch) }
        if let kept { return kept }
        let value = try await make()
        keep(value, for: key, madeIn: epoch)
        return value
    }

    /// The same for a value that time alone makes stale: one no longer `isCurrent` is made again.
    func value(for key: Key, while isCurrent: (Value) -> Bool, make: () async throws -> Value) async rethrows -> Value {
        storage.entries.withLock { entries in
            if let kept = entries.values[key], !isCurrent(kept) { entries.values[key] = nil }
        }
        return try await value(for: key, make: make)
    }

    /// The same for a value that may not exist (nil is never kept: it is not worth remembering).
    func value(for key: Key, make: () async throws -> Value?) async rethrows -> Value? {
        guard changes.isTrusted else { return try await make() }
        let (kept, epoch) = storage.entries.withLock { ($0.values[key], $0.epoch) }
        if let kept { return kept }
        guard let value = try await make() else { return nil }
        keep(value, for: key, madeIn: epoch)
        return value
    }

    private func keep(_ value: Value, for key: Key, madeIn epoch: Int) {
        storage.entries.withLock { entries in
            guard entries.epoch == epoch, changes.isTrusted else { return }
            if entries.values.count >= capacity { entries.values.removeAll(keepingCapacity: true) }
            entries.values[key] = value
        }
    }
}
