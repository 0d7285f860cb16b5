import KiwiServerSettings
import KiwiWire

/// Everything the community does, as the API's controllers and the web pages ask for it: one
/// service for each part, each with the stores it needs (and nothing else reaches a store). An
/// object: every controller holds it, and a request copies its controller.
final class KiwiCommunity: Sendable {
    let accounts: Accounts
    let posts: Posts
    var books: Books { posts.books }
    var shelves: Shelves { posts.shelves }
    let follows: Follows
    let blocks: Blocks
    /// Who is silenced or suspended.
    let standings: Standings
    let reports: Reports
    /// Members' archives, and members arriving with one.
    let archives: Archives
    let arrivals: Arrivals
    let search: Search
    let notifications: Notifications
    /// The readers' live streams.
    let live: LiveEvents
    let health: DatabaseHealth
    /// The photos members send, and their versions.
    let photos: PhotoIntake
    /// How other servers find the community and its readers; nil unless `--federation on`.
    let federation: Federation?

    init(
        storage: any KiwiStorage,
        photos: PhotoIntake,
        bookSearch: BookSearch?,
        covers coverSource: CoverSource? = nil,
        bcryptCost: UInt8,
        registrations: KiwiRegistrations = .open,
        rateLimits: [KiwiRateLimit] = KiwiRateLimit.defaults,
        healthPatience: Duration,
        heartbeat: Duration,
        federation settings: Federation.Settings? = nil
    ) {
        let changes = storage.changes
        let writes = Writes(
            limits: RateLimits(store: storage, limits: rateLimits),
            idempotency: Idempotency(store: storage),
            photos: photos,
            changes: changes
        )
        self.photos = photos
        let standings = Standings(store: storage, cache: KiwiCache(changes: changes, capacity: 1, stale: Standings.stale))
        self.standings = standings
        accounts = Accounts(
            store: storage,
            writes: writes,
            registrations: registrations,
            bcryptCost: bcryptCost,
            sessions: KiwiCache(changes: changes, capacity: 100_000, stale: Accounts.staleSessions),
            standings: standings
        )
        let books = Books(
            search: bookSearch,
            store: storage,
            shelved: storage,
            covers: Covers(source: coverSource, store: storage, photos: photos, changes: changes),
            details: BookDetails(search: bookSearch, store: storage, changes: changes),
            standings: KiwiCache(changes: changes, capacity: 10_000, stale: Books.staleStandings),
            popular: KiwiCache(changes: changes, capacity: 64, stale: Books.stalePopular)
        )
        let blocks = Blocks(store: storage, writes: writes, kept: KiwiCache(changes: changes, capacity: 100_000, stale: Blocks.staleKeptAway))
        self.blocks = blocks
        let follows = Follows(store: storage, writes: writes, blocks: blocks)
        self.follows = follows
        let federation = Federation(
            settings,
            accounts: accounts,
            follows: follows,
            standings: standings,
            store: storage,
            registrations: registrations,
            limits: writes.limits,
            changes: changes
        )
        self.federation = federation
        let posts = Posts(
            store: storage,
            writes: writes,
            books: books,
            blocks: blocks,
            standings: standings,
            shelves: Shelves(
                store: storage,
                writes: writes,
                books: books,
                readings: KiwiCache(changes: changes, capacity: 10_000, stale: Shelves.staleReadings),
                counts: KiwiCache(changes: changes, capacity: 10_000, stale: Shelves.staleBook),
                reviews: KiwiCache(changes: changes, capacity: 10_000, stale: Shelves.staleBook)
            ),
            shared: KiwiCache(changes: changes, capacity: 1_024, stale: Posts.stalePages),
            bookPages: KiwiCache(changes: changes, capacity: 4_096, stale: Posts.stalePages),
            authors: KiwiCache(changes: changes, capacity: 100_000) { _ in nil },
            outbox: federation?.outbox
        )
        self.posts = posts
        reports = Reports(store: storage, writes: writes, posts: posts, standings: standings)
        archives = Archives(store: storage, posts: storage, shelves: posts.shelves, photos: photos)
        arrivals = Arrivals(posts: posts, shelves: posts.shelves, accounts: accounts)
        // A photo deleted through another server (its notice heard here) leaves this one's copies
        // too. The hook holds the media store alone: the changes belong to the database, which
        // the photos' intake holds (its objects' rows), and a cycle would keep both for good.
        let media = photos.media
        changes.cache { change in
            if case .photoRemoved(let name)? = change { Task { await media.forget(name) } }
        }
        search = Search(store: storage, blocks: blocks, standings: standings)
        notifications = Notifications(store: storage, changes: changes, blocks: blocks, standings: standings)
        live = LiveEvents(store: storage, blocks: blocks, standings: standings, changes: changes, heartbeat: heartbeat)
        health = DatabaseHealth(storage: storage, patience: healthPatience)
    }

