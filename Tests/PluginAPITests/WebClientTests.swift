import Foundation
import Logging
import PluginAPI
import TestSupport
import Testing

/// The HTTP client against a real stub server on 127.0.0.1, with short retry timings.
@Suite struct WebClientTests {
    let cacheRoot = Scratch.url("cache").path
    let fast = RetryPolicy(maxRetries: 5, initialDelay: 0.01, maximumDelay: 0.05, timeout: 5)

    func client(mode: WebClient.CacheMode = .normal, policy: RetryPolicy? = nil, console: Console = .memory()) -> WebClient {
        WebClient(
            transport: AsyncHTTPTransport(),
            cache: ResponseCache(root: cacheRoot, maximumBytes: 10_000_000),
            policy: policy ?? fast,
            mode: mode,
            output: Output(console: console, format: .lines, color: false, quiet: false),
            logger: Logger(label: "test") { _ in ConsoleLogHandler(console: console, level: .info) }
        )
    }

    func get(_ server: StubServer, _ path: String, ttl: TimeInterval? = 60) -> HTTPRequest {
        HTTPRequest(
            url: server.baseURL.appendingPathComponent(path),
            namespace: "test",
            cache: ttl.map { CachePolicy(kind: "test", timeToLive: $0) }
        )
    }

    @Test func tenConcurrentIdenticalGetsMakeOneUpstreamRequest() async throws {
        let server = try await StubServer.start()
        server.route("/same", .json(Data("{}".utf8), delay: .milliseconds(300)))
        let client = client()
        let request = get(server, "same", ttl: nil)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 { group.addTask { try await client.send(request).status } }
            for try await status in group { #expect(status == 200) }
        }
        #expect(server.requestCount("/same") == 1)
        await server.stop()
    }

