import Foundation
import PluginAPI
import TMDB

/// The summaries of titles the lists showed lately (the Trailers app's grid), so `show` has
/// something to say when a title's details cannot be had. One JSON line a title in the cache
/// folder, newest last; a title seen again is simply added again, and a look-up reads from the end.
struct SeenTitles: Sendable {
    /// Lines kept: the titles of the last fifty pages or so.
    static let kept = 1_000

    let path: String

    init(cacheFolder: String) {
        path = "\(cacheFolder)/trailers/seen-titles.jsonl"
    }

    /// Remembers `items` after what is kept, keeping the newest lines. Whole lines are moved, none
    /// decoded, and nothing is flushed to disk: every list does this, and a lost file costs only
    /// the fallback, so a failure is not reported either.
    func remember(_ items: [TitleItem]) {
        let encoder = JSONEncoder()
        let added = items.suffix(Self.kept).compactMap { try? encoder.encode($0) }
        guard !added.isEmpty else { return }
        try? LocalFile.update(path, durable: false) { current in
            let old = current ?? Data()
            // The oldest lines that no longer fit go; the bytes are scanned, never split.
            let excess = Self.lines(in: old) + added.count - Self.kept
            var kept = Data(old.dropFirst(excess > 0 ? Self.end(ofLine: excess, in: old) : 0))
            for line in added {
                kept.append(line)
                kept.append(Self.newline)
            }
            return kept
        }
    }

    /// The last summary of a title a list showed, if any.
    func summary(of id: Int, type: MediaType) -> TitleItem? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let key = TitleItem.listKey(id: id, type: type)
        let decoder = JSONDecoder()
        return data.split(separator: Self.newline).reversed().lazy
            .compactMap { try? decoder.decode(TitleItem.self, from: $0) }
            .first { $0.listKey == key }
    }

    private static let newline = UInt8(ascii: "\n")

    private static func lines(in data: Data) -> Int {
        data.withUnsafeBytes { bytes in bytes.reduce(0) { $1 == newline ? $0 + 1 : $0 } }
    }

    /// Where line `number` (from 1) of `data` ends, past its newline; the end when it has fewer.
    private static func end(ofLine number: Int, in data: Data) -> Int {
        data.withUnsafeBytes { bytes in
            var seen = 0
            for index in bytes.indices where bytes[index] == newline {
                seen += 1
                if seen == number { return index + 1 }
            }
            return bytes.count
        }
    }
}
