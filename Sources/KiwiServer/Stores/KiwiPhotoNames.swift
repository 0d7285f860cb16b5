/// The photos a community names: its posts', its members' avatars and its books' covers. What
/// `kiwi migrate --media-to` moves, and what `kiwi media check` holds the bucket to.
enum KiwiPhotoNames {
    static func all(in store: any KiwiTableStore) async throws -> Set<String> {
        var names = Set<String>()
        for (table, column) in [(KiwiTable.posts, "image"), (.users, "avatar"), (.bookCovers, "image")] {
            let position = table.position(column)
            for row in try await store.fingerprints(table) {
                if case .text(let name) = row[position], !name.isEmpty { names.insert(name) }
            }
        }
        return names
    }
}
