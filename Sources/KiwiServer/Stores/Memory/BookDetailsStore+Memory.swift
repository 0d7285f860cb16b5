import Foundation

extension MemoryKiwiDatabase: BookDetailsStore {
    func oweDetails(_ isbn13: String, due: Date) {
        if owedDetails[isbn13] == nil { owedDetails[isbn13] = OwedDetails(failures: 0, due: due) }
    }

    func detailsDue(at now: Date, limit: Int) -> [String] {
        Array(owedDetails.filter { $0.value.due <= now }.sorted { ($0.value.due, $0.key) < ($1.value.due, $1.key) }.prefix(limit).map(\.key))
    }

    func claimDetails(_ isbn13: String, at now: Date, until: Date) -> Int? {
        guard let owed = owedDetails[isbn13], owed.due <= now else { return nil }
        owedDetails[isbn13]?.due = until
        return owed.failures
    }

    func postponeDetails(_ isbn13: String, failures: Int, until due: Date) {
        if owedDetails[isbn13] != nil { owedDetails[isbn13] = OwedDetails(failures: failures, due: due) }
    }

    func name(_ book: KiwiBook) -> BookNamed {
        var named = BookNamed()
        for (id, stored) in posts where stored.post.book?.isbn13 == book.isbn13 && stored.post.book?.isUnnamed == true {
            posts[id]?.post.book = book
            named.posts.append((id, stored.post.owner.username))
        }
        for (id, reading) in readings where reading.isbn13 == book.isbn13 && reading.book.isUnnamed {
            readings[id]?.book = book
            named.readings.append((id, reading.reader))
        }
        owedDetails[book.isbn13] = nil
        return named
    }
}