    /// A member deletes their account (`Accounts.deleteAccount`): with federation on, the servers
    /// of their followers and followees elsewhere are told once it is gone (found before, while
    /// the follows remain): no server hears of a deletion that then fails, and a delivery sent at
    /// once finds the account gone and its key kept.
    func deleteAccount(of member: KiwiUser, password: String, from address: String?) async throws {
        let inboxes = try await federation?.farewellInboxes(of: member.username) ?? []
        try await accounts.deleteAccount(of: member, password: password, from: address, keepingKey: !inboxes.isEmpty)
        // The account is gone: a database that fails now costs the news to other servers (and
        // leaves the key, which nothing signs with again), not the deletion's answer.
        if let federation, !inboxes.isEmpty { try? await federation.farewell(member.username, to: inboxes) }
    }

    /// Whom a name in a path means: a member here, or (federation on) a reader elsewhere named
    /// `user@host`; a handle at this server's own host is the member.
    enum NamedReader {
        case member(String)
        case elsewhere(RemoteHandle, Federation)

        /// Their page here.
        var profilePath: String {
            switch self {
            case .member(let name): "/@\(name)"
            case .elsewhere(let handle, _): "/@\(handle)"
            }
        }
    }

    func reader(named name: String) -> NamedReader {
        guard let federation else { return .member(name) }
        if let handle = federation.reader(named: name) { return .elsewhere(handle, federation) }
        return .member(federation.member(named: name))
    }

    /// Follows (or unfollows) whom `name` means (`reader(named:)`).
    func setFollowing(_ following: Bool, _ name: String, by caller: KiwiUser, from address: String?) async throws {
        switch reader(named: name) {
        case .elsewhere(let handle, let federation):
            let remote = federation.remoteFollows
            try await following ? remote.follow(handle, by: caller, from: address) : remote.unfollow(handle, by: caller, from: address)
        case .member(let name):
            try await following ? follows.follow(name, by: caller, from: address) : follows.unfollow(name, by: caller, from: address)
        }
    }

    /// Blocks (or unblocks) whom `name` means (`reader(named:)`).
    func setBlocking(_ blocking: Bool, _ name: String, by caller: KiwiUser, from address: String?) async throws {
        switch reader(named: name) {
        case .elsewhere(let handle, let federation):
            let remote = federation.remoteBlocks
            try await blocking ? remote.block(handle, by: caller, from: address) : remote.unblock(handle, by: caller, from: address)
        case .member(let name):
            try await blocking ? blocks.block(name, by: caller, from: address) : blocks.unblock(name, by: caller, from: address)
        }
    }

    /// Files a member's report; an account is whom its name means (`reader(named:)`). A reader
    /// elsewhere's report is also sent to their server's moderators, once (`Federation.forward`):
    /// what they wrote is there.
    func report(
        _ subject: KiwiWire.ReportSubject,
        category: String,
        comment: String?,
        posts: [String],
        by caller: KiwiUser,
        from address: String?
    ) async throws -> KiwiReport {
        guard case .account(let name) = subject else {
            return try await reports.report(subject, category: category, comment: comment, posts: posts, by: caller, from: address)
        }
        switch reader(named: name) {
        case .member(let name):
            return try await reports.report(.account(name), category: category, comment: comment, posts: posts, by: caller, from: address)
        case .elsewhere(let handle, let federation):
            let reader = try await federation.remoteFollows.reader(handle)
            let (report, new) = try await reports.report(
                elsewhere: handle.description,
                category: category,
                comment: comment,
                posts: posts,
                by: caller,
                from: address
            )
            if new { try await federation.forward(report, about: reader) }
            return report
        }
    }

    /// What this server takes (`GET /instance`).
    var instance: KiwiWire.Instance { KiwiWire.Instance(configuration: .init(mediaAttachments: photos.limits)) }

    /// The photos members send: how big they may be.
    var maxUploadBytes: Int { photos.maxBytes }
    /// A form holding a photo up to the limit, with room for its other parts.
    var uploadBodyLimit: Int { maxUploadBytes + KiwiLimits.formBody }
}
