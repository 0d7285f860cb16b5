import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import Logging
import PluginAPI
import Synchronization
import TestSupport
import Testing

@testable import KiwiServer

/// A reader's live stream (`GET /events`) read as the client reads it (`APIClient.stream`, `EventStream`),
/// kept for a test to wait on.
actor LiveStreamReader {
    private(set) var events: [ServerSentEvent] = []
    private(set) var heartbeats = 0
    private(set) var ended = false
    private var reading: Task<Void, Never>?

    static func open(_ base: String, token: String, lastEvent: String? = nil) async throws -> LiveStreamReader {
        var headers = EventStream.headers.merging(["Authorization": "Bearer \(token)"]) { $1 }
        if let lastEvent { headers["Last-Event-ID"] = lastEvent }
        let api = APIClient(service: "the Kiwi server", baseURL: try #require(URL(string: base)), namespace: "kiwi", web: testWebClient())
        let stream = EventStream.events(of: try await api.stream(APICall("events", headers: headers)))
        let reader = LiveStreamReader()
        await reader.read(stream)
        return reader
    }

    private func read(_ stream: AsyncThrowingStream<ServerSentEvent?, any Error>) {
        reading = Task {
            do {
                for try await event in stream { self.heard(event) }
            } catch {}
            self.finish()
        }
    }

    private func heard(_ event: ServerSentEvent?) {
        if let event { events.append(event) } else { heartbeats += 1 }
    }

    private func finish() { ended = true }

    func close() { reading?.cancel() }

    /// The first event named `name` that `matches`, from `after` on; fails after `within` (5 s by
    /// default: what a loaded CI machine needs; an event that comes returns at once).
    func next(
        _ name: String,
        after start: Int = 0,
        within limit: Duration = .seconds(5),
        where matches: @Sendable (ServerSentEvent) -> Bool = { _ in true }
    ) async throws -> (event: ServerSentEvent, index: Int) {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let index = events.indices.dropFirst(start).first(where: { events[$0].name == name && matches(events[$0]) }) {
                return (events[index], index)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("no '\(name)' event within \(limit); had \(events.map { "\($0.name) \($0.data.prefix(80))" })")
        throw CancellationError()
    }

    func waitUntilEnded(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !ended, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return ended
    }
}

extension ServerSentEvent {
    func decoded<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: Data(data.utf8))
    }
}

@Suite struct KiwiLiveTests {
    @Test(arguments: StoreKind.available) func aReaderHearsNotificationsWithdrawalsAndFolloweesPostsAsTheyHappen(kind: StoreKind) async throws {
        try await withKiwi(kind, heartbeat: 0.2) { kiwi in
            try await kiwi.application.test(.live) { client in
                let base = "http://127.0.0.1:\(try #require(client.port))"
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                let post = try await client.post("The storm chapter", by: ada)
                _ = try await client.json(.post, "/users/bob/follow", token: ada)
                let stream = try await LiveStreamReader.open(base, token: ada)
                defer { Task { await stream.close() } }
                #expect(try await stream.next("unread").event.decoded(KiwiWire.Unread.self).count == 0, "the count comes first")

                _ = try await client.json(.post, "/posts/\(post)/like", token: bob)
                let (liked, at) = try await stream.next("notification")
                let like = try liked.decoded(KiwiWire.Notification.self)
                #expect(like.kind == "like" && like.actor.username == "bob" && like.post?.id == post)
                #expect(liked.id?.hasPrefix("n\(like.id)@") == true, "a notification is named, to resume after it")
                #expect(try await stream.next("unread", after: at).event.decoded(KiwiWire.Unread.self).count == 1)

                _ = try await client.json(.delete, "/posts/\(post)/like", token: bob)
                let (withdrawn, _) = try await stream.next("withdrawn", after: at)
                #expect(try withdrawn.decoded(KiwiWire.Withdrawn.self).id == like.id)

                try await KiwiNotificationTests.comment(client, on: post, "Lovely", token: bob)
                let comment = try await stream.next("notification", after: at + 1).event.decoded(KiwiWire.Notification.self)
                #expect(comment.kind == "comment" && comment.comment == "Lovely")
                _ = try await client.json(.post, "/users/ada/follow", token: bob)
                _ = try await stream.next("notification", after: at + 1) { event in event.data.contains(#""kind":"follow""#) }

                // A new post by someone she follows; her own is no news to her.
                _ = try await client.upload(TestImages.png, caption: "mine", token: ada)
                let bobs = try await client.post("Bob reads Persuasion", by: bob)
                let (posted, _) = try await stream.next("post")
                let news = try posted.decoded(KiwiWire.Post.self)
                #expect(news.id == bobs && news.author.username == "bob" && posted.id?.hasPrefix("p\(bobs)@") == true)
                #expect(await stream.events.filter { $0.name == "post" }.count == 1, "her own post is not news to her")
                #expect(await stream.heartbeats > 0, "a quiet stream says it is there")
            }
        }
    }

    /// Set-ups take turns, a few at a time (`LiveEvents.setUpsAtOnce`): a crowd arriving together
    /// is served in full, each stream with its count, and a like made then reaches each once.
    @Test(arguments: StoreKind.available) func aCrowdOfStreamsArrivingAtOnceIsEverySetUpInTurn(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.live) { client in
                let port = try #require(client.port)
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                let post = try await client.post("Middlemarch", by: ada)
                // Raw connections, as many as a crowd: a client's pool would queue them.
                let crowd = try (0..<(6 * LiveEvents.setUpsAtOnce)).map { _ in try TCPSocket.connected(port: port) }
                let request = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(ada)\r\nAccept: text/event-stream\r\n\r\n"
                for socket in crowd { #expect(socket.send(request)) }
                // Blocking reads, off the cooperative pool the server's own tasks run on. One
                // deadline for the crowd: on a loaded machine (the whole suite at once) the first
                // set-ups may take seconds, and the later ones are ready by then.
                let deadline = ContinuousClock.now + .seconds(60)
                for (index, socket) in crowd.enumerated() {
                    let opened = try await offThePool { Self.read(socket, until: ["event: unread"], within: deadline - .now) }
                    #expect(opened.contains("event: unread"), "stream \(index) is set up: \(opened.suffix(200))")
                }
                _ = try await client.json(.post, "/posts/\(post)/like", token: bob)
                let liked = ContinuousClock.now + .seconds(60)
                for (index, socket) in crowd.enumerated() {
                    let heard = try await offThePool { Self.read(socket, until: ["\"kind\":\"like\""], within: liked - .now) }
                    #expect(heard.components(separatedBy: "\"kind\":\"like\"").count == 2, "stream \(index) has the like once: \(heard.suffix(200))")
                }
            }
        }
    }

    /// A burst of stream set-ups and ends gives the heap back once it has been quiet a while, not
    /// at each: every trim comes `quiet` after the last work before it, and there are no more trims
    /// than quiet spells (a loaded machine may stall the burst into two; it is still once a spell).
    @Test func aBurstIsFollowedByOneTrimOfTheHeapWhenItIsQuiet() async throws {
        let trims = Mutex<[ContinuousClock.Instant]>([])
        let heap = HeapTrim { trims.withLock { $0.append(.now) } }
        var done: [ContinuousClock.Instant] = []
        for _ in 0..<50 {
            done.append(.now)
            heap.done()
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try await eventually(within: .seconds(10)) { !trims.withLock { $0.isEmpty } })
        try await Task.sleep(for: HeapTrim.quiet * 3)
        done.append(.now)
        heap.done()
        #expect(try await eventually(within: .seconds(10)) { trims.withLock { $0.last! > done.last! } }, "the next burst, once more")
        try await Task.sleep(for: HeapTrim.quiet * 3)

        let (times, spells) = (trims.withLock { $0 }, zip(done, done.dropFirst()).filter { $1 - $0 > HeapTrim.quiet }.count + 1)
        #expect(times.count >= 2 && times.count <= spells, "\(times.count) trims for \(spells) quiet spells")
        for trim in times {
            let before = try #require(done.last { $0 < trim })
            #expect(trim - before >= HeapTrim.quiet)
        }
    }

    /// What `socket` receives until every one of `marks` was in it, or `limit` passed.
    static func read(_ socket: TCPSocket, until marks: [String], within limit: Duration) -> String {
        let deadline = ContinuousClock.now + limit
        var text = ""
        while !marks.allSatisfy(text.contains), ContinuousClock.now < deadline {
            var ready = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            let bytes = socket.receive(upTo: 65_536)
            if bytes.isEmpty { break }
            text += String(decoding: bytes, as: UTF8.self)
        }
        // A moment more, so that a second copy of the like would be seen.
        var ready = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&ready, 1, 50) > 0 { text += String(decoding: socket.receive(upTo: 65_536), as: UTF8.self) }
        return text
    }

