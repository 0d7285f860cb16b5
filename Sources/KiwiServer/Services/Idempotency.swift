import Crypto
import Foundation
import Synchronization

/// Exactly once for the writes that are not idempotent by nature (a post, a comment, a sign-up),
/// as the IETF httpapi draft "The Idempotency-Key HTTP Header Field" and Stripe have it: the
/// answer to a request with a key is kept per account, in the write's own transaction, for at
/// least a day; the same key again gets that answer again (nothing is stored twice, on any
/// server of the community), the same key with another request 422, and a repeat while the
/// first is still being answered 409. Stores keep and fetch; these rules are said here, once.
final class Idempotency: Sendable {
    let store: any AnswerStore
    /// The keys being answered by this server now.
    private let answering = Mutex<Set<String>>([])
    /// When this server last forgot old answers.
    private let lastForgetting = Mutex<Date>(.distantPast)
    /// How long an answer is kept, at least.
    static let keptFor: TimeInterval = 24 * 3600

    init(store: any AnswerStore) {
        self.store = store
    }

    /// A key as the header sends it: 1 to 255 visible ASCII characters (a quoted one unquoted,
    /// as the draft's structured field is); nil for no header.
    static func key(_ header: String?) throws -> String? {
        guard var key = header?.trimmingCharacters(in: .whitespaces) else { return nil }
        if key.count >= 2, key.hasPrefix("\""), key.hasSuffix("\"") { key = String(key.dropFirst().dropLast()) }
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw KiwiProblem.badIdempotencyKey
        }
        return key
    }

    /// A digest of what a request asks, part by part: a retry that re-encodes the same request
    /// (a new multipart boundary) is the same request.
    static func digest(_ parts: String?...) -> String {
        var hash = SHA256()
        for part in parts {
            // Each part with its length, so ("ab", "c") and ("a", "bc") differ, and nil from "".
            let bytes = Data((part ?? "").utf8)
            hash.update(data: Data("\(part == nil ? -1 : bytes.count):".utf8) + bytes)
        }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// Runs `write` once for `account`'s `key`: without a key, simply; with one, the kept answer
    /// if there is one (422 for another request), 409 while this server answers it already, and
    /// otherwise the write, which keeps its answer as it stores.
    func once<Made: Sendable>(
        key: String?,
        account: String,
        request: String,
        answer: @escaping @Sendable (Made) throws -> (status: Int, body: Data),
        write: (AnswerToKeep<Made>?) async throws -> Made
    ) async throws -> (status: Int, body: Data) {
        guard let key else { return try answer(try await write(nil)) }
        if let kept = try await kept(account: account, key: key, request: request) { return kept }
        let running = "\(account)\n\(key)"
        guard answering.withLock({ $0.insert(running).inserted }) else { throw KiwiProblem.stillAnswering }
        defer { _ = answering.withLock { $0.remove(running) } }
        forgetOldAnswers()
        let keep = AnswerToKeep(account: account, key: key, request: request, answer: answer)
        do {
            let made = try await write(keep)
            let kept = try keep.kept(made)
            return (kept.status, kept.body)
        } catch let problem as KiwiProblem where problem == .repeatedRequest || problem == .usernameTaken {
            // Another server answered the same key meanwhile (its write committed first): its answer
            // is this one's. A sign-up whose name is taken by its own first request is answered so too.
            guard let kept = try await kept(account: account, key: key, request: request) else { throw problem }
            return kept
        }
    }

    /// The answer kept under the key; 422 when it answered another request.
    private func kept(account: String, key: String, request: String) async throws -> (status: Int, body: Data)? {
        guard let kept = try await store.keptAnswer(account: account, key: key) else { return nil }
        guard kept.request == request else { throw KiwiProblem.keyReused }
        return (kept.status, kept.body)
    }

    /// Answers older than a day go, at most once an hour and never in a request's way.
    private func forgetOldAnswers(now: Date = Date()) {
        let due = lastForgetting.withLock { last in
            guard now.timeIntervalSince(last) > 3600 else { return false }
            last = now
            return true
        }
        guard due else { return }
        let store = self.store
        Task.detached { try? await store.forgetAnswers(before: now.addingTimeInterval(-Self.keptFor)) }
    }
}
