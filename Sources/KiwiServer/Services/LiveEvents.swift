import Foundation
import PluginAPI
import ServiceLifecycle
import Synchronization

/// The live streams of logged-in readers. Each hears, as they happen, its reader's new (and
/// withdrawn) notifications with the unread count, and new posts and shelf changes ("ada finished
/// The Tempest") by the people they follow. Shelf changes are news of the moment: a returning
/// stream is not sent the ones it missed.
///
/// The changes come from `KiwiChanges` (from PostgreSQL's notices when servers share a database,
/// so a like made on one server reaches a reader on another), in order, as many at a time as have
/// come: a burst of likes sends each reader its count once. Past `backlog` changes not yet told,
/// they are forgotten and every stream catches up from the store instead. A stream
/// that was away names the last event it had (`Last-Event-ID`): it is sent what it missed, from
/// the store, as far back as `resumeWindow`. What a stream is sent waits in a buffer of `buffer`
/// messages: a reader who does not read is dropped, and never grows the server's memory.
final class LiveEvents: Service, Sendable {
    typealias Store = NotificationStore & PostStore & FollowStore & AccountStore & ShelfStore & FederationStore

    /// What a stream sends. An event and a reading are boxed (`indirect`), so that a message is 9
    /// bytes and not a post's 217: the stream's loop, inlined with AsyncStream's, keeps room for
    /// a score of messages in its task's frame, and the task keeps that frame for as long as its
    /// reader stays (4.3 KB a stream, heaptrack found, before the box).
    enum Message: Sendable, Equatable {
        indirect case event(KiwiEvent)
        case withdrawn(notification: Int64)
        case unread(Int)
        /// A followee's book shelved or moved on.
        indirect case reading(KiwiReading)
        /// Nothing happened: keeps proxies from closing an idle connection.
        case heartbeat
    }

    /// How far back a returning stream is sent what it missed, and at most how much.
    static let resumeWindow: TimeInterval = 24 * 3600
    static let resumeLimit = 1_000
    /// Events a little older than the last one a stream had are sent again on its return (and
    /// dropped by it if seen): a write's time is taken before it commits.
    static let overlap: TimeInterval = 10

    static let backlog = 10_000

    /// Streams set up at once. A thousand readers arriving together would each hold the store's
    /// answers and their frames at the same moment, and the heap that burst fragments stays the
    /// server's; in turns of a few, memory stays that of the streams themselves.
    static let setUpsAtOnce = 8

    private let store: any Store
    /// What each reader keeps away never reaches their stream: a muted member's notifications and
    /// posts (a block ends follows and withdraws notifications, and refuses new ones).
    private let blocks: Blocks
    /// A member suspended has their streams ended, as their sessions are stopped.
    private let standings: Standings
    let heartbeat: Duration
    let buffer: Int
    private let heard = Heard()
    private let readers = Mutex(Readers())
    private let setUps = HostLimiter(limit: LiveEvents.setUpsAtOnce)
    /// Streams come and go in bursts (a server restarted, a network back): after each, what their
    /// set-ups and ends let go is given back.
    private let heap = HeapTrim()

    init(
        store: any Store,
        blocks: Blocks,
        standings: Standings,
        changes: KiwiChanges,
        heartbeat: Duration = .seconds(15),
        buffer: Int = 64
    ) {
        self.store = store
        self.blocks = blocks
        self.standings = standings
        self.heartbeat = heartbeat
        self.buffer = buffer
        let heard = self.heard
        changes.stream { heard.add($0) }
    }

    /// The changes heard and not yet told (nil: some were missed, catch up), and a nudge for the teller.
    private final class Heard: Sendable {
        private let changes = Mutex<[KiwiChange?]>([])
        let (nudges, nudge) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

        func add(_ change: KiwiChange?) {
            changes.withLock { changes in
                if changes.count >= LiveEvents.backlog { changes = [nil] } else { changes.append(change) }
            }
            nudge.yield()
        }

        func takeAll() -> [KiwiChange?] {
            changes.withLock { changes in
                defer { changes = [] }
                return changes
            }
        }
    }