    @Test func twentyDistinctGetsToOneHostNeverExceedFourInFlight() async throws {
        let server = try await StubServer.start()
        // Each answer takes long enough that a loaded machine still starts four before the first ends.
        for index in 0..<20 { server.route("/item/\(index)", .json(Data("{}".utf8), delay: .milliseconds(400))) }
        let client = client()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 { group.addTask { _ = try await client.send(get(server, "item/\(index)", ttl: nil)) } }
            try await group.waitForAll()
        }
        #expect(server.requestCount() == 20)
        // Never past the limit; on an idle machine exactly at it, on a loaded one (CI, with photos
        // decoded beside it) the client may not start a fourth before the first answer: still several.
        #expect((2...WebClient.perHostLimit).contains(server.maxInFlight), "\(server.maxInFlight) in flight at most")
        await server.stop()
    }

    @Test func retryAfterIsHonouredBeforeTheRetrySucceeds() async throws {
        let server = try await StubServer.start()
        server.route("/limited", .status(429, headers: ["Retry-After": "2"]), .json(Data(#"{"ok":true}"#.utf8)))
        let patient = RetryPolicy(maxRetries: 5, initialDelay: 0.01, maximumDelay: 5, timeout: 5)
        let response = try await client(policy: patient).send(get(server, "limited"))
        #expect(response.status == 200)
        let times = server.requests.map(\.receivedAt)
        #expect(times.count == 2)
        #expect(times[1] - times[0] >= .seconds(2))
        await server.stop()
    }

    @Test func aRetryAfterLongerThanTheBackoffCapFailsAtOnceSayingWhen() async throws {
        let server = try await StubServer.start()
        server.route("/limited", .status(429, headers: ["Retry-After": "3600"]), .json(Data(#"{"ok":true}"#.utf8)))
        server.route("/down", .status(503, headers: ["Retry-After": "120"]), .json(Data(#"{"ok":true}"#.utf8)))
        let started = ContinuousClock.now
        let limited = try await #require(throws: ToolboxError.self) {
            try await client(policy: RetryPolicy(maximumDelay: 30, timeout: 5)).send(get(server, "limited"))
        }
        #expect(limited.exitCode == 75)
        #expect(limited.message.contains("wait 60 min"))
        #expect(limited.hint.hasPrefix("try again after ") && limited.hint.contains(":"))
        let down = try await #require(throws: ToolboxError.self) {
            try await client(policy: RetryPolicy(maximumDelay: 30, timeout: 5)).send(get(server, "down"))
        }
        #expect(down.exitCode == 69 && down.message.contains("wait 2 min"))
        // Waiting would take two minutes at least; a loaded CI machine takes seconds at most.
        #expect(ContinuousClock.now - started < .seconds(60), "nothing waited")
        #expect(server.requestCount("/limited") == 1 && server.requestCount("/down") == 1)
        await server.stop()
    }

    @Test func threeServiceUnavailablesThenSuccess() async throws {
        let server = try await StubServer.start()
        server.route("/flaky", .status(503), .status(503), .status(503), .json(Data("[1]".utf8)))
        let response = try await client().send(get(server, "flaky"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "[1]")
        #expect(server.requestCount("/flaky") == 4)
        await server.stop()
    }

    @Test func droppedConnectionsAreRetried() async throws {
        let server = try await StubServer.start()
        server.route("/drop", .drop(delay: .zero), .json(Data("{}".utf8)))
        #expect(try await client().send(get(server, "drop")).status == 200)
        #expect(server.requestCount("/drop") == 2)
        await server.stop()
    }

    /// The last 5xx is the answer (its body has the server's own words), said as unavailable.
    @Test func serviceUnavailableForeverIsUnavailableAfterTheRetries() async throws {
        let server = try await StubServer.start()
        server.route("/down", .json(Data(#"{"error":"the database is resting"}"#.utf8), status: 503))
        let answer = try await client().send(get(server, "down"))
        #expect(answer.status == 503 && answer.retries == 5)
        #expect(server.requestCount("/down") == 6)
        let api = APIClient(service: "the test service", baseURL: server.baseURL, namespace: "test", web: client()) {
            String(data: $0, encoding: .utf8)?.contains("resting") == true ? "the database is resting" : nil
        }
        let error = try await #require(throws: ToolboxError.self) { try await api.send(APICall("down")) }
        #expect(error.exitCode == 69)
        #expect(error.message == "127.0.0.1:\(server.port) kept failing (HTTP 503) after 5 retries (the database is resting)")
        await server.stop()
    }

    @Test func rateLimitedForeverIsExit75() async throws {
        let server = try await StubServer.start()
        server.route("/busy", .status(429))
        let error = try await #require(throws: ToolboxError.self) { try await client().send(get(server, "busy")) }
        #expect(error.exitCode == 75)
        await server.stop()
    }

    @Test func notFoundIsNotRetried() async throws {
        let server = try await StubServer.start()
        server.route("/gone", .status(404))
        server.route("/denied", .status(401))
        #expect(try await client().send(get(server, "gone")).status == 404)
        #expect(try await client().send(get(server, "denied")).status == 401)
        #expect(server.requestCount() == 2)
        await server.stop()
    }

    @Test func postsAreSentOnceAndNeverCached() async throws {
        let server = try await StubServer.start()
        server.route("/posts", .status(503))
        var request = get(server, "posts")
        request.method = "POST"
        let answer = try await client().send(request)
        #expect(answer.status == 503 && answer.retries == 0)
        #expect(server.requestCount("/posts") == 1)
        let api = APIClient(service: "the test service", baseURL: server.baseURL, namespace: "test", web: client())
        let error = try await #require(throws: ToolboxError.self) { try await api.send(APICall("posts", method: "POST")) }
        #expect(error.kind == .unavailable && error.message == "127.0.0.1:\(server.port) failed (HTTP 503)", "sent once, so not 'kept failing'")
        await server.stop()
    }

    @Test func aSecondRequestWithinTheLifetimeIsServedFromDisk() async throws {
        let server = try await StubServer.start()
        server.route("/cached", .json(Data(#"{"n":1}"#.utf8)))
        _ = try await client().send(get(server, "cached"))
        let second = try await client().send(get(server, "cached"))  // a new client: the disk tier answers
        #expect(second.origin == .cache)
        #expect(server.requestCount("/cached") == 1)
        let refreshed = try await client(mode: .refresh).send(get(server, "cached"))
        #expect(refreshed.origin == .network)
        #expect(server.requestCount("/cached") == 2)
        await server.stop()
    }

    @Test func anUnreachableHostFallsBackToAnExpiredEntryWithANotice() async throws {
        let server = try await StubServer.start()
        server.route("/data", .json(Data(#"{"v":"cached"}"#.utf8)))
        let request = get(server, "data", ttl: 0.01)
        _ = try await client().send(request)
        await server.stop()
        try await Task.sleep(for: .milliseconds(50))
        let console = Console.memory()
        let response = try await client(console: console).send(request)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"v":"cached"}"#)
        guard case .stale = response.origin else {
            Issue.record("expected a stale answer")
            return
        }
        #expect(console.captured.standardError.contains("offline: showing cached results from just now"))
    }

    @Test func offlineWithoutAnEntryIsAClearError() async throws {
        let server = try await StubServer.start()
        let error = try await #require(throws: ToolboxError.self) { try await client(mode: .offline).send(get(server, "never")) }
        #expect(error.kind == .unavailable)
        #expect(error.message.hasPrefix("offline, and no cached answer"))
        #expect(server.requestCount() == 0)
        await server.stop()
    }

    @Test func verboseLinesNameMethodURLStatusAndCacheStateWithoutSecrets() async throws {
        let server = try await StubServer.start()
        server.route("/movie", .json(Data("{}".utf8)))
        let console = Console.memory()
        var request = get(server, "movie")
        request.url = URL(string: server.baseURL.absoluteString + "/movie?api_key=supersecretkey123&page=1")!
        _ = try await client(console: console).send(request)
        _ = try await client(console: console).send(request)
        let log = console.captured.standardError
        #expect(!log.contains("supersecretkey123"))
        #expect(log.contains("GET http://127.0.0.1:\(server.port)/movie?api_key=REDACTED&page=1 200"))
        #expect(log.contains("(miss)"))
        #expect(log.contains("(cache hit)"))
        await server.stop()
    }

    @Test func aSignedURLsSignatureIsNeverShown() throws {
        let signed = URL(string: "https://cdn.example/media/a.jpg/640.webp?expires=1795683600&key=k1&signature=bp3TeXNZhcuR7zGwst")!
        #expect(Redaction.url(signed) == "https://cdn.example/media/a.jpg/640.webp?expires=1795683600&key=REDACTED&signature=REDACTED")
    }

    @Test func aTornCacheEntryNeverReadsAsValid() async throws {
        let server = try await StubServer.start()
        server.route("/torn", .json(Data(#"{"complete":true}"#.utf8)))
        let request = get(server, "torn")
        _ = try await client().send(request)
        // Find the entry and cut it short, as a crash in the middle of a non-atomic write would.
        let files = try #require(FileManager.default.enumerator(atPath: cacheRoot)?.allObjects as? [String])
        let entry = try #require(files.first { !$0.hasSuffix(".lock") && ($0 as NSString).lastPathComponent.count == 64 })
        let path = cacheRoot + "/" + entry
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count - 5).write(to: URL(fileURLWithPath: path))
        #expect(ResponseCache(root: cacheRoot, maximumBytes: 10_000_000).read(request) == nil)
        #expect(!FileManager.default.fileExists(atPath: path), "the torn entry is removed")
        // A leftover temporary file from an interrupted atomic write is not an entry either.
        try Data("TOOLBOX-CACHE 2\n200 ".utf8).write(to: URL(fileURLWithPath: path + ".tmp"))
        let refetched = try await client().send(request)
        #expect(refetched.origin == .network)
        await server.stop()
    }

    @Test func storedEntriesReadBackExactlyAndOlderFormatsReadAsMisses() async throws {
        let server = try await StubServer.start()
        server.route("/kept", .json(Data(#"{"kept":true}"#.utf8)))
        let request = get(server, "kept", ttl: 90)
        let before = Date()
        _ = try await client().send(request)
        let after = Date()
        let entry = try #require(ResponseCache(root: cacheRoot, maximumBytes: 10_000_000).read(request))
        #expect(entry.status == 200 && entry.body == Data(#"{"kept":true}"#.utf8))
        // Stored during the send, however long a loaded machine took.
        #expect(entry.storedAt >= before.addingTimeInterval(-0.001) && entry.storedAt <= after.addingTimeInterval(0.001))
        #expect(abs(entry.expiresAt.timeIntervalSince(entry.storedAt) - 90) < 0.001)
        // An entry written by an earlier toolbox (another magic line) is a miss, not an error.
        let files = try #require(FileManager.default.enumerator(atPath: cacheRoot)?.allObjects as? [String])
        let path = cacheRoot + "/" + (try #require(files.first { ($0 as NSString).lastPathComponent.count == 64 }))
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        data.replaceSubrange(0..<16, with: Data("TOOLBOX-CACHE 1\n".utf8))
        try data.write(to: URL(fileURLWithPath: path))
        #expect(ResponseCache(root: cacheRoot, maximumBytes: 10_000_000).read(request) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
        await server.stop()
    }

    @Test func cancellationStopsARequestWithoutStoringAnything() async throws {
        let server = try await StubServer.start()
        server.route("/slow", .json(Data("{}".utf8), delay: .seconds(120)))
        let client = client()
        let request = get(server, "slow")
        let task = Task { try await client.send(request) }
        try await Task.sleep(for: .milliseconds(200))
        let started = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(ContinuousClock.now - started < .seconds(60), "not the answer's two minutes")
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(ResponseCache(root: cacheRoot, maximumBytes: 10_000_000).read(request) == nil)
        await server.stop()
    }

    @Test func theCacheEvictsLeastRecentlyUsedEntriesOverItsCap() async throws {
        let server = try await StubServer.start()
        let body = Data(repeating: UInt8(ascii: "x"), count: 4000)
        for index in 0..<5 { server.route("/big/\(index)", .json(body)) }
        let small = WebClient(
            transport: AsyncHTTPTransport(),
            cache: ResponseCache(root: cacheRoot, maximumBytes: 10_000),
            policy: fast,
            mode: .normal,
            output: Output(console: .memory(), format: .lines, color: false, quiet: false),
            logger: Logger(label: "test")
        )
        for index in 0..<5 { _ = try await small.send(get(server, "big/\(index)")) }
        let fresh = ResponseCache(root: cacheRoot, maximumBytes: 10_000)
        #expect(fresh.read(get(server, "big/0")) == nil, "the oldest entry went")
        #expect(fresh.read(get(server, "big/4")) != nil, "the newest stayed")
        await server.stop()
    }
}

@Suite struct RetryPolicyTests {
    @Test func theDefaultsBackOffOneSecondDoublingCappedAtThirty() async throws {
        // The real defaults, read through the configuration as a run would (computed, not slept).
        let configuration = try await ToolboxConfiguration(keys: CoreKeys.all, environment: [:], filePath: "/nonexistent/config.yaml")
        let policy = try RetryPolicy(configuration: configuration)
        #expect(policy.maxRetries == 5)
        #expect((0..<policy.maxRetries).map(policy.backoff(beforeRetry:)) == [1, 2, 4, 8, 16])
        #expect(policy.backoff(beforeRetry: 5) == 30)
        #expect(policy.backoff(beforeRetry: 9) == 30)
        #expect(policy.timeout == 30)
    }

    @Test func retryAfterAcceptsSecondsAndHTTPDates() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let policy = RetryPolicy()
        #expect(policy.delay(beforeRetry: 0, retryAfter: "2", now: now) == 2)
        #expect(policy.delay(beforeRetry: 3, retryAfter: nil, now: now) == 8)
        let date = "Tue, 14 Nov 2023 22:13:30 GMT"  // 10 s after `now`
        #expect(policy.delay(beforeRetry: 0, retryAfter: date, now: now) == 10)
        #expect(policy.delay(beforeRetry: 2, retryAfter: "soon", now: now) == 4)
    }
}

@Suite struct UploadProgressTests {
    @Test func aBodyIsSentInChunksThatReportTheirProgress() async throws {
        let server = try await StubServer.start()
        server.route("/upload", .json(Data("{}".utf8)))
        let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
        let reported = ProgressLog()
        var request = HTTPRequest(method: "POST", url: server.baseURL.appendingPathComponent("upload"), body: body, namespace: "test")
        request.uploadProgress = { sent in reported.add(sent) }
        let response = try await AsyncHTTPTransport().send(request, timeout: 10)
        #expect(response.status == 200)
        #expect(server.requests.first?.body == body, "the whole body arrives, in order")
        let values = reported.values
        #expect(values.count == 5, "64 KiB chunks")
        #expect(values == values.sorted())
        #expect(values.last == body.count)
        await server.stop()
    }
}

final class ProgressLog: @unchecked Sendable {
    // @unchecked: the lock guards `sent`.
    private let lock = NSLock()
    private var sent: [Int] = []

    func add(_ value: Int) { lock.withLock { sent.append(value) } }
    var values: [Int] { lock.withLock { sent } }
}

@Suite struct URLQueryTests {
    @Test func valuesArriveIntactWhateverTheyContain() {
        #expect(
            URLQuery.encode([("query", "Fight Club+1 & more=yes"), ("year", "1999")])
                == "query=Fight%20Club%2B1%20%26%20more%3Dyes&year=1999"
        )
        #expect(URLQuery.encode([("q", "Amélie ~_.-")]) == "q=Am%C3%A9lie%20~_.-")
        let url = URL(string: "https://api.example.org/3/search/movie")!
        #expect(url.appendingQuery([("page", "2")]).absoluteString == "https://api.example.org/3/search/movie?page=2")
        #expect(URL(string: "https://x.org/a?b=1")!.appendingQuery([("c", "2")]).absoluteString == "https://x.org/a?b=1&c=2")
        #expect(url.appendingQuery([]) == url)
    }
}
