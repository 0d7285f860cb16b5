import Crypto
import Foundation
import KiwiWire

/// What other servers send: activities POSTed to a member's inbox or to the server's shared one,
/// taken in only when their actor signed them. An activity that fails a check changes nothing.
struct Inbox: Sendable {
    let federation: Federation
    let reports: Reports
    let notes: RemoteNotes

    /// One POST to an inbox, as it arrived.
    struct Arrival: Sendable {
        let target: String
        let fields: @Sendable (String) -> String?
        let body: Data
    }

    /// Takes in one activity. `KiwiProblem.badSignature` when its signature does not hold (401).
    func receive(_ arrival: Arrival) async throws {
        let signer: RemoteActor
        do {
            signer = try await verifiedSigner(of: arrival)
        } catch let gone as ActorGone {
            // Their own server says so (a `Delete` of an account is signed by a key that is gone with it).
            try await forget(gone.id)
            return
        }
        // Counted once the signature holds, so that nobody spends another server's allowance.
        try await federation.limits.spend(.activities, account: BlockedServer.host(of: signer.id), address: nil)
        guard let activity = try? JSONSerialization.jsonObject(with: arrival.body) as? [String: Any],
            let type = activity["type"] as? String, let id = activity["id"] as? String
        else { throw KiwiProblem.invalid("the body is not an ActivityPub activity with an id and a type") }
        // Someone may only speak for themselves: the activity's actor is the one who signed it.
        guard Self.id(of: activity["actor"]) == signer.id else {
            throw KiwiProblem.badSignature("the activity's actor is not the one who signed it")
        }
        switch type {
        case "Follow": try await follow(id: id, object: activity["object"], by: signer)
        case "Undo": try await undo(activity["object"], by: signer)
        case "Block": try await block(id: id, object: activity["object"], by: signer)
        case "Flag": try await flag(activity["object"], comment: activity["content"] as? String, by: signer)
        case "Accept", "Reject": try await answer(activity["object"], accepted: type == "Accept", by: signer)
        case "Create": try await notes.created(activity["object"], by: signer)
        case "Like": try await notes.liked(activity["object"], by: signer)
        // Their account is deleted: every follow with them ends, and what was kept of theirs goes.
        case "Delete" where Self.id(of: activity["object"]) == signer.id: try await forget(signer.id)
        case "Delete": try await notes.deleted(activity["object"], by: signer)
        // Their profile changed (a new key): kept as they describe it.
        case "Update" where Self.id(of: activity["object"]) == signer.id:
            if let object = activity["object"] as? [String: Any], let actor = RemoteActor(object: object) { federation.remoteActors.update(actor) }
        case "Update": try await notes.updated(activity["object"], by: signer)
        // Everything else is taken and left, as Mastodon leaves what it does not read.
        default: break
        }
    }

    /// The remote actor who signed the arrival, once their key verifies it. The key is the one
    /// kept, or fetched again when that fails (the actor may have rotated it).
    private func verifiedSigner(of arrival: Arrival) async throws -> RemoteActor {
        let parameters: HTTPSignatures.Parameters
        do {
            parameters = try HTTPSignatures.check(method: "POST", fields: arrival.fields, body: arrival.body)
        } catch {
            throw KiwiProblem.badSignature(error.description)
        }
        // Refused before anything is fetched from it.
        if try await federation.serverBlocks.blocks(parameters.keyID) {
            throw KiwiProblem.serverBlocked(BlockedServer.host(of: parameters.keyID))
        }
        for fresh in [false, true] {
            let signer: RemoteActor
            do {
                signer = try await federation.remoteActors.actor(signingWith: parameters.keyID, fresh: fresh)
            } catch FederationClient.Failure.status(410, _) {
                throw ActorGone(id: RemoteActor.owner(ofKey: parameters.keyID))
            } catch {
                throw KiwiProblem.badSignature("the signer's key cannot be fetched: \(error)")
            }
            do {
                if try HTTPSignatures.verifies(
                    parameters,
                    method: "POST",
                    target: arrival.target,
                    fields: arrival.fields,
                    publicKeyPEM: signer.publicKeyPEM
                ) {
                    return signer
                }
            } catch {
                throw KiwiProblem.badSignature(error.description)
            }
        }
        throw KiwiProblem.badSignature(HTTPSignatures.Refusal.doesNotVerify.description)
    }