    @Test(arguments: StoreKind.available) func aReturningStreamIsSentWhatItMissedAndNothingTwice(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.live) { client in
                let base = "http://127.0.0.1:\(try #require(client.port))"
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                _ = try await client.json(.post, "/users/bob/follow", token: ada)
                let post = try await client.post("one", by: ada)
                let first = try await LiveStreamReader.open(base, token: ada)
                _ = try await client.json(.post, "/posts/\(post)/like", token: bob)
                let had = try await first.next("notification").event
                await first.close()

                // While she is away.
                try await KiwiNotificationTests.comment(client, on: post, "Lovely", token: bob)
                _ = try await client.json(.post, "/users/ada/follow", token: bob)
                let bobs = try await client.post("two", by: bob)

                let back = try await LiveStreamReader.open(base, token: ada, lastEvent: had.id)
                defer { Task { await back.close() } }
                _ = try await back.next("post")
                try await Task.sleep(for: .milliseconds(300))
                // What a client keeps: every named event once, dropping the one it had.
                let named = await back.events.filter { $0.id != nil && $0.name != "unread" && $0.name != "withdrawn" }
                let fresh = named.filter { $0.id != had.id }
                #expect(Set(fresh.map(\.id)).count == fresh.count, "nothing twice")
                #expect(fresh.map(\.name) == ["notification", "notification", "post"], "\(fresh.map(\.data))")
                #expect(fresh.last?.data.contains(#""id":"\#(bobs)""#) == true)
                #expect(named.count - fresh.count <= 1, "at most the one it named, sent again")
            }
        }
    }

    @Test(arguments: StoreKind.available) func loggingOutEndsTheStreamAndItsTokenOpensNoOther(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.live) { client in
                let base = "http://127.0.0.1:\(try #require(client.port))"
                let ada = try await client.member("ada")
                let stream = try await LiveStreamReader.open(base, token: ada)
                defer { Task { await stream.close() } }
                _ = try await stream.next("unread")
                #expect(try await client.json(.delete, "/sessions", token: ada).0 == .ok)
                #expect(await stream.waitUntilEnded(within: .seconds(2)), "logging out ends the stream")
                let refused = await #expect(throws: ToolboxError.self) { _ = try await LiveStreamReader.open(base, token: ada) }
                #expect(refused?.exitCode == 77, "403: the ended token opens no stream")
            }
        }
    }
}
