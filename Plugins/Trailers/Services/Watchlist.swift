import PluginAPI

/// Titles to watch, kept in `$XDG_DATA_HOME/toolbox/trailers/watchlist.json`.
struct Watchlist: Sendable {
    let store: JSONFileStore<[TitleItem]>

    init(dataFolder: String) {
        store = JSONFileStore(path: "\(dataFolder)/trailers/watchlist.json", empty: [], mode: 0o644)
    }

    func list() throws -> [TitleItem] { try store.load() }

    /// Adds or refreshes a title; false when it was there already.
    @discardableResult
    func add(_ item: TitleItem) throws -> Bool {
        try store.update { items in
            if let index = items.firstIndex(where: { $0.id == item.id && $0.type == item.type }) {
                items[index] = item
                return false
            }
            items.append(item)
            return true
        }
    }

    /// Removes a title; the removed one, or nil when it was not there.
    func remove(_ id: Int, type: MediaType) throws -> TitleItem? {
        try store.update { items in
            guard let index = items.firstIndex(where: { $0.id == id && $0.type == type }) else { return nil }
            return items.remove(at: index)
        }
    }
}
