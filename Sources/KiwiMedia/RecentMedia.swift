import NIOCore
import Synchronization

/// The media files served lately, in memory up to `budget` bytes, least recently used first out,
/// with their photos' manifests: a version many readers ask for is read from disk or the store once.
final class RecentMedia: Sendable {
    /// A file kept, in the order of use: a doubly linked list through the slots, most recent at `newest`.
    private struct Slot {
        var name: String
        var file: String
        var bytes: ByteBuffer
        var older: Int?
        var newer: Int?
    }

    private struct Kept {
        var manifests: [String: MediaManifest] = [:]
        var slots: [Slot?] = []
        var free: [Int] = []
        var index: [String: [String: Int]] = [:]
        var newest: Int?
        var oldest: Int?
        var bytes = 0

        mutating func unlink(_ slot: Int) {
            let (older, newer) = (slots[slot]!.older, slots[slot]!.newer)
            if let older { slots[older]!.newer = newer } else { oldest = newer }
            if let newer { slots[newer]!.older = older } else { newest = older }
        }

        mutating func linkNewest(_ slot: Int) {
            slots[slot]!.older = newest
            slots[slot]!.newer = nil
            if let newest { slots[newest]!.newer = slot }
            newest = slot
            if oldest == nil { oldest = slot }
        }

        mutating func drop(_ slot: Int) {
            unlink(slot)
            let kept = slots[slot]!
            bytes -= kept.bytes.readableBytes
            index[kept.name]?[kept.file] = nil
            if index[kept.name]?.isEmpty == true {
                index[kept.name] = nil
                manifests[kept.name] = nil
            }
            slots[slot] = nil
            free.append(slot)
        }
    }

    private let kept = Mutex(Kept())
    let budget: Int

    init(budget: Int) {
        self.budget = budget
    }

    func manifest(_ name: String) -> MediaManifest? { kept.withLock { $0.manifests[name] } }

    func file(_ file: String, of name: String) -> ByteBuffer? {
        kept.withLock { kept in
            guard let slot = kept.index[name]?[file] else { return nil }
            kept.unlink(slot)
            kept.linkNewest(slot)
            return kept.slots[slot]!.bytes
        }
    }

    func keep(_ manifest: MediaManifest, of name: String) { kept.withLock { $0.manifests[name] = manifest } }

    /// Keeps a file, pushing out the least recently used past the budget; one larger than an
    /// eighth of it is not kept (it would push out many that are asked for more).
    func keep(_ bytes: ByteBuffer, file: String, of name: String) {
        guard bytes.readableBytes <= budget / 8 else { return }
        kept.withLock { kept in
            guard kept.index[name]?[file] == nil else { return }
            let slot = kept.free.popLast() ?? kept.slots.count
            let made = Slot(name: name, file: file, bytes: bytes, older: nil, newer: nil)
            if slot == kept.slots.count { kept.slots.append(made) } else { kept.slots[slot] = made }
            kept.index[name, default: [:]][file] = slot
            kept.linkNewest(slot)
            kept.bytes += bytes.readableBytes
            while kept.bytes > budget, let oldest = kept.oldest { kept.drop(oldest) }
        }
    }

    func forget(_ name: String) {
        kept.withLock { kept in
            kept.manifests[name] = nil
            for slot in kept.index[name]?.values.map({ $0 }) ?? [] { kept.drop(slot) }
        }
    }
}
