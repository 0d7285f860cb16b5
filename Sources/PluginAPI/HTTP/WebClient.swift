import Foundation
import Logging
import Synchronization

/// The HTTP client every plugin uses: per-host in-flight limit, coalescing of
/// identical GETs, retries with backoff, the response cache with offline and
/// stale fallback, and `--verbose` request lines with secrets removed.
public final class WebClient: Sendable {
    /// How the cache is used for this run.
    public enum CacheMode: Sendable, Equatable {
        case normal
        /// `--offline`: answer from the cache only, expired entries allowed.
        case offline
        /// `--refresh`: skip cached entries, store fresh answers.
        case refresh
    }

    /// At most this many requests in flight to one host.
    public static let perHostLimit = 4

    private let transport: any HTTPTransport
    public let cache: ResponseCache
    private let policy: RetryPolicy
    private let mode: CacheMode
    private let output: Output
    private let logger: Logger
    private let limiter = HostLimiter(limit: WebClient.perHostLimit)
    private let inFlight = InFlightWork<HTTPResponse>()
    private let staleNoticesShown = Mutex<Set<String>>([])
    private let oldestStale = Mutex<TimeInterval?>(nil)
    private let retryStatus: RetryStatus

    public init(transport: any HTTPTransport, cache: ResponseCache, policy: RetryPolicy, mode: CacheMode, output: Output, logger: Logger) {
        self.transport = transport
        self.cache = cache
        self.policy = policy
        self.mode = mode
        self.output = output
        self.logger = logger
        self.retryStatus = RetryStatus(output: output)
    }

