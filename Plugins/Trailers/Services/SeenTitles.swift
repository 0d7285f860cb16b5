import Foundation
import PluginAPI
import TMDB

/// The summaries of titles the lists showed lately (the Trailers app's grid), so `show` has
/// something to say when a title's details cannot be had: kept in the cache folder, newest last.
struct SeenTitles: Sendable {
    /// Enough for every title of a long browse, small enough to rewrite at every list.
    static let kept = 1_000

    let store: JSONFileStore<[TitleItem]>

    init(cacheFolder: String) {
        store = JSONFileStore(path: "\(cacheFolder)/trailers/seen-titles.json", empty: [], mode: 0o644)
    }

    /// Remembers `items`; a failure costs only the fallback, so it is not reported.
    func remember(_ items: [TitleItem]) {
        guard !items.isEmpty else { return }
        let keys = Set(items.map(\.listKey))
        _ = try? store.update { seen in
            seen = Array((seen.filter { !keys.contains($0.listKey) } + items).suffix(Self.kept))
        }
    }

    /// The last summary of a title a list showed, if any.
    func summary(of id: Int, type: MediaType) -> TitleItem? {
        let key = TitleItem.listKey(id: id, type: type)
        return (try? store.load())?.last { $0.listKey == key }
    }
}
