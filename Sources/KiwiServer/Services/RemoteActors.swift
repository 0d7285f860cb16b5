import Foundation
import Synchronization

/// Other servers' actors, fetched with the server's own signature and kept for a day: every
/// activity that comes in names one, and its key checks the activity's signature.
final class RemoteActors: Sendable {
    /// How long a fetched actor is trusted before it is fetched again.
    static let freshFor: TimeInterval = 86_400
    /// How often an actor is fetched again because its key failed, at most, in a minute: a flood
    /// of bad signatures naming someone's key must not become a flood of fetches from their server.
    static let refetchesAMinute = 3
    static let capacity = 10_000

    private struct Entry {
        var actor: RemoteActor
        var fetched: Date
        /// When it was fetched again because its key failed, in the last minute.
        var refetched: [Date] = []
    }

    private let client: FederationClient
    private let signer: @Sendable () async throws -> FederationClient.Signer
    private let kept = Mutex([String: Entry]())
    /// The actor each handle named, and when: a handle found lately is not asked of WebFinger again
    /// (a reader's profile page, looked at again, asks their server nothing).
    private let named = Mutex([String: (id: String, found: Date)]())

    init(client: FederationClient, signer: @escaping @Sendable () async throws -> FederationClient.Signer) {
        (self.client, self.signer) = (client, signer)
    }

    /// The actor with id `id`; `fresh` fetches it again (a key that no longer verifies may have
    /// been rotated), unless that was done `refetchesAMinute` times in the last minute.
    func actor(_ id: String, fresh: Bool = false, now: Date = Date()) async throws -> RemoteActor {
        let kept = kept.withLock { kept -> RemoteActor? in
            guard var entry = kept[id], now.timeIntervalSince(entry.fetched) < Self.freshFor else { return nil }
            guard fresh else { return entry.actor }
            entry.refetched.removeAll { now.timeIntervalSince($0) >= 60 }
            guard entry.refetched.count >= Self.refetchesAMinute else {
                entry.refetched.append(now)
                kept[id] = entry
                return nil
            }
            return entry.actor
        }
        if let kept { return kept }
        guard let url = URL(string: id) else { throw FederationClient.Failure.notAURL(id) }
        let document = try await client.get(url, signedAs: try await signer())
        guard let actor = RemoteActor(document: document), actor.id == id else {
            throw FederationClient.Failure.unreachable("\(id) is not an actor with a key")
        }
        keep(actor, now: now)
        return actor
    }

    /// The actor a handle names (`alice@bookwyrm.example`), found as Mastodon finds one: the
    /// WebFinger document of `acct:alice@bookwyrm.example` at that host, then the actor its `self`
    /// link names. Plain http is tried after https only where private addresses are allowed (a test
    /// or a LAN has no certificate).
    func actor(named handle: RemoteHandle, now: Date = Date()) async throws -> RemoteActor {
        let known = named.withLock { $0[handle.description].flatMap { now.timeIntervalSince($0.found) < Self.freshFor ? $0.id : nil } }
        if let known { return try await actor(known, now: now) }
        var failure: (any Error)?
        for scheme in client.allowsPrivate ? ["https", "http"] : ["https"] {
            // The host may name a port; a handle holds no character a URL would have to escape.
            guard var asked = URLComponents(string: "\(scheme)://\(handle.host)/.well-known/webfinger") else {
                throw FederationClient.Failure.notAURL(handle.host)
            }
            asked.queryItems = [URLQueryItem(name: "resource", value: "acct:\(handle)")]
            guard let url = asked.url else { throw FederationClient.Failure.notAURL(handle.host) }
            let document: Data
            do {
                document = try await client.get(url, signedAs: try await signer())
            } catch let error as FederationClient.Failure {
                // A server that answered (404: nobody by that name) is not asked again.
                if case .status = error { throw error }
                failure = error
                continue
            }
            guard let found = try? JSONSerialization.jsonObject(with: document) as? [String: Any] else {
                throw FederationClient.Failure.unreachable("\(handle.host) names no actor for \(handle)")
            }
            // A document about someone else (a server that answers every name with one actor)
            // names nobody by that name, as Mastodon reads the `subject` back.
            if let subject = (found["subject"] as? String)?.lowercased(), subject != "acct:\(handle)", subject != handle.description {
                throw FederationClient.Failure.status(404, handle.host)
            }
            guard let links = found["links"] as? [[String: Any]],
                let id = links.first(where: { $0["rel"] as? String == "self" && Self.isActivityJSON($0["type"] as? String) })?["href"] as? String
            else { throw FederationClient.Failure.unreachable("\(handle.host) names no actor for \(handle)") }
            let actor = try await actor(id, now: now)
            named.withLock { named in
                if named.count >= Self.capacity { named.removeAll(keepingCapacity: true) }
                named[handle.description] = (actor.id, now)
            }
            return actor
        }
        throw failure ?? FederationClient.Failure.unreachable("\(handle.host) cannot be reached")
    }

    /// ActivityPub's JSON, under either of its names.
    private static func isActivityJSON(_ type: String?) -> Bool {
        type == "application/activity+json" || type?.hasPrefix("application/ld+json") == true
    }

    /// The actor whose key `keyID` names (`…/users/alice#main-key`).
    func actor(signingWith keyID: String, fresh: Bool = false) async throws -> RemoteActor {
        let actor = try await self.actor(RemoteActor.owner(ofKey: keyID), fresh: fresh)
        guard actor.keyID == keyID else { throw FederationClient.Failure.unreachable("\(actor.id) has no key \(keyID)") }
        return actor
    }

    /// Keeps the actor as an `Update` they signed describes them (a new key, a new inbox).
    func update(_ actor: RemoteActor) { keep(actor, now: Date()) }

    private func keep(_ actor: RemoteActor, now: Date) {
        kept.withLock { kept in
            if kept.count >= Self.capacity { kept.removeAll(keepingCapacity: true) }
            kept[actor.id] = Entry(actor: actor, fetched: now, refetched: kept[actor.id]?.refetched ?? [])
        }
    }
}
