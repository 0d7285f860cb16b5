import Foundation
import KiwiWire

extension MemoryKiwiDatabase: ShelfStore {
    func currentReading(of isbn13: String, by reader: String) -> KiwiReading? {
        readings.values.filter { $0.reader == reader && $0.isbn13 == isbn13 }.max { ($0.id ?? 0) < ($1.id ?? 0) }
    }

    func save(_ reading: KiwiReading, keeping: AnswerToKeep<KiwiReading>?) throws -> KiwiReading {
        if let id = reading.id, readings[id] == nil { throw KiwiProblem.notOnShelves }
        var saved = reading
        saved.id = reading.id ?? nextID()
        try keep(keeping, saved)
        readings[saved.id ?? 0] = saved
        return saved
    }

    func shelveIfAbsent(_ reading: KiwiReading) throws -> KiwiReading? {
        guard currentReading(of: reading.isbn13, by: reading.reader) == nil else { return nil }
        return try save(reading, keeping: nil)
    }

    func unshelve(_ isbn13: String, by reader: String) -> [Int64] {
        let removed = readings.values.filter { $0.reader == reader && $0.isbn13 == isbn13 }.compactMap(\.id).sorted()
        for id in removed { readings[id] = nil }
        return removed
    }

    func readings(of reader: String) throws -> [KiwiReading] {
        guard members[reader] != nil else { throw KiwiProblem.noSuchUser }
        return readings.values.filter { $0.reader == reader }.sorted { ($0.updatedAt, $0.id ?? 0) > ($1.updatedAt, $1.id ?? 0) }
    }

    func reading(_ id: Int64) -> KiwiReading? { readings[id] }

    func shelfCounts(of isbn13: String) -> KiwiWire.ShelfCounts {
        let current = Dictionary(grouping: readings.values.filter { $0.isbn13 == isbn13 }, by: \.reader).compactMap { _, readings in
            readings.max { ($0.id ?? 0) < ($1.id ?? 0) }
        }
        return KiwiWire.ShelfCounts(
            want: current.count { $0.shelf == .want },
            reading: current.count { $0.shelf == .reading },
            read: current.count { $0.shelf == .read }
        )
    }

    func reviews(of isbn13: String, limit: Int) -> [KiwiReading] {
        let reviewed = readings.values.filter { $0.isbn13 == isbn13 && $0.review != nil }
        return Array(reviewed.sorted { ($0.updatedAt, $0.id ?? 0) > ($1.updatedAt, $1.id ?? 0) }.prefix(limit))
    }

    func shelvedBook(_ isbn13: String) -> KiwiBook? {
        readings.values.filter { $0.isbn13 == isbn13 }.max { ($0.id ?? 0) < ($1.id ?? 0) }?.book
    }
}
