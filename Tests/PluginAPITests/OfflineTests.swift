import Foundation
import Logging
import NIOCore
import Synchronization
import TestSupport
import Testing

@testable import PluginAPI

/// Offline is said at once; what can pass is retried, and concurrent waits share one line.
@Suite struct OfflineTests {
    /// A transport that fails every request the same way, counting them.
    final class FailingTransport: HTTPTransport {
        let reason: TransportError.Reason
        let sent = Atomic(0)
        init(_ reason: TransportError.Reason) { self.reason = reason }

        func send(_ request: HTTPRequest, timeout: TimeInterval) async throws -> HTTPResponse {
            sent.add(1, ordering: .relaxed)
            throw TransportError(reason, "cannot resolve \(request.host) (Temporary failure in name resolution)")
        }
    }

    func client(_ transport: FailingTransport, cacheRoot: String, console: Console = .memory()) -> WebClient {
        WebClient(
            transport: transport,
            cache: ResponseCache(root: cacheRoot, maximumBytes: 10_000_000),
            policy: RetryPolicy(maxRetries: 5, initialDelay: 0.01, maximumDelay: 0.05, timeout: 5),
            mode: .normal,
            output: Output(console: console, format: .lines, color: false, quiet: false),
            logger: Logger(label: "test")
        )
    }

    /// An API over a client that never answers, to read how its failures are said.
    func api(unreachable: ToolboxError? = nil) -> APIClient {
        APIClient(
            service: "the service",
            baseURL: URL(string: "https://marine-api.open-meteo.com")!,
            namespace: "test",
            web: client(FailingTransport(.connection), cacheRoot: cacheRoot),
            unreachable: unreachable
        )
    }

    let cacheRoot = Scratch.url("cache").path
    let request = HTTPRequest(
        url: URL(string: "https://marine-api.open-meteo.com/v1/marine")!,
        namespace: "test",
        cache: CachePolicy(kind: "test", timeToLive: 60)
    )

    @Test func anUnreachableHostIsTriedOnceAndSaidAtOnce() async throws {
        let transport = FailingTransport(.unreachable)
        let failure = try await #require(throws: TransportError.self) { try await client(transport, cacheRoot: cacheRoot).send(request) }
        #expect(transport.sent.load(ordering: .relaxed) == 1)
        let error = api().unavailable(failure)
        #expect(error.exitCode == 69)
        #expect(error.message == "cannot resolve marine-api.open-meteo.com (Temporary failure in name resolution)")
        #expect(error.hint.hasPrefix("check your network connection"))
    }

    /// Nothing listening: one short retry (a server restarting), then said.
    @Test func aRefusedConnectionIsTriedTwiceAndSaidWithinASecond() async throws {
        let transport = FailingTransport(.refused)
        let failure = try await #require(throws: TransportError.self) { try await client(transport, cacheRoot: cacheRoot).send(request) }
        #expect(failure.reason == .refused)
        #expect(transport.sent.load(ordering: .relaxed) == 2, "not the five backed-off retries of a failed connection")
        let own = ToolboxError.unavailable("cannot reach the service", hint: "start it")
        #expect(api(unreachable: own).unavailable(failure) == own, "a service's own words for a refusal")
        #expect(
            api(unreachable: own).unavailable(TransportError(.timeout, "no answer within 30s")).message == "no answer within 30s",
            "a timeout is not a refusal"
        )
    }

    @Test func anUnreachableHostAnswersFromAnExpiredEntryAtOnce() async throws {
        let cache = ResponseCache(root: cacheRoot, maximumBytes: 10_000_000)
        cache.store(HTTPResponse(status: 200, body: Data("[1]".utf8)), for: request, policy: CachePolicy(kind: "test", timeToLive: -1))
        let transport = FailingTransport(.unreachable)
        let console = Console.memory()
        let response = try await client(transport, cacheRoot: cacheRoot, console: console).send(request)
        #expect(String(decoding: response.body, as: UTF8.self) == "[1]")
        #expect(console.captured.standardError.hasPrefix("offline: showing cached results"))
        #expect(transport.sent.load(ordering: .relaxed) == 1)
    }

    @Test func aFailedConnectionIsStillRetried() async throws {
        let transport = FailingTransport(.connection)
        _ = await #expect(throws: TransportError.self) { try await client(transport, cacheRoot: cacheRoot).send(request) }
        #expect(transport.sent.load(ordering: .relaxed) == 6, "the first try and five retries")
    }

    @Test func noRouteIsUnreachableAndAResetIsNot() {
        let down = AsyncHTTPTransport.unreachable(IOError(errnoCode: ENETUNREACH, reason: "connect"), host: "api.themoviedb.org")
        #expect(down?.reason == .unreachable)
        #expect(down?.detail == "cannot reach api.themoviedb.org: no route to it (is the network down?)")
        #expect(AsyncHTTPTransport.unreachable(IOError(errnoCode: ECONNRESET, reason: "read"), host: "x") == nil, "a reset can pass")
        #expect(AsyncHTTPTransport.unreachable(IOError(errnoCode: ECONNREFUSED, reason: "connect"), host: "x") == nil, "a restart can pass")
    }

    @Test func concurrentWaitsShareOneLine() {
        let now = ContinuousClock.now
        let one = [(reason: "api.themoviedb.org did not answer", until: now + .seconds(3.2))]
        #expect(RetryStatus.line(one, now: now) == "api.themoviedb.org did not answer: retrying in 4s")
        let two = one + [(reason: "marine-api.open-meteo.com did not answer", until: now + .seconds(1.5))]
        #expect(RetryStatus.line(two, now: now) == "2 requests waiting: retrying in 2s", "the soonest retry")
        #expect(RetryStatus.line([], now: now) == nil)
    }

    @Test func twoWaitsOnATerminalDrawOneLineAtATime() async throws {
        let console = Console.memory(terminal: true)
        let status = RetryStatus(output: Output(console: console, format: .table, color: false, quiet: false))
        async let first: Void = status.wait(seconds: 1.9, reason: "a.example did not answer")
        async let second: Void = status.wait(seconds: 1.9, reason: "b.example did not answer")
        _ = try await (first, second)
        let drawn = console.captured.standardError.components(separatedBy: "\r\u{1B}[K").filter { !$0.isEmpty }
        // The count in seconds depends on when each wait began; that both share the line does not.
        #expect(drawn.contains { $0.hasPrefix("2 requests waiting: retrying in ") }, "\(drawn)")
        #expect(drawn.allSatisfy { $0.hasSuffix("s") && !$0.contains("\n") }, "whole lines only: \(drawn)")
        #expect(console.captured.standardError.hasSuffix("\r\u{1B}[K"), "the line is cleared at the end")
    }
}
