import Foundation

/// When to try again: exponential backoff (initial delay, doubling, capped)
/// for 429, 5xx and connection failures, honouring `Retry-After`.
public struct RetryPolicy: Sendable, Equatable {
    public var maxRetries: Int
    public var initialDelay: Double
    public var maximumDelay: Double
    /// Seconds one attempt may take.
    public var timeout: Double

    public init(maxRetries: Int = 5, initialDelay: Double = 1, maximumDelay: Double = 30, timeout: Double = 30) {
        self.maxRetries = maxRetries
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.timeout = timeout
    }

    /// The policy the `http.*` keys describe.
    public init(configuration: ToolboxConfiguration) throws {
        self.init(
            maxRetries: try configuration.int(CoreKeys.maxRetries),
            initialDelay: try configuration.double(CoreKeys.backoffInitial),
            maximumDelay: try configuration.double(CoreKeys.backoffMax),
            timeout: try configuration.double(CoreKeys.timeout)
        )
    }

    /// Seconds to wait before retry number `retry` (0 for the first retry).
    public func backoff(beforeRetry retry: Int) -> Double {
        min(maximumDelay, initialDelay * pow(2, Double(retry)))
    }

    /// Seconds to wait before retry number `retry`, given the server's `Retry-After` (if any).
    public func delay(beforeRetry retry: Int, retryAfter: String?, now: Date = Date()) -> Double {
        if let retryAfter, let seconds = Self.seconds(retryAfter: retryAfter, now: now) {
            // The server knows best when it will answer again; never earlier than it says.
            return max(seconds, 0)
        }
        return backoff(beforeRetry: retry)
    }

    /// `Retry-After` as seconds: either delta-seconds or an HTTP date.
    public static func seconds(retryAfter value: String, now: Date) -> Double? {
        let trimmed = value.trimmed
        if let seconds = Double(trimmed), seconds.isFinite { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: trimmed).map { $0.timeIntervalSince(now) }
    }
}
