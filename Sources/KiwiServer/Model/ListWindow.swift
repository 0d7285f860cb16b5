/// The part of a list a request asks for: by key (`max_id`, `since_id`, `min_id`, as Mastodon's
/// API pages), which costs the same at any depth, or by offset (`page`, the original's), which
/// stops at `KiwiLimits.deepestOffset`.
///
/// A key is the id of a listed item (a post, a notification, a comment; for followers and
/// following the follow's own number, handed out in `Link` headers). Lists sorted by time place
/// a key by the time of the item it names, or, when that item is gone, of the nearest before it.
struct ListWindow: Sendable, Hashable {
    var limit: Int
    var offset = 0
    /// Only items before this key in the list's order by time (`max_id`).
    var below: Int64?
    /// Only items after this key (`since_id`, `min_id`).
    var above: Int64?
    /// The oldest items of the range rather than the newest: `min_id`'s page just after
    /// `above`, and the order of oldest-first lists (comments) unless they page back.
    var oldestFirst = false

    /// A whole list, for the server's own use (whom a live stream's reader follows).
    static let everything = ListWindow(limit: Int(Int32.max))

    /// Whether it names a key (the cursor path) rather than an offset.
    var byKey: Bool { below != nil || above != nil }

    /// A page fetched one longer than it shows (newest first), without the extra: the oldest
    /// when reading older, the newest when reading newer (`min_id`).
    func shown<Item>(_ items: [Item]) -> [Item] {
        guard items.count >= limit else { return items }
        return oldestFirst ? Array(items.suffix(limit - 1)) : Array(items.prefix(limit - 1))
    }

    /// The window just past the last of `keys` (shown in the list's order), the way the list reads
    /// on: older for newest-first lists, newer for oldest-first ones.
    func next(after keys: [Int64], newestFirst: Bool) -> ListWindow? {
        guard let last = keys.last else { return nil }
        return newestFirst
            ? ListWindow(limit: limit, below: last)
            : ListWindow(limit: limit, above: last, oldestFirst: true)
    }

    /// The window just before the first of `keys`.
    func previous(before keys: [Int64], newestFirst: Bool) -> ListWindow? {
        guard let first = keys.first else { return nil }
        return newestFirst
            ? ListWindow(limit: limit, above: first, oldestFirst: true)
            : ListWindow(limit: limit, below: first)
    }

    /// `items` cut to the window and shown in the list's order, each placed by `time` then `key`:
    /// what each store does in its own query language, said once for memory.
    func cut<Item>(_ items: [Item], key: (Item) -> Int64, time: (Item) -> Double, newestFirst: Bool) -> [Item] {
        let oldest = items.sorted { (time($0), key($0)) < (time($1), key($1)) }
        // A key's place: the time of the item it names, or of the nearest before it that is left.
        func place(_ bound: Int64) -> (Double, Int64) {
            (items.filter { key($0) <= bound }.max { key($0) < key($1) }.map(time) ?? -.infinity, bound)
        }
        let upper = below.map(place)
        let lower = above.map(place)
        let inRange = oldest.filter { item in
            let order = (time(item), key(item))
            return upper.map { order < $0 } ?? true && lower.map { order > $0 } ?? true
        }
        let taken =
            oldestFirst ? Array(inRange.dropFirst(offset).prefix(limit)) : Array(inRange.reversed().dropFirst(offset).prefix(limit)).reversed()
        return newestFirst ? taken.reversed() : taken
    }
}
