import ArgumentParser

/// Something a saved list keeps: found again by its key, named in messages, and
/// shown as the plugin's lists show it.
public protocol SavedItem: Codable, Sendable {
    associatedtype Key: Equatable & Sendable
    var savedKey: Key { get }
    /// How messages name it, e.g. `“Fight Club” (1999)`.
    var savedName: String { get }
    /// One sentence for `--plain`.
    var spoken: String { get }
    /// The table's columns.
    static var columns: [Column<Self>] { get }
    /// How messages name the list: "your favourites".
    static var savedListTitle: String { get }
}

/// A list the user keeps on this computer (favourites, a watchlist), in one JSON
/// file under the data folder, changed under its lock. With the `list`, `add` and
/// `remove` commands' bodies, so every saved list behaves and speaks alike.
public struct SavedList<Item: SavedItem>: Sendable {
    /// Asks the service about a kept item before a listing: why it should leave the list
    /// (the service no longer has it), or nil to keep it, as on any other failure.
    public typealias Audit = @Sendable (Item) async -> String?

    /// The command group, for hints: "toolbox movies favorites".
    public let command: String
    let store: JSONFileStore<[Item]>
    let audit: Audit?

    var title: String { Item.savedListTitle }

    /// Kept in `<dataFolder>/<file>`, e.g. `movies/favorites.json`.
    public init(file: String, dataFolder: String, command: String, audit: Audit? = nil) {
        store = JSONFileStore(path: "\(dataFolder)/\(file)", empty: [], mode: 0o644)
        self.command = command
        self.audit = audit
    }

    public func items() throws -> [Item] { try store.load() }

    /// Adds or refreshes an item; false when it was there already.
    @discardableResult
    public func add(_ item: Item) throws -> Bool {
        try store.update { items in
            if let index = items.firstIndex(where: { $0.savedKey == item.savedKey }) {
                items[index] = item
                return false
            }
            items.append(item)
            return true
        }
    }

    /// Adds the items not there yet, in one write; those it added.
    @discardableResult
    public func add(contentsOf new: [Item]) throws -> [Item] {
        try store.update { items in
            let added = new.filter { item in !items.contains { $0.savedKey == item.savedKey } }
            items += added
            return added
        }
    }

    /// Removes an item; the removed one, or nil when it was not there.
    public func remove(_ key: Item.Key) throws -> Item? {
        try store.update { items in
            guard let index = items.firstIndex(where: { $0.savedKey == key }) else { return nil }
            return items.remove(at: index)
        }
    }

    /// `… list`: the audit first, every item at once (the web client caps requests per host);
    /// an item it rules out is removed, with a notice naming it. `present` shows what is left
    /// (with `empty` to say when nothing is); by default, as a list of the item's columns.
    public func runList(in context: CommandContext, present: ((_ items: [Item], _ empty: String) async throws -> Void)? = nil) async throws {
        var items = try items()
        if let audit, !items.isEmpty {
            let verdicts = try await items.concurrentMap { await audit($0) }
            for (item, reason) in zip(items, verdicts) {
                guard let reason, try remove(item.savedKey) != nil else { continue }
                context.output.notice("Removed \(item.savedName) from \(title): \(reason).")
            }
            items = try self.items()
        }
        let empty = "Nothing in \(title) yet: add with `\(command) add ID`."
        if let present { return try await present(items, empty) }
        try context.output.list(items, columns: Item.columns, plain: \.spoken, empty: empty)
    }

    /// `… add`: `lookUp` fails for an id the service does not know, before anything is stored.
    public func runAdd(in context: CommandContext, lookUp: () async throws -> Item) async throws {
        let item = try await lookUp()
        let added = try add(item)
        context.output.notice(added ? "Added \(item.savedName) to \(title)." : "\(item.savedName) is already in \(title).")
    }

    /// `… remove`; `described` names what was asked for ("movie 550").
    public func runRemove(_ key: Item.Key, described: String, in context: CommandContext) throws {
        guard let removed = try remove(key) else {
            throw ToolboxError.notFound("\(described) is not in \(title)", hint: "see it with `\(command) list`")
        }
        context.output.notice("Removed \(removed.savedName) from \(title).")
    }
}

extension Container {
    /// A plugin's saved list, `toolbox <plugin> <name>`: kept in `<data folder>/<plugin>/<name>.json`.
    /// `audit`, given the container, makes the list's audit (see `SavedList.Audit`); nil when it cannot.
    public mutating func registerSavedList<Item: SavedItem>(
        of item: Item.Type,
        named name: String,
        by plugin: PluginDescriptor,
        audit: (@Sendable (Container) -> SavedList<Item>.Audit?)? = nil
    ) {
        register(SavedList<Item>.self) { container in
            SavedList(
                file: "\(plugin.identifier)/\(name).json",
                dataFolder: try container.resolve(ToolboxPaths.self).data,
                command: "toolbox \(plugin.identifier) \(name)",
                audit: audit?(container)
            )
        }
    }
}