    /// A reader's stream: `resumeAfter` is the last event it had, when it is coming back.
    func connect(
        _ reader: KiwiUser,
        tokenHash: String,
        resumeAfter cursor: LiveCursor?,
        close: @escaping @Sendable () -> Void
    ) async throws -> Connection {
        let stream = register(reader.username, tokenHash: tokenHash, close: close)
        defer { heap.done() }
        do {
            // Registered first, then asked: what happens in between is sent by the catch-up below.
            try await setUps.withPermit(for: "set-up") { [self] in
                follow(try await store.people(.following, of: reader.username, window: .everything).map(\.member), for: stream)
                stream.keepAway(try await blocks.keptAway(for: reader.username))
                stream.send(.unread(try await unreadCount(of: reader.username)))
                let since = cursor.map { max($0.time - Self.overlap, stream.connected - Self.resumeWindow) } ?? stream.connected
                if let cursor { stream.saw(cursor.event) }
                stream.caughtUp(with: try await store.events(for: reader.username, since: since, limit: Self.resumeLimit))
            }
        } catch {
            stream.end()
            throw error
        }
        return stream
    }

    // The plain steps of `connect`, out of its frame: a thousand readers connecting at once each
    // hold that frame while they wait for the store, and the room they took stays the server's.

    @inline(never)
    private func register(_ reader: String, tokenHash: String, close: @escaping @Sendable () -> Void) -> Connection {
        let (messages, continuation) = AsyncStream.makeStream(of: Message.self, bufferingPolicy: .bufferingOldest(buffer))
        let stream = Connection(reader: reader, tokenHash: tokenHash, messages: messages, continuation: continuation, close: close)
        readers.withLock { $0.add(stream) }
        continuation.onTermination = { [weak self] _ in
            self?.readers.withLock { $0.remove(stream) }
            self?.heap.done()
        }
        return stream
    }

    @inline(never)
    private func follow(_ followees: [KiwiUser], for stream: Connection) {
        let names = Set(followees.map(\.username))
        readers.withLock { $0.follow(names, for: stream) }
    }

