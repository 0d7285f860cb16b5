import Foundation
import ServiceLifecycle

/// Sends activities to other servers' inboxes from a queue in the database: whatever asked for a
/// delivery has its answer already, a server that is down is tried again for two days, and a
/// server killed mid-send leaves its claimed deliveries to be taken up again.
final class Deliveries: Service, Sendable {
    /// Deliveries sent at a time by this server, in all and to any one host.
    static let batch = 16
    static let perHost = 4
    /// How long a claimed delivery is this server's: past it (the server died), another sends it.
    static let claimLife: TimeInterval = 120
    /// How long a delivery is tried before it is given up.
    static let patience: TimeInterval = 2 * 86_400
    /// The longest wait between two tries.
    static let longestWait: TimeInterval = 6 * 3600
    /// A host whose every delivery has failed for this long is held: its deliveries, and those
    /// queued for it meanwhile, wait `holdFor` between rounds (Mastodon stops delivering to a
    /// server that fails for a week; deliveries here are given up after two days).
    static let unavailableAfter: TimeInterval = 6 * 3600
    static let holdFor: TimeInterval = 6 * 3600
    /// How often the queue is looked at when nothing nudged it (another server of the community queued).
    static let interval = Duration.seconds(1)
    /// The inbox of a delivery to all of its signer's followers elsewhere: when its turn comes, it
    /// becomes one delivery for each of their inboxes (a server's shared inbox once for all there).
    static let followers = "kiwi:followers"

    private let store: any FederationStore
    private let client: FederationClient
    private let signer: @Sendable (String) async throws -> FederationClient.Signer
    /// The body as sent now (a post's photos at URLs signed now).
    private let prepare: @Sendable (Data, Date) -> Data
    private let nudges: AsyncStream<Void>
    private let nudge: AsyncStream<Void>.Continuation

    init(
        store: any FederationStore,
        client: FederationClient,
        signer: @escaping @Sendable (String) async throws -> FederationClient.Signer,
        prepare: @escaping @Sendable (Data, Date) -> Data = { body, _ in body }
    ) {
        (self.store, self.client, self.signer, self.prepare) = (store, client, signer, prepare)
        (nudges, nudge) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Queues the deliveries and wakes the sender; the caller does not wait for any of them.
    func queue(_ outgoing: [OutgoingDelivery]) async throws {
        guard !outgoing.isEmpty else { return }
        try await store.queue(outgoing)
        nudge.yield()
    }

    func run() async {
        await cancelWhenGracefulShutdown { [self] in
            await withTaskGroup(of: Void.self) { group in
                group.addTask { [self] in
                    while !Task.isCancelled {
                        try? await Task.sleep(for: Self.interval)
                        nudge.yield()
                    }
                }
                group.addTask { [self] in
                    for await _ in nudges {
                        // A full batch may have more behind it.
                        while !Task.isCancelled, await sendDue() == Self.batch {}
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// Sends the deliveries due at `now`, at most a batch of them, the hosts at once and at most
    /// `perHost` to each at a time; how many it claimed.
    @discardableResult
    func sendDue(now: Date = Date()) async -> Int {
        guard let due = try? await store.claimDeliveries(dueBy: now, heldUntil: now + Self.claimLife, limit: Self.batch) else { return 0 }
        await withTaskGroup(of: Void.self) { hosts in
            for (_, deliveries) in Dictionary(grouping: due, by: \.outgoing.host) {
                hosts.addTask { [self] in
                    for start in stride(from: 0, to: deliveries.count, by: Self.perHost) {
                        await withTaskGroup(of: Void.self) { group in
                            for delivery in deliveries[start..<min(start + Self.perHost, deliveries.count)] {
                                group.addTask { [self] in await send(delivery, now: now) }
                            }
                        }
                    }
                }
            }
        }
        return due.count
    }

    private func send(_ delivery: Delivery, now: Date) async {
        let outgoing = delivery.outgoing
        if outgoing.inbox == Self.followers {
            // One transaction: the fan-out is done once, or not at all and claimed again later.
            guard let inboxes = try? await store.remoteFollowerInboxes(of: outgoing.signer) else { return }
            try? await store.fanOut(delivery.id, to: inboxes)
            nudge.yield()
            return
        }
        let outcome: Outcome
        if let inbox = URL(string: outgoing.inbox) {
            do {
                let body = prepare(outgoing.body, now)
                outcome = Self.outcome(ofStatus: try await client.post(body, to: inbox, signedAs: try await signer(outgoing.signer)))
            } catch FederationClient.Failure.privateAddress, FederationClient.Failure.notAURL {
                outcome = .givenUp
            } catch KiwiProblem.noSuchUser {
                // The signer's account was deleted, and its last deliveries with its key.
                outcome = .givenUp
            } catch {
                outcome = .failed
            }
        } else {
            outcome = .givenUp
        }
        if outcome == .failed, now.timeIntervalSince(delivery.queuedAt) < Self.patience {
            let attempts = delivery.attempts + 1
            let due = now + Self.wait(afterAttempts: attempts)
            if let since = try? await store.postponeDelivery(delivery.id, attempts: attempts, due: due, failedAt: now),
                now.timeIntervalSince(since) >= Self.unavailableAfter
            {
                try? await store.holdHost(outgoing.host, until: now + Self.holdFor)
            }
        } else {
            try? await store.finishDelivery(delivery.id, delivered: outcome == .delivered)
        }
    }

    enum Outcome { case delivered, givenUp, failed }

    /// What an inbox's answer means: 2xx taken; a 4xx other than 401, 408 and 429 will not change
    /// by asking again (Mastodon's rule); anything else is tried again.
    static func outcome(ofStatus status: Int) -> Outcome {
        switch status {
        case 200..<300: .delivered
        case 401, 408, 429: .failed
        case 400..<500: .givenUp
        default: .failed
        }
    }

    /// 30 s after the first failure, doubling each time, at most six hours apart.
    static func wait(afterAttempts attempts: Int) -> TimeInterval {
        min(30 * pow(2, Double(min(attempts - 1, 20))), longestWait)
    }
}