    /// Sends a request. GETs may be answered from the cache, shared with an identical
    /// request in flight, and retried; other methods are sent exactly once.
    ///
    /// Returns any final HTTP answer, a 5xx that stayed after the retries included (the caller
    /// maps it, with the server's own words, to its errors); throws the `TransportError` when no
    /// answer came, and `rateLimited` (75) when 429s outlasted the retries, unless the cache
    /// had an answer.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.isIdempotentRead else { return try await fetch(request, retrying: false) }
        let cached = request.cache == nil ? nil : cache.read(request)
        let now = Date()
        if let cached, mode != .refresh, cached.isFresh(at: now) || mode == .offline {
            logger.info("\(request.method) \(request.redactedURL) \(cached.status) 0 ms (cache hit)")
            if !cached.isFresh(at: now) { noticeStale(cached, now: now) }
            return HTTPResponse(
                status: cached.status,
                body: cached.body,
                origin: cached.isFresh(at: now) ? .cache : .stale(age: now.timeIntervalSince(cached.storedAt))
            )
        }
        if mode == .offline {
            throw ToolboxError.unavailable(
                "offline, and no cached answer for \(request.redactedURL)",
                hint: "run the command once without --offline to fill the cache"
            )
        }
        // A kept answer with the server's tag: asked whether it changed (a 304 costs no body).
        var conditional = request
        if let etag = cached?.etag, mode != .refresh { conditional.headers["If-None-Match"] = etag }
        let asked = conditional
        do {
            var response = try await inFlight.run(key: ResponseCache.key(for: request)) {
                try await self.fetch(asked, retrying: asked.retried)
            }
            if response.status == 304, let cached, let policy = request.cache {
                response = HTTPResponse(status: cached.status, headers: ["etag": cached.etag ?? ""], body: cached.body)
                cache.store(response, for: request, policy: policy)
                return response
            }
            if response.status >= 500, let cached { return stale(cached, for: request) }
            if response.isSuccess, let slim = request.slim { response.body = slim(response.body) }
            if response.isSuccess, let policy = request.cache { cache.store(response, for: request, policy: policy) }
            return response
        } catch let error as ToolboxError where error.kind == .rateLimited {
            guard let cached else { throw error }
            return stale(cached, for: request)
        } catch let error as TransportError {
            guard let cached else { throw error }
            return stale(cached, for: request)
        }
    }

    /// Opens a long-lived answer (a Server-Sent Events stream): through the host limit while it
    /// opens, said under `--verbose` like every request, never cached or retried (whoever reads
    /// it decides when to come back). Throws the `TransportError` when no head came.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStream {
        let started = ContinuousClock.now
        do {
            let stream = try await limiter.withPermit(for: request.host) { try await self.transport.open(request, timeout: self.policy.timeout) }
            logger.info("\(request.method) \(request.redactedURL) \(stream.status) \((ContinuousClock.now - started).milliseconds) ms (stream)")
            return stream
        } catch let error as TransportError {
            logger.info("\(request.method) \(request.redactedURL) failed after \((ContinuousClock.now - started).milliseconds) ms: \(error.detail)")
            throw error
        }
    }

    /// An expired entry, when the network could not answer better.
    private func stale(_ cached: CacheEntry, for request: HTTPRequest) -> HTTPResponse {
        let now = Date()
        logger.info("\(request.method) \(request.redactedURL) \(cached.status) (stale)")
        noticeStale(cached, now: now)
        return HTTPResponse(status: cached.status, body: cached.body, origin: .stale(age: now.timeIntervalSince(cached.storedAt)))
    }

    /// How old the oldest expired answer this run showed in the network's place is; nil when none
    /// was (a status line marks itself with it, as the notice on stderr says it).
    public var staleAge: TimeInterval? { oldestStale.withLock { $0 } }

    private func noticeStale(_ entry: CacheEntry, now: Date) {
        let age = now.timeIntervalSince(entry.storedAt)
        oldestStale.withLock { $0 = max($0 ?? 0, age) }
        let message = "offline: showing cached results from \(RelativeTime.ago(age))"
        let isNew = staleNoticesShown.withLock { $0.insert(message).inserted }
        if isNew { output.notice(message) }
    }

    private func fetch(_ request: HTTPRequest, retrying: Bool) async throws -> HTTPResponse {
        var retry = 0
        while true {
            try Task.checkCancellation()
            let started = ContinuousClock.now
            let outcome: Result<HTTPResponse, TransportError>
            do {
                outcome = .success(
                    try await limiter.withPermit(for: request.host) {
                        try await self.transport.send(request, timeout: request.timeout ?? self.policy.timeout)
                    }
                )
            } catch let error as TransportError {
                outcome = .failure(error)
            }
            let elapsed = (ContinuousClock.now - started).milliseconds
            let wait: Double
            switch outcome {
            case .success(var response) where response.status == 429 || (500..<600).contains(response.status):
                logger.info("\(request.method) \(request.redactedURL) \(response.status) \(elapsed) ms (miss)")
                guard retrying, retry < policy.maxRetries else {
                    // A request that is not retried (a write) is answered as the server said it.
                    if response.status == 429, retrying { throw Self.stillRateLimited(request, retries: retry) }
                    response.retries = retry
                    return response
                }
                let now = Date()
                if let asked = response.headers["retry-after"].flatMap({ RetryPolicy.seconds(retryAfter: $0, now: now) }), asked > policy.maximumDelay
                {
                    // Longer than the user lets toolbox wait: say when instead of hanging there.
                    throw Self.tooLongToWait(request, status: response.status, seconds: asked, now: now)
                }
                wait = policy.delay(beforeRetry: retry, retryAfter: response.headers["retry-after"], now: now)
            case .success(let response):
                logger.info("\(request.method) \(request.redactedURL) \(response.status) \(elapsed) ms (miss)")
                return response
            case .failure(let error):
                logger.info("\(request.method) \(request.redactedURL) failed after \(elapsed) ms: \(error.detail)")
                // Offline or a wrong name: say so now (or answer from the cache) rather than wait.
                if error.reason == .unreachable { throw error }
                // Nothing listens: one short look for a server that is restarting, then say so.
                if error.reason == .refused {
                    guard retrying, retry == 0 else { throw error }
                    wait = Self.refusedRetryDelay
                } else {
                    guard retrying, retry < policy.maxRetries else { throw error }
                    wait = policy.backoff(beforeRetry: retry)
                }
            }
            retry += 1
            let reason = outcome.statusCode == 429 ? "\(request.host) is rate limiting" : "\(request.host) did not answer"
            try await retryStatus.wait(seconds: wait, reason: reason)
        }
    }

    static func tooLongToWait(_ request: HTTPRequest, status: Int, seconds: Double, now: Date) -> ToolboxError {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = seconds < 86_400 ? "HH:mm" : "d MMM HH:mm"
        let when = formatter.string(from: now.addingTimeInterval(seconds))
        let message = "\(request.host) asks toolbox to wait \(RelativeTime.duration(seconds)) (HTTP \(status), Retry-After)"
        let hint = "try again after \(when), or raise http.backoff_max to wait that long"
        return status == 429 ? .rateLimited(message, hint: hint) : .unavailable(message, hint: hint)
    }

    /// How long a refused connection waits for its one retry: a server restarting takes its port back quickly.
    static let refusedRetryDelay = 0.25

    static func stillRateLimited(_ request: HTTPRequest, retries: Int) -> ToolboxError {
        .rateLimited("\(request.host) is still rate limiting (HTTP 429)\(attempts(retries))", hint: "wait a minute and try again")
    }

    /// " after 5 retries", or nothing for none.
    static func attempts(_ retries: Int) -> String {
        retries == 0 ? "" : " after \(retries) \(retries == 1 ? "retry" : "retries")"
    }
}

extension Result where Success == HTTPResponse {
    var statusCode: Int? { try? get().status }
}

extension Duration {
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
