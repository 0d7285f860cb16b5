import NIOCore
import Synchronization

/// The media files served lately and their photos' manifests, in memory up to `budget` bytes,
/// least recently used first out: a version many readers ask for is read from disk or the store
/// once, and what a community of a million photos has read once does not stay.
final class RecentMedia: Sendable {
    private enum Held {
        case bytes(ByteBuffer)
        case manifest(MediaManifest)
    }

    /// One thing held, in the order of use: a doubly linked list through the slots, most recent at `newest`.
    private struct Slot {
        var name: String
        var file: String
        var held: Held
        var size: Int
        var older: Int?
        var newer: Int?
    }

    private struct Kept {
        var slots: [Slot?] = []
        var free: [Int] = []
        /// Photo, then file (`versions.json` for its manifest), to its slot.
        var index: [String: [String: Int]] = [:]
        var newest: Int?
        var oldest: Int?
        var bytes = 0

        func held(_ file: String, of name: String) -> (slot: Int, held: Held)? {
            guard let slot = index[name]?[file], let kept = slots[slot] else { return nil }
            return (slot, kept.held)
        }

        mutating func unlink(_ slot: Int) {
            guard let kept = slots[slot] else { return }
            if let older = kept.older { slots[older]?.newer = kept.newer } else { oldest = kept.newer }
            if let newer = kept.newer { slots[newer]?.older = kept.older } else { newest = kept.older }
        }

        mutating func linkNewest(_ slot: Int) {
            slots[slot]?.older = newest
            slots[slot]?.newer = nil
            if let newest { slots[newest]?.newer = slot }
            newest = slot
            if oldest == nil { oldest = slot }
        }

        mutating func use(_ slot: Int) {
            unlink(slot)
            linkNewest(slot)
        }

        mutating func drop(_ slot: Int) {
            guard let kept = slots[slot] else { return }
            unlink(slot)
            bytes -= kept.size
            index[kept.name]?[kept.file] = nil
            if index[kept.name]?.isEmpty == true { index[kept.name] = nil }
            slots[slot] = nil
            free.append(slot)
        }
    }

    private let kept = Mutex(Kept())
    let budget: Int

    init(budget: Int) {
        self.budget = budget
    }

    func manifest(_ name: String) -> MediaManifest? {
        kept.withLock { kept in
            guard case let (slot, .manifest(manifest))? = kept.held(MediaManifest.fileName, of: name) else { return nil }
            kept.use(slot)
            return manifest
        }
    }

    func file(_ file: String, of name: String) -> ByteBuffer? {
        kept.withLock { kept in
            guard case let (slot, .bytes(bytes))? = kept.held(file, of: name) else { return nil }
            kept.use(slot)
            return bytes
        }
    }

    /// A manifest counts for what it takes in memory, about: its files' names, digests and sizes.
    func keep(_ manifest: MediaManifest, of name: String) {
        keep(.manifest(manifest), size: 256 + 160 * manifest.files.count, file: MediaManifest.fileName, of: name)
    }

    /// Bytes count for the memory they hold, which may be more than they are.
    func keep(_ bytes: ByteBuffer, file: String, of name: String) {
        keep(.bytes(bytes), size: max(bytes.readableBytes, bytes.capacity), file: file, of: name)
    }

    /// Keeps one thing, pushing out the least recently used past the budget; one larger than an
    /// eighth of it is not kept (it would push out many that are asked for more).
    private func keep(_ held: Held, size: Int, file: String, of name: String) {
        guard size <= budget / 8 else { return }
        kept.withLock { kept in
            if let (slot, _) = kept.held(file, of: name) { kept.drop(slot) }
            let slot = kept.free.popLast() ?? kept.slots.count
            let made = Slot(name: name, file: file, held: held, size: size, older: nil, newer: nil)
            if slot == kept.slots.count { kept.slots.append(made) } else { kept.slots[slot] = made }
            kept.index[name, default: [:]][file] = slot
            kept.linkNewest(slot)
            kept.bytes += size
            while kept.bytes > budget, let oldest = kept.oldest { kept.drop(oldest) }
        }
    }

    func forget(_ name: String) {
        kept.withLock { kept in
            for slot in kept.index[name].map({ Array($0.values) }) ?? [] { kept.drop(slot) }
        }
    }
}