    /// A remote reader follows a member: kept, and answered with an `Accept` (members' follows are
    /// open, as on Kiwi itself).
    private func follow(id: String, object: Any?, by follower: RemoteActor) async throws {
        guard let object = Self.id(of: object), let username = federation.username(ofActor: object) else {
            throw KiwiProblem.noSuchUser
        }
        let member = try await federation.visible(username)
        // A reader the member blocks is told no, as Mastodon tells them.
        let refused = try await federation.remoteBlocks.blocks(member.username, follower.id)
        if !refused {
            try await federation.store.keepRemoteFollower(
                RemoteFollower(actor: follower.id, handle: follower.handle, inbox: follower.deliveryInbox, followID: id),
                of: member.username
            )
        }
        let actor = federation.actorID(member.username)
        let answer = refused ? "Reject" : "Accept"
        // Named after the Follow, so a Follow delivered twice is answered under one id.
        let reply = KiwiWire.AboutActivity(
            answer,
            id: "\(actor)#\(answer.lowercased())s/\(SHA256.hash(data: Data(id.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined())",
            actor: actor,
            object: KiwiWire.ActorActivity(id: id, actor: follower.id, object: actor)
        )
        try await federation.deliveries.queue([
            OutgoingDelivery(inbox: follower.inbox, activityID: reply.id, signer: member.username, body: Data(buffer: KiwiJSON.body(reply)))
        ])
    }

    /// A reader elsewhere blocks a member: every follow between them ends, and neither follows the
    /// other until their `Undo`.
    private func block(id: String, object: Any?, by blocker: RemoteActor) async throws {
        guard let object = Self.id(of: object), let username = federation.username(ofActor: object) else {
            throw KiwiProblem.noSuchUser
        }
        try await federation.remoteBlocks.blocked(try await federation.visible(username).username, by: blocker, blockID: id)
    }

    /// Another server's moderators report a member (Mastodon's `Flag` names their actor and the
    /// posts it is about; BookWyrm's too), or a post or a comment alone: a report in the queue, by
    /// the actor who sent it. What names nothing here is refused.
    private func flag(_ object: Any?, comment: String?, by reporter: RemoteActor) async throws {
        let named = ((object as? [Any]) ?? [object as Any]).compactMap(Self.id(of:))
        let members = named.compactMap(federation.username(ofActor:))
        let notes = named.compactMap(federation.note(named:))
        let posts = notes.filter { $0.comment == nil }.map { String($0.post) }
        let subject: KiwiWire.ReportSubject
        if let member = members.first {
            subject = .account(member)
        } else if let comment = notes.lazy.compactMap(\.comment).first {
            subject = .comment(String(comment))
        } else if let post = posts.first {
            subject = .post(post)
        } else {
            throw KiwiProblem.invalid("the Flag names no member, post or comment here")
        }
        _ = try await reports.flagged(subject, posts: posts, comment: comment, by: reporter.handle)
    }

    /// A reader elsewhere whose account is gone: every follow and block with them ends, and what
    /// was kept of theirs goes.
    private func forget(_ actor: String) async throws {
        try await federation.store.forgetRemoteActor(actor)
        try await notes.forget(actor)
    }

    /// `Undo` of a `Follow`, a `Block` or a `Like`, named by its id or given whole: it ends. Named
    /// only by its id, whichever follow or block of theirs has that id ends (a like is named by
    /// what it likes, which only the whole `Like` says).
    private func undo(_ object: Any?, by actor: RemoteActor) async throws {
        let undone = object as? [String: Any]
        let type = undone?["type"] as? String
        if type == "Like" { return try await notes.unliked(undone?["object"], by: actor) }
        let member = (undone?["object"]).flatMap(Self.id(of:)).flatMap(federation.username(ofActor:))
        if type == nil || type == "Follow" {
            _ = try await federation.store.dropRemoteFollower(actor.id, of: member, followID: Self.id(of: object))
        }
        if type == nil || type == "Block" {
            try await federation.remoteBlocks.unblocked(member, by: actor.id, blockID: Self.id(of: object))
        }
    }

    /// A server's answer to a member's `Follow` of one of its readers, naming it by its id or
    /// giving it whole: only the reader followed may answer it.
    private func answer(_ object: Any?, accepted: Bool, by reader: RemoteActor) async throws {
        guard let followID = Self.id(of: object), (object as? [String: Any])?["type"].map({ $0 as? String == "Follow" }) ?? true else { return }
        _ = try await federation.store.settleRemoteFollowing(followID, by: reader.id, accepted: accepted)
    }

    /// The signer's own server answers 410 Gone for them: the account was deleted.
    private struct ActorGone: Error {
        let id: String
    }

    /// An object's id: the string itself, or the `id` of an object given whole.
    static func id(of value: Any?) -> String? {
        (value as? String) ?? ((value as? [String: Any])?["id"] as? String)
    }
}
