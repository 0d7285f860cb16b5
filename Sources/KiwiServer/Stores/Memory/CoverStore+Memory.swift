import Foundation

extension MemoryKiwiDatabase: CoverStore {
    func cover(_ isbn13: String) -> BookCoverRecord? { covers[isbn13] }

    func claimCover(_ isbn13: String, at now: Date, until: Date) -> Int? {
        let record = covers[isbn13] ?? BookCoverRecord(image: nil, failures: 0, due: now)
        guard record.image == nil, record.due <= now else { return nil }
        covers[isbn13] = BookCoverRecord(image: nil, failures: record.failures, due: until)
        return record.failures
    }

    func keepCover(_ isbn13: String, image: PostImage) {
        if case .stored(let stored) = image { images[stored.name] = stored }
        covers[isbn13] = BookCoverRecord(image: image.name, failures: 0, due: Date())
    }

    func postponeCover(_ isbn13: String, failures: Int, until due: Date) {
        covers[isbn13] = BookCoverRecord(image: nil, failures: failures, due: due)
    }
}