    /// Hears the changes one at a time, in order, and beats the heart of every stream.
    func run() async throws {
        try await withGracefulShutdownHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { [self] in
                    while !Task.isCancelled {
                        try await Task.sleep(for: heartbeat)
                        for stream in readers.withLock({ $0.all }) { stream.send(.heartbeat) }
                    }
                }
                group.addTask { [self] in
                    for await _ in heard.nudges { await tell(heard.takeAll()) }
                }
                try await group.next()
                group.cancelAll()
            }
        } onGracefulShutdown: { [self] in
            heard.nudge.finish()
            for stream in readers.withLock({ $0.all }) { stream.end() }
        }
    }

    /// Tells the streams what `changes` say, in order; then each reader whose count moved, once.
    private func tell(_ changes: [KiwiChange?]) async {
        var counts = Set<String>()
        for change in changes {
            // A failed look-up (the database away) loses nothing for good: the streams catch up when it returns.
            do {
                switch change {
                case .notification(let id, let recipient, let added):
                    let streams = readers.withLock { $0.streams(of: recipient) }
                    guard !streams.isEmpty else { continue }
                    counts.insert(recipient)
                    if !added {
                        for stream in streams { stream.send(.withdrawn(notification: id)) }
                    } else if let notification = try await store.notification(id) {
                        for stream in streams { stream.send(.notification(notification)) }
                    }
                case .read(let recipient):
                    counts.insert(recipient)
                case .post(let id, let author, true):
                    let streams = try await streams(following: author)
                    guard !streams.isEmpty, let post = try await store.post(id, viewer: nil) else { continue }
                    for stream in streams { stream.send(.post(post)) }
                case .reading(let id, _, let reader, false):
                    let streams = readers.withLock { $0.streams(following: reader) }
                    guard !streams.isEmpty, let reading = try await store.reading(id), reading.isNews else { continue }
                    for stream in streams { stream.send(.reading(reading)) }
                case .follow(let follower, let followee, let following):
                    readers.withLock { $0.change(follower, follows: followee, following) }
                case .sessionEnded(let hash):
                    for stream in readers.withLock({ $0.streams(session: hash) }) { stream.end() }
                case .keptAway(let actor, let subject):
                    for member in [actor, subject] {
                        let streams = readers.withLock { $0.streams(of: member) }
                        guard !streams.isEmpty else { continue }
                        let kept = try await blocks.keptAway(for: member)
                        for stream in streams { stream.keepAway(kept) }
                        counts.insert(member)
                    }
                case .member(let name):
                    let streams = readers.withLock { $0.streams(of: name) }
                    guard !streams.isEmpty, try await standings.current().suspended.contains(name) else { continue }
                    for stream in streams { stream.end() }
                case nil, .accountDeleted:
                    try await catchUp()
                case .post, .photoRemoved, .cover, .reading:
                    continue
                }
            } catch {
                continue
            }
        }
        for reader in counts {
            let streams = readers.withLock { $0.streams(of: reader) }
            guard !streams.isEmpty, let unread = try? await unreadCount(of: reader) else { continue }
            for stream in streams { stream.send(.unread(unread)) }
        }
    }

    /// The streams of the readers who follow `author`: a member's followers as the streams keep
    /// them, or a reader elsewhere's as the store does (followed through their server, not
    /// among the members' follows, and seldom posting: asked at each of their posts).
    private func streams(following author: String) async throws -> [Connection] {
        guard Federation.isElsewhere(author) else { return readers.withLock { $0.streams(following: author) } }
        guard readers.withLock({ !$0.byReader.isEmpty }) else { return [] }
        let followers = try await store.followersHere(ofAuthor: author)
        return readers.withLock { readers in followers.flatMap { readers.streams(of: $0) } }
    }

    /// After a gap in the changes (the database's listener reconnected), every stream is brought up
    /// to date as if it had heard them: a session that ended meanwhile ends its stream, the people
    /// its reader follows are asked again, and it is sent what it missed (never twice) and the count.
    private func catchUp() async throws {
        for stream in readers.withLock({ $0.all }) {
            guard try await store.sessionUser(tokenHash: stream.tokenHash) != nil else {
                stream.end()
                continue
            }
            let followees = Set(try await store.people(.following, of: stream.reader, window: .everything).map(\.member.username))
            readers.withLock { $0.replaceFollowees(of: stream.reader, with: followees) }
            let since = stream.lastEventTime.map { $0 - Self.overlap } ?? stream.connected
            stream.send(try await store.events(for: stream.reader, since: since, limit: Self.resumeLimit))
            stream.keepAway(try await blocks.keptAway(for: stream.reader))
            stream.send(.unread(try await unreadCount(of: stream.reader)))
        }
    }

    private func unreadCount(of reader: String) async throws -> Int {
        let suspended = try await standings.current().suspended
        return try await store.unreadCount(for: reader, excluding: try await blocks.unheard(by: reader, suspended: suspended))
    }

    /// One reader's connection.
    final class Connection: Sendable, Hashable {
        let reader: String
        let tokenHash: String
        let connected = Date()
        let messages: AsyncStream<Message>
        private let continuation: AsyncStream<Message>.Continuation
        /// Closes the connection.
        private let close: @Sendable () -> Void
        /// The events sent lately, so that a catch-up never sends one twice; and the live ones held
        /// until the first catch-up is sent.
        private let sent = Mutex(Sent())
        /// Whom the reader keeps away: their events are not sent.
        private let keptAway = Mutex(KiwiKeptAway.nobody)

        private struct Sent {
            var ids: Set<String> = []
            var order: [String] = []
            var last: Date?
            /// Live events wait while the stream's first catch-up is read, so that a reader gets
            /// what it missed before what is new (on PostgreSQL the notice of a change made before
            /// the stream came can arrive after it did); nil once it is sent.
            var held: [KiwiEvent]? = []

            /// Whether `event` is new to the stream, counting it as sent if so.
            mutating func record(_ event: KiwiEvent) -> Bool {
                guard ids.insert(event.id).inserted else { return false }
                order.append(event.id)
                if order.count > 2 * LiveEvents.resumeLimit { ids.remove(order.removeFirst()) }
                last = max(last ?? event.createdAt, event.createdAt)
                return true
            }
        }

        init(
            reader: String,
            tokenHash: String,
            messages: AsyncStream<Message>,
            continuation: AsyncStream<Message>.Continuation,
            close: @escaping @Sendable () -> Void
        ) {
            self.reader = reader
            self.tokenHash = tokenHash
            self.messages = messages
            self.continuation = continuation
            self.close = close
        }

        var lastEventTime: Date? { sent.withLock { $0.last } }

        /// Counts an event as had (the one a returning stream names).
        func saw(_ id: String) {
            sent.withLock { _ = $0.ids.insert(id) }
        }

        func keepAway(_ kept: KiwiKeptAway) { keptAway.withLock { $0 = kept } }

        /// Whether the reader keeps away whoever made the event.
        private func hides(_ event: KiwiEvent) -> Bool {
            let actor =
                switch event {
                case .notification(let notification): notification.actor.username
                case .post(let post): post.owner.username
                }
            return keptAway.withLock { $0.hides(actor) }
        }

        func send(_ event: KiwiEvent) {
            guard !hides(event) else { return }
            let fresh = sent.withLock { sent in
                guard sent.held == nil else {
                    sent.held?.append(event)
                    return false
                }
                return sent.record(event)
            }
            if fresh { send(.event(event)) }
        }

        /// The first catch-up, then the live events held while it was read: each once, in order
        /// (queued under the lock, so that no live event passes them).
        @inline(never)
        func caughtUp(with events: [KiwiEvent]) {
            let dropped = sent.withLock { sent in
                let fresh = (events + (sent.held ?? [])).filter { !hides($0) && sent.record($0) }
                sent.held = nil
                return fresh.contains { event in
                    if case .dropped = continuation.yield(.event(event)) { return true }
                    return false
                }
            }
            if dropped { drop() }
        }

        /// Each of `events`, in order, that it was not sent before.
        @inline(never)
        func send(_ events: [KiwiEvent]) {
            for event in events { send(event) }
        }

        /// Queues a message; a reader whose queue is full is not reading, and is dropped.
        func send(_ message: Message) {
            if case .dropped = continuation.yield(message) { drop() }
        }

        /// Ends the stream: what is queued is sent, then the response ends.
        func end() {
            continuation.finish()
        }

        /// Ends the stream and closes the connection (its response may be stuck in a write nobody reads).
        func drop() {
            continuation.finish()
            close()
        }

        static func == (left: Connection, right: Connection) -> Bool { left === right }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// Every stream, by reader, by the authors their readers follow, and by session.
    private struct Readers {
        var byReader: [String: Set<Connection>] = [:]
        var following: [String: Set<String>] = [:]
        var followers: [String: Set<String>] = [:]

        var all: [Connection] { byReader.values.flatMap { $0 } }

        mutating func add(_ stream: Connection) { byReader[stream.reader, default: []].insert(stream) }

        mutating func remove(_ stream: Connection) {
            byReader[stream.reader]?.remove(stream)
            guard byReader[stream.reader]?.isEmpty == true else { return }
            byReader[stream.reader] = nil
            for followee in following.removeValue(forKey: stream.reader) ?? [] { followers[followee]?.remove(stream.reader) }
        }

        mutating func follow(_ followees: Set<String>, for stream: Connection) {
            guard byReader[stream.reader] != nil else { return }
            for followee in followees { change(stream.reader, follows: followee, true) }
        }

        mutating func replaceFollowees(of reader: String, with followees: Set<String>) {
            for followee in following[reader] ?? [] where !followees.contains(followee) { change(reader, follows: followee, false) }
            for followee in followees { change(reader, follows: followee, true) }
        }

        mutating func change(_ follower: String, follows followee: String, _ following: Bool) {
            guard byReader[follower] != nil else { return }
            if following {
                self.following[follower, default: []].insert(followee)
                followers[followee, default: []].insert(follower)
            } else {
                self.following[follower]?.remove(followee)
                followers[followee]?.remove(follower)
            }
        }

        func streams(of reader: String) -> [Connection] { Array(byReader[reader] ?? []) }

        func streams(following author: String) -> [Connection] { (followers[author] ?? []).flatMap { streams(of: $0) } }

        func streams(session hash: String) -> [Connection] { all.filter { $0.tokenHash == hash } }
    }
}

/// Where a returning stream left off: its last event and that event's time ("n12@1764000000123",
/// milliseconds), as the stream's `id:` lines name them and `Last-Event-ID` sends them back.
struct LiveCursor: Sendable, Equatable {
    let event: String
    let time: Date

    init(event: KiwiEvent) {
        self.event = event.id
        time = event.createdAt
    }

    init?(_ text: String) {
        let parts = text.split(separator: "@")
        guard parts.count == 2, let milliseconds = Int64(parts[1]), let kind = parts[0].first, "np".contains(kind), Int64(parts[0].dropFirst()) != nil
        else { return nil }
        event = String(parts[0])
        time = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    var text: String { "\(event)@\(Int64((time.timeIntervalSince1970 * 1000).rounded(.down)))" }
}
