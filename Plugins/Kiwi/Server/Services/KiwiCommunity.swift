/// Everything the community does, as the API's controllers and the web pages ask for it: one
/// service for each part, each with the stores it needs (and nothing else reaches a store).
struct KiwiCommunity: Sendable {
    let accounts: Accounts
    let posts: Posts
    let follows: Follows
    let notifications: Notifications
    let live: LiveEvents
    let health: StoreHealth

    init(storage: any KiwiStorage, photos: PhotoIntake, books: Books, bcryptCost: UInt8, healthPatience: Duration, heartbeat: Duration) {
        accounts = Accounts(store: storage, photos: photos, bcryptCost: bcryptCost, changes: storage.changes)
        posts = Posts(store: storage, photos: photos, books: books, changes: storage.changes)
        follows = Follows(store: storage)
        notifications = Notifications(store: storage)
        live = LiveEvents(store: storage, changes: storage.changes, heartbeat: heartbeat)
        health = StoreHealth(storage: storage, patience: healthPatience)
    }

    /// The photos members send: how big they may be.
    var maxUploadBytes: Int { posts.photos.maxBytes }
    /// A form holding a photo up to the limit, with room for its other parts.
    var uploadBodyLimit: Int { maxUploadBytes + 64 * 1024 }
    var books: Books { posts.books }
}
