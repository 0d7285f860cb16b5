import Foundation
import Synchronization

/// Other servers' actors, fetched with the server's own signature and kept for a day: every
/// activity that comes in names one, and its key checks the activity's signature.
final class RemoteActors: Sendable {
    /// How long a fetched actor is trusted before it is fetched again.
    static let freshFor: TimeInterval = 86_400
    static let capacity = 10_000

    private let client: FederationClient
    private let signer: @Sendable () async throws -> FederationClient.Signer
    private let kept = Mutex([String: (actor: RemoteActor, fetched: Date)]())

    init(client: FederationClient, signer: @escaping @Sendable () async throws -> FederationClient.Signer) {
        (self.client, self.signer) = (client, signer)
    }

    /// The actor with id `id`; `fresh` fetches it again whatever is kept (a key that no longer
    /// verifies may have been rotated).
    func actor(_ id: String, fresh: Bool = false, now: Date = Date()) async throws -> RemoteActor {
        if !fresh, let entry = kept.withLock({ $0[id] }), now.timeIntervalSince(entry.fetched) < Self.freshFor { return entry.actor }
        guard let url = URL(string: id) else { throw FederationClient.Failure.notAURL(id) }
        let document = try await client.get(url, signedAs: try await signer())
        guard let actor = RemoteActor(document: document), actor.id == id else {
            throw FederationClient.Failure.unreachable("\(id) is not an actor with a key")
        }
        keep(actor, now: now)
        return actor
    }

    /// The actor whose key `keyID` names (`…/users/alice#main-key`, or a key document of its own
    /// that names its owner).
    func actor(signingWith keyID: String, fresh: Bool = false) async throws -> RemoteActor {
        let actor = try await self.actor(RemoteActor.owner(ofKey: keyID), fresh: fresh)
        guard actor.keyID == keyID else { throw FederationClient.Failure.unreachable("\(actor.id) has no key \(keyID)") }
        return actor
    }

    private func keep(_ actor: RemoteActor, now: Date) {
        kept.withLock { kept in
            if kept.count >= Self.capacity { kept.removeAll(keepingCapacity: true) }
            kept[actor.id] = (actor, now)
        }
    }
}
