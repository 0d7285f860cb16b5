import PluginAPI

/// The user's favourite movies, kept in `$XDG_DATA_HOME/toolbox/movies/favorites.json`.
struct Favorites: Sendable {
    let store: JSONFileStore<[MovieItem]>

    init(dataFolder: String) {
        store = JSONFileStore(path: "\(dataFolder)/movies/favorites.json", empty: [], mode: 0o644)
    }

    func list() throws -> [MovieItem] { try store.load() }

    /// Adds or refreshes a movie; returns false when it was already there.
    @discardableResult
    func add(_ item: MovieItem) throws -> Bool {
        try store.update { items in
            if let index = items.firstIndex(where: { $0.id == item.id }) {
                items[index] = item
                return false
            }
            items.append(item)
            return true
        }
    }

    /// Removes a movie; returns the removed item, nil when it was not there.
    func remove(_ id: Int) throws -> MovieItem? {
        try store.update { items in
            guard let index = items.firstIndex(where: { $0.id == id }) else { return nil }
            return items.remove(at: index)
        }
    }
}
